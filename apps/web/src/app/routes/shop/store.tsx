/**
 * A store page, /shop/store/{slug} (docs/seo-and-email.md, "Store pages"): the store's header, then its products
 * through the listing's own view (filters, sort, pages), with the seller fixed. The URL holds the filters.
 */
import { useMemo } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { storePageTitle } from '@mp/shared/seo';
import { buttonClass, Button, EmptyState } from '../../../components/ui';
import type { ApiError } from '../../../lib/api';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { paramsFromQuery, queryFromParams } from '../../../features/shop/listing-filters';
import { ListingView } from '../../../features/shop/listing-view';
import { StoreHeader, StoreHeaderSkeleton } from '../../../features/store/store-header';
import { useGetStoreQuery } from '../../../features/store/store-api';

export default function StorePage() {
  const { slug = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const store = useGetStoreQuery(slug);
  const query = useMemo(() => {
    const q = queryFromParams(params);
    return store.data ? { ...q, seller: store.data._id } : q;
  }, [params, store.data]);
  useDocumentTitle(store.data ? storePageTitle(store.data) : 'Store', { full: !!store.data });

  if (store.isError) {
    // an unknown, closed or malformed address; anything else may pass on a retry
    const code = (store.error as ApiError).code;
    const missing = code === 'STORE_NOT_FOUND' || code === 'VALIDATION_FAILED';
    return (
      <div className="mx-auto max-w-7xl px-4 py-10">
        <EmptyState
          title={missing ? 'This store does not exist' : 'The store could not be loaded'}
          description={
            missing
              ? 'It may have closed, or the link may be mistyped.'
              : 'Check your connection and try again.'
          }
          action={
            missing ? (
              <Link to="/shop/listing" className={buttonClass('outline')}>
                Browse all products
              </Link>
            ) : (
              <Button variant="outline" onClick={() => void store.refetch()}>
                Try again
              </Button>
            )
          }
        />
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-7xl px-4 py-6">
      {store.data ? <StoreHeader store={store.data} /> : <StoreHeaderSkeleton />}
      {store.data && (
        <ListingView
          query={query}
          onChange={(q) => setParams(paramsFromQuery({ ...q, seller: undefined }))}
          heading={(id) => (
            <h2 id={id} className="text-lg font-bold text-gray-900">
              Products from {store.data!.storeName}
            </h2>
          )}
          emptyDescription={
            query.category.length + query.brand.length > 0
              ? 'Try removing a filter.'
              : 'This store has no products for sale right now.'
          }
        />
      )}
    </div>
  );
}
