import { CATEGORIES } from '@mp/shared';
import type { FacetCell } from './facet-counts';
import type { SearchPage, Suggestions } from '../search-provider';

/** How many of each kind the header search box suggests. */
const SUGGEST_LIMITS = { products: 5, brands: 3, categories: 3 } as const;
/** A name or word reduced to its letters and digits, lower case ("Levi's" → "levis", "H&M" → "hm"). */
const squash = (s: string) => s.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');

type Option = { id: string; label: string };

/** The options named by one of the words (or held by the suggested products), live ones only, at most `max`. */
function pick(
  words: string[],
  options: readonly Option[],
  live: Set<string>,
  ofProducts: string[],
  max: number,
) {
  const named = (o: Option) => {
    const names = [squash(o.id), squash(o.label), ...o.label.toLowerCase().split(/\s+/).map(squash)];
    return words.some((w) => names.some((n) => n.startsWith(w) && (w.length >= 2 || n === w)));
  };
  const byId = new Map(options.map((o) => [o.id, o]));
  const ids = [...options.filter(named).map((o) => o.id), ...ofProducts].filter(
    (id) => live.has(id) && byId.has(id),
  );
  return [...new Set(ids)].slice(0, max).map((id) => ({ id, label: byId.get(id)!.label }));
}

/**
 * What the header search box offers for the text typed so far (docs/search-and-listing.md): the best few
 * products of the same bounded search, and the brands and categories whose name starts with one of the words,
 * then those of the suggested products. Only brands and categories that hold live products are offered.
 */
export async function suggest(
  q: string,
  reads: {
    search: (keyword: string, opts: { page: number; limit: number }) => Promise<SearchPage>;
    cells: () => Promise<FacetCell[]>;
    /** the active brands (the brands table): hidden and pending ones are never suggested */
    brands: () => Promise<readonly Option[]>;
  },
): Promise<Suggestions> {
  const words = (q.toLowerCase().match(/[\p{L}\p{N}&']+/gu) ?? []).map(squash).filter(Boolean);
  const [found, cells, brands] = await Promise.all([
    reads.search(q, { page: 1, limit: SUGGEST_LIMITS.products }),
    reads.cells(),
    reads.brands(),
  ]);
  const products = found.data;
  const offer = (options: readonly Option[], key: 'brand' | 'category', max: number) =>
    pick(
      words,
      options,
      new Set(cells.map((c) => c[key])),
      products.map((p) => p[key]),
      max,
    );
  const data = {
    products: products.map(({ _id, title, image, category, brand }) => ({
      _id,
      title,
      image,
      category,
      brand,
    })),
    brands: offer(brands, 'brand', SUGGEST_LIMITS.brands),
    categories: offer(CATEGORIES, 'category', SUGGEST_LIMITS.categories),
  };
  return { data, shown: products };
}
