/** The category and brand filters with their facet counts: the listing's sidebar and the search page's. */
import { useId, useMemo } from 'react';
import { CATEGORIES } from '@mp/shared/constants';
import type { ProductFacets } from '@mp/shared';
import { useListedBrands } from './brands-api';
import { SIZE_CHOICES, SIZED_CATEGORIES } from '@mp/shared/variants';
import { toggle } from './listing-filters';

export interface FilterValue {
  category: string[];
  brand: string[];
  /** the listing's size filter (absent: the page offers none) */
  size?: string[];
}

const SIZE_OPTIONS = SIZE_CHOICES.map((s) => ({ id: s, label: s }));

/** A Size filter is offered when every chosen category is clothing or footwear (docs/search-and-listing.md). */
export const offersSize = (categories: string[]) =>
  categories.length > 0 && categories.every((c) => (SIZED_CATEGORIES as readonly string[]).includes(c));

function FacetGroup({
  title,
  options,
  selected,
  counts,
  onToggle,
}: {
  title: string;
  options: readonly { id: string; label: string }[];
  selected: string[];
  counts: Map<string, number> | null;
  onToggle: (id: string) => void;
}) {
  const id = useId();
  return (
    <fieldset className="border-b border-gray-200 pb-4 last:border-0">
      <legend className="mb-2 text-sm font-bold uppercase tracking-wide text-gray-900">{title}</legend>
      <ul className="space-y-1">
        {options.map((o) => {
          const count = counts?.get(o.id);
          return (
            <li key={o.id}>
              <label
                htmlFor={`${id}-${o.id}`}
                className="flex cursor-pointer items-center gap-2 rounded px-1 py-1 text-sm text-gray-800 hover:bg-gray-50"
              >
                <input
                  id={`${id}-${o.id}`}
                  type="checkbox"
                  checked={selected.includes(o.id)}
                  onChange={() => onToggle(o.id)}
                  className="h-4 w-4 rounded border-gray-300 accent-brand-600"
                />
                <span className="flex-1">{o.label}</span>
                {count != null && <span className="text-xs text-gray-500">{count}</span>}
              </label>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}

/**
 * Category and brand checkboxes with counts. `onlyCounted` (search results) lists only the options the facets
 * count, plus the ones selected, so a search for "watch" does not offer 25 brands that hold none.
 */
export function FilterPanel({
  value,
  facets,
  onChange,
  onlyCounted = false,
  note,
}: {
  value: FilterValue;
  facets: ProductFacets | null | undefined;
  onChange: (next: FilterValue) => void;
  onlyCounted?: boolean;
  note?: string;
}) {
  const catCounts = useMemo(
    () => (facets ? new Map(facets.category.map((f) => [f.id, f.count])) : null),
    [facets],
  );
  const brandCounts = useMemo(
    () => (facets ? new Map(facets.brand.map((f) => [f.id, f.count])) : null),
    [facets],
  );
  const shown = <T extends { id: string }>(
    options: readonly T[],
    counts: Map<string, number> | null,
    sel: string[],
  ) => (onlyCounted && counts ? options.filter((o) => counts.has(o.id) || sel.includes(o.id)) : options);
  const categories = shown(CATEGORIES, catCounts, value.category);
  const brands = shown(useListedBrands(), brandCounts, value.brand);
  const group = (
    key: 'category' | 'brand',
    title: string,
    options: readonly { id: string; label: string }[],
    counts: Map<string, number> | null,
  ) =>
    options.length > 0 && (
      <FacetGroup
        title={title}
        options={options}
        selected={value[key]}
        counts={counts}
        onToggle={(v) => onChange({ ...value, [key]: toggle(value[key], v) })}
      />
    );
  return (
    <div className="space-y-4">
      <div className="flex items-center justify-between">
        <h2 className="text-base font-bold text-gray-900">Filters</h2>
        {(value.category.length > 0 || value.brand.length > 0 || (value.size?.length ?? 0) > 0) && (
          <button
            type="button"
            className="text-sm font-medium text-brand-700 hover:underline"
            onClick={() => onChange({ category: [], brand: [], ...(value.size ? { size: [] } : {}) })}
          >
            Clear all
          </button>
        )}
      </div>
      {note && <p className="text-xs text-gray-600">{note}</p>}
      {group('category', 'Category', categories, catCounts)}
      {group('brand', 'Brand', brands, brandCounts)}
      {value.size && offersSize(value.category) && (
        <FacetGroup
          title="Size"
          options={SIZE_OPTIONS}
          selected={value.size}
          counts={null}
          onToggle={(v) => onChange({ ...value, size: toggle(value.size ?? [], v) })}
        />
      )}
    </div>
  );
}
