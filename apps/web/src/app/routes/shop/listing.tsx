import { useEffect, useId, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { BRANDS, CATEGORIES, SORT_OPTIONS } from '@mp/shared/constants';
import type { ProductFacets } from '@mp/shared';
import { listingPageTitle } from '@mp/shared/seo';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { FilterIcon } from '../../../components/icons';
import { Button, Drawer, EmptyState, LoadingRegion } from '../../../components/ui';
import {
  hasListingParams,
  listingHeading,
  paramsFromQuery,
  queryFromParams,
  readStoredQuery,
  storeQuery,
  toggle,
} from '../../../features/shop/listing-filters';
import { ProductGrid } from '../../../features/shop/product-card';
import { type ListingQuery, useListProductsQuery } from '../../../features/shop/products-api';

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

function Filters({
  query,
  facets,
  onChange,
}: {
  query: ListingQuery;
  facets: ProductFacets | null;
  onChange: (q: ListingQuery) => void;
}) {
  const catCounts = useMemo(
    () => (facets ? new Map(facets.category.map((f) => [f.id, f.count])) : null),
    [facets],
  );
  const brandCounts = useMemo(
    () => (facets ? new Map(facets.brand.map((f) => [f.id, f.count])) : null),
    [facets],
  );
  return (
    <div className="space-y-4">
      <div className="flex items-center justify-between">
        <h2 className="text-base font-bold text-gray-900">Filters</h2>
        {(query.category.length > 0 || query.brand.length > 0) && (
          <button
            type="button"
            className="text-sm font-medium text-brand-700 hover:underline"
            onClick={() => onChange({ ...query, category: [], brand: [], page: 1 })}
          >
            Clear all
          </button>
        )}
      </div>
      <FacetGroup
        title="Category"
        options={CATEGORIES}
        selected={query.category}
        counts={catCounts}
        onToggle={(v) => onChange({ ...query, category: toggle(query.category, v), page: 1 })}
      />
      <FacetGroup
        title="Brand"
        options={BRANDS}
        selected={query.brand}
        counts={brandCounts}
        onToggle={(v) => onChange({ ...query, brand: toggle(query.brand, v), page: 1 })}
      />
    </div>
  );
}

function PaginationNav({
  page,
  pages,
  onPage,
}: {
  page: number;
  pages: number;
  onPage: (p: number) => void;
}) {
  if (pages <= 1) return null;
  const nums = Array.from({ length: pages }, (_, i) => i + 1).filter(
    (p) => p === 1 || p === pages || Math.abs(p - page) <= 1,
  );
  return (
    <nav aria-label="Pagination" className="mt-8 flex flex-wrap items-center justify-center gap-1">
      <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </Button>
      {nums.map((p, i) => (
        <span key={p} className="flex items-center">
          {i > 0 && nums[i - 1]! < p - 1 && <span className="px-1 text-gray-500">…</span>}
          <Button
            variant={p === page ? 'primary' : 'ghost'}
            size="sm"
            aria-current={p === page ? 'page' : undefined}
            aria-label={`Page ${p}`}
            onClick={() => onPage(p)}
          >
            {p}
          </Button>
        </span>
      ))}
      <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Next
      </Button>
    </nav>
  );
}

export default function ListingPage() {
  const [params, setParams] = useSearchParams();
  const [drawer, setDrawer] = useState(false);
  const sortId = useId();

  // Without any listing parameter in the URL, restore the session's filters and sort.
  const needsRestore = !hasListingParams(params);
  const query = useMemo(
    () => (needsRestore ? readStoredQuery() : queryFromParams(params)),
    [params, needsRestore],
  );
  const key = paramsFromQuery(query).toString();
  useDocumentTitle(listingPageTitle(query.category), { full: true });
  const listing = useListProductsQuery(query, { skip: needsRestore });
  // the previous page stays on screen (dimmed) while the next one loads; a failed load empties the list
  const answer = listing.isError ? undefined : listing.data;
  const list = answer?.data ?? [];
  const pagination = answer?.pagination ?? null;
  const facets = listing.data?.facets ?? null;
  const listLoading = listing.isFetching;

  useEffect(() => {
    if (needsRestore) {
      setParams(paramsFromQuery(query), { replace: true });
      return;
    }
    storeQuery(query);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, needsRestore]);

  const change = (q: ListingQuery) => {
    setParams(paramsFromQuery(q));
    window.scrollTo({ top: 0 });
  };

  const total = pagination?.total ?? list.length;
  return (
    <div className="mx-auto max-w-7xl px-4 py-6">
      <div className="grid gap-6 lg:grid-cols-[250px_1fr]">
        <aside
          aria-label="Filters"
          className="hidden self-start rounded-xl bg-white p-4 shadow-sm lg:sticky lg:top-20 lg:block lg:max-h-[calc(100vh-6rem)] lg:overflow-y-auto"
        >
          <Filters query={query} facets={facets} onChange={change} />
        </aside>
        <section aria-labelledby="listing-title" className="min-w-0">
          <div className="mb-4 flex flex-wrap items-center justify-between gap-3 rounded-xl bg-white p-3 shadow-sm">
            <div>
              <h1 id="listing-title" className="text-lg font-bold text-gray-900">
                {listingHeading(query)}
              </h1>
              <p className="text-sm text-gray-600" aria-live="polite">
                {listLoading ? 'Loading…' : `${total} ${total === 1 ? 'product' : 'products'}`}
              </p>
            </div>
            <div className="flex items-center gap-2">
              <Button variant="outline" size="sm" className="lg:hidden" onClick={() => setDrawer(true)}>
                <FilterIcon width={16} height={16} /> Filters
                {query.category.length + query.brand.length > 0 &&
                  ` (${query.category.length + query.brand.length})`}
              </Button>
              <label htmlFor={sortId} className="text-sm font-medium text-gray-700">
                Sort by
              </label>
              <select
                id={sortId}
                value={query.sortBy}
                onChange={(e) => change({ ...query, sortBy: e.target.value, page: 1 })}
                className="h-9 rounded-md border border-gray-300 bg-white px-2 text-sm focus:outline-none focus:ring-2 focus:ring-brand-500/30"
              >
                {SORT_OPTIONS.map((o) => (
                  <option key={o.id} value={o.id}>
                    {o.label}
                  </option>
                ))}
              </select>
            </div>
          </div>
          {listLoading && list.length === 0 ? (
            <LoadingRegion label="Loading products">
              <ProductGrid products={[]} loading skeletons={8} />
            </LoadingRegion>
          ) : list.length === 0 ? (
            <EmptyState
              title="No products found"
              description="Try removing a filter or choosing another category."
            />
          ) : (
            <div
              className={listLoading ? 'opacity-60 transition-opacity' : undefined}
              aria-busy={listLoading}
            >
              <ProductGrid products={list} />
            </div>
          )}
          {pagination && (
            <PaginationNav
              page={pagination.page}
              pages={pagination.pages}
              onPage={(p) => change({ ...query, page: p })}
            />
          )}
        </section>
      </div>
      <Drawer
        open={drawer}
        onClose={() => setDrawer(false)}
        title="Filters"
        side="left"
        footer={
          <Button className="w-full" onClick={() => setDrawer(false)}>
            Show {total} products
          </Button>
        }
      >
        <Filters query={query} facets={facets} onChange={change} />
      </Drawer>
    </div>
  );
}
