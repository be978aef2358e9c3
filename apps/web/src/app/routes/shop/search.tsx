import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { CATEGORY_ALIASES, categoryLabel, DEFAULT_SORT, SORT_OPTIONS } from '@mp/shared/constants';
import { searchPageTitle } from '@mp/shared/seo';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { FilterIcon } from '../../../components/icons';
import { Button, buttonClass, EmptyState, LoadingRegion } from '../../../components/ui';
import { useBrandLabel } from '../../../features/shop/brands-api';
import { FiltersDrawer } from '../../../features/shop/listing-view';
import { FilterPanel, offersSize, type FilterValue } from '../../../features/shop/filter-panel';
import { listingHeading } from '@mp/shared/seo';
import { ProductGrid } from '../../../features/shop/product-card';
import { useListProductsQuery } from '../../../features/shop/products-api';
import { useShopSearchQuery } from '../../../features/shop/search-api';
import { searchAction } from '../../../features/shop/use-debounced-search';
import { SortSelect } from '../../../features/shop/sort-select';

const PAGE_SIZE = 24;
const SORTS = [{ id: 'relevance', label: 'Relevance' }, ...SORT_OPTIONS] as const;
const list = (v: string | null) =>
  (v ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/** When a search finds nothing: the categories holding the most products, as links (docs/search-and-listing.md). */
function PopularCategories() {
  const { data } = useListProductsQuery({ category: [], brand: [], sortBy: DEFAULT_SORT, page: 1 });
  const popular = [...(data?.facets?.category ?? [])]
    .filter((c) => c.count > 0)
    .sort((a, b) => b.count - a.count)
    .slice(0, 5);
  if (!popular.length) return null;
  return (
    <nav aria-label="Popular categories">
      <p className="mb-2 text-sm font-medium text-gray-700">Popular categories</p>
      <ul className="flex flex-wrap justify-center gap-2">
        {popular.map((c) => (
          <li key={c.id}>
            <Link
              to={`/shop/listing?category=${encodeURIComponent(c.id)}`}
              className={buttonClass('outline', 'sm')}
            >
              {categoryLabel(c.id)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The search page's state lives in the URL: keyword, category, brand, size, sortBy, page. */
function readParams(p: URLSearchParams) {
  const sort = p.get('sortBy') ?? 'relevance';
  const page = Number(p.get('page'));
  return {
    keyword: p.get('keyword') ?? '',
    category: list(p.get('category')).map((c) => CATEGORY_ALIASES[c] ?? c),
    brand: list(p.get('brand')),
    size: list(p.get('size')),
    sortBy: SORTS.some((s) => s.id === sort) ? sort : 'relevance',
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
}

export default function SearchPage() {
  const [params, setParams] = useSearchParams();
  const brandLabel = useBrandLabel();
  const q = readParams(params);
  useDocumentTitle(searchPageTitle(q.keyword), { full: true });
  const [drawer, setDrawer] = useState(false);
  const action = searchAction(q.keyword);
  const keyword = action.kind === 'query' ? action.keyword : null;
  const { data, isFetching, isError } = useShopSearchQuery(
    {
      keyword: keyword ?? '',
      category: q.category,
      brand: q.brand,
      size: q.size,
      sortBy: q.sortBy,
      page: q.page,
      limit: PAGE_SIZE,
    },
    { skip: !keyword },
  );
  const results = keyword ? (data?.data ?? []) : [];
  const loading = Boolean(keyword) && isFetching;

  const update = (next: Partial<Omit<ReturnType<typeof readParams>, 'keyword'>>) => {
    const merged = { ...q, page: 1, ...next };
    const p = new URLSearchParams({ keyword: q.keyword });
    if (merged.category.length) p.set('category', merged.category.join(','));
    if (merged.brand.length) p.set('brand', merged.brand.join(','));
    if (merged.size.length) p.set('size', merged.size.join(','));
    if (merged.sortBy !== 'relevance') p.set('sortBy', merged.sortBy);
    if (merged.page > 1) p.set('page', String(merged.page));
    setParams(p);
    window.scrollTo({ top: 0 });
  };
  // the Size filter, as the listing's: offered, and kept, while every chosen category is clothing or footwear
  const filters = (f: FilterValue) =>
    update({ category: f.category, brand: f.brand, size: offersSize(f.category) ? (f.size ?? []) : [] });
  const filterCount = q.category.length + q.brand.length + q.size.length;
  const note = data?.facets?.capped
    ? 'Counts are of the best matches; refine the words to see more.'
    : undefined;
  const panel = <FilterPanel value={q} facets={data?.facets} onChange={filters} onlyCounted note={note} />;

  return (
    <div className="mx-auto max-w-7xl px-4 py-6">
      <div className="grid gap-6 lg:grid-cols-[250px_1fr]">
        <aside
          aria-label="Filters"
          className="hidden self-start rounded-xl bg-white p-4 shadow-sm lg:sticky lg:top-20 lg:block lg:max-h-[calc(100vh-6rem)] lg:overflow-y-auto"
        >
          {panel}
        </aside>
        <section aria-labelledby="search-title" className="min-w-0">
          <div className="mb-4 flex flex-wrap items-center justify-between gap-3 rounded-xl bg-white p-3 shadow-sm">
            <div>
              <h1 id="search-title" className="text-lg font-bold text-gray-900">
                {q.keyword.trim() ? <>Search results for “{q.keyword.trim()}”</> : 'Search'}
                {filterCount > 0 && <span className="font-normal"> in {listingHeading(q, brandLabel)}</span>}
              </h1>
              <p className="text-sm text-gray-600" aria-live="polite">
                {action.kind !== 'query'
                  ? 'Type at least 4 characters to search.'
                  : loading
                    ? 'Searching…'
                    : `${results.length} ${results.length === 1 ? 'product' : 'products'}${q.page > 1 ? ` on page ${q.page}` : ''}`}
              </p>
            </div>
            {keyword && (
              <div className="flex items-center gap-2">
                <Button variant="outline" size="sm" className="lg:hidden" onClick={() => setDrawer(true)}>
                  <FilterIcon width={16} height={16} /> Filters
                  {filterCount > 0 && ` (${filterCount})`}
                </Button>
                <SortSelect value={q.sortBy} options={SORTS} onChange={(sortBy) => update({ sortBy })} />
              </div>
            )}
          </div>
          {/* the cards' titles are h3: this keeps the heading order (h1 → h2 → h3) */}
          <h2 className="sr-only">Results</h2>
          {loading && results.length === 0 ? (
            <LoadingRegion label="Searching">
              <ProductGrid products={[]} loading />
            </LoadingRegion>
          ) : isError ? (
            <EmptyState title="Search failed" description="Please try again in a moment." />
          ) : results.length === 0 ? (
            <EmptyState
              title="No products found"
              description={
                filterCount ? 'Try removing a filter.' : 'Check the spelling or try a more general word.'
              }
              action={keyword ? <PopularCategories /> : undefined}
            />
          ) : (
            <div className={loading ? 'opacity-60 transition-opacity' : undefined} aria-busy={loading}>
              <ProductGrid products={results} />
            </div>
          )}
          {keyword && (q.page > 1 || results.length === PAGE_SIZE) && (
            <nav aria-label="Pagination" className="mt-8 flex items-center justify-center gap-2">
              <Button
                variant="outline"
                size="sm"
                disabled={q.page <= 1}
                onClick={() => update({ page: q.page - 1 })}
              >
                Previous
              </Button>
              <span className="text-sm text-gray-700">Page {q.page}</span>
              <Button
                variant="outline"
                size="sm"
                disabled={results.length < PAGE_SIZE}
                onClick={() => update({ page: q.page + 1 })}
              >
                Next
              </Button>
            </nav>
          )}
        </section>
      </div>
      <FiltersDrawer open={drawer} onClose={() => setDrawer(false)} done="Show results">
        {panel}
      </FiltersDrawer>
    </div>
  );
}
