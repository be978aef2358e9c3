/** Live product counts per (category, brand), and what a listing or a search page makes of them. */
import type { FacetCount } from '@mp/shared';

/** Live products per (category, brand) pair. */
export type FacetCell = { category: string; brand: string; n: number };

export interface CellCounts {
  /** products both filters keep */
  total: number;
  /** products in all the cells */
  all: number;
  /** each facet's counts under the other facet's filter only (a facet's own choice never narrows its list) */
  category: FacetCount[];
  brand: FacetCount[];
}

/** localeCompare's order, without making a collator per comparison */
const byName = new Intl.Collator().compare;

/** One pass over the cells: the total under both filters, and both facets. */
export function countCells(
  cells: readonly FacetCell[],
  categories: readonly string[],
  brands: readonly string[],
): CellCounts {
  const inCategories = new Set(categories);
  const inBrands = new Set(brands);
  const byCategory = new Map<string, number>();
  const byBrand = new Map<string, number>();
  let total = 0;
  let all = 0;
  for (const c of cells) {
    const categoryKept = !inCategories.size || inCategories.has(c.category);
    const brandKept = !inBrands.size || inBrands.has(c.brand);
    all += c.n;
    if (brandKept) byCategory.set(c.category, (byCategory.get(c.category) ?? 0) + c.n);
    if (categoryKept) byBrand.set(c.brand, (byBrand.get(c.brand) ?? 0) + c.n);
    if (categoryKept && brandKept) total += c.n;
  }
  const facet = (counts: Map<string, number>): FacetCount[] =>
    [...counts].map(([id, count]) => ({ id, count })).sort((a, b) => byName(a.id, b.id));
  return { total, all, category: facet(byCategory), brand: facet(byBrand) };
}
