/**
 * The product listing's body: filters (a side panel, a drawer on phones), sort, the grid with its loading, empty and
 * error states, and pagination. The listing page and the store page (one seller's products) both draw it from a
 * query they own (docs/web.md).
 */
import { useDeferredValue, useState, type ReactNode } from 'react';
import { SORT_OPTIONS } from '@mp/shared/constants';
import { FilterIcon } from '../../components/icons';
import { Button, Drawer, EmptyState, LoadingRegion, LoadFailed } from '../../components/ui';
import { FilterPanel, offersSize } from './filter-panel';
import { ProductGrid } from './product-card';
import { type ListingQuery, useListProductsQuery } from './products-api';
import { SortSelect } from './sort-select';

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

/** The filters on phones: a drawer from the left, closed by its button (`done`) once the shopper has chosen. */
export function FiltersDrawer({
  open,
  onClose,
  done,
  children,
}: {
  open: boolean;
  onClose: () => void;
  done: string;
  children: ReactNode;
}) {
  return (
    <Drawer
      open={open}
      onClose={onClose}
      title="Filters"
      side="left"
      footer={
        <Button className="w-full" onClick={onClose}>
          {done}
        </Button>
      }
    >
      {children}
    </Drawer>
  );
}

export interface ListingViewProps {
  query: ListingQuery;
  onChange: (q: ListingQuery) => void;
  /** the toolbar's heading (an h1 on the listing, an h2 under a store's header) */
  heading: (id: string) => ReactNode;
  /** the listing waits (e.g. while the session's filters are restored) */
  skip?: boolean;
  emptyDescription?: string;
}

export function ListingView({
  query,
  onChange,
  heading,
  skip = false,
  emptyDescription = 'Try removing a filter or choosing another category.',
}: ListingViewProps) {
  const [drawer, setDrawer] = useState(false);
  const listing = useListProductsQuery(query, { skip });
  // a new answer renders in a transition (docs/performance.md); the previous page stays on screen (dimmed) until
  // it is drawn, and a failed load empties the list
  const data = useDeferredValue(listing.data);
  const answer = listing.isError ? undefined : data;
  const list = answer?.data ?? [];
  const pagination = answer?.pagination ?? null;
  const facets = data?.facets ?? null;
  const listLoading = listing.isFetching || data !== listing.data;

  const change = (q: ListingQuery) => {
    // the size filter holds only while every chosen category is clothing or footwear
    onChange(offersSize(q.category) ? q : { ...q, size: [] });
    window.scrollTo({ top: 0 });
  };

  const total = pagination?.total ?? list.length;
  return (
    <>
      <div className="grid gap-6 lg:grid-cols-[250px_1fr]">
        <aside
          aria-label="Filters"
          className="hidden self-start rounded-xl bg-white p-4 shadow-sm lg:sticky lg:top-20 lg:block lg:max-h-[calc(100vh-6rem)] lg:overflow-y-auto"
        >
          <FilterPanel
            value={{ ...query, size: query.size ?? [] }}
            facets={facets}
            onChange={(f) => change({ ...query, ...f, page: 1 })}
          />
        </aside>
        <section aria-labelledby="listing-title" className="min-w-0">
          <div className="mb-4 flex flex-wrap items-center justify-between gap-3 rounded-xl bg-white p-3 shadow-sm">
            <div>
              {heading('listing-title')}
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
              <SortSelect
                value={query.sortBy}
                options={SORT_OPTIONS}
                onChange={(sortBy) => change({ ...query, sortBy, page: 1 })}
              />
            </div>
          </div>
          {/* the cards' titles are h3: this keeps the heading order (h1 → h2 → h3) */}
          <h2 className="sr-only">Products</h2>
          {listing.isError && !listLoading ? (
            <LoadFailed
              title="The products could not be loaded"
              description="Check your connection and try again."
              onRetry={() => void listing.refetch()}
              retryVariant="outline"
            />
          ) : listLoading && list.length === 0 ? (
            <LoadingRegion label="Loading products">
              <ProductGrid products={[]} loading skeletons={8} />
            </LoadingRegion>
          ) : list.length === 0 ? (
            <EmptyState title="No products found" description={emptyDescription} />
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
      <FiltersDrawer open={drawer} onClose={() => setDrawer(false)} done={`Show ${total} products`}>
        <FilterPanel
          value={{ ...query, size: query.size ?? [] }}
          facets={facets}
          onChange={(f) => change({ ...query, ...f, page: 1 })}
        />
      </FiltersDrawer>
    </>
  );
}
