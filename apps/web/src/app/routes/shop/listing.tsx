import { useEffect, useMemo } from 'react';
import { Navigate, useSearchParams } from 'react-router-dom';
import { listingHeading, listingPageTitle, storePath } from '@mp/shared/seo';
import { useDocumentTitle } from '../../../lib/use-document-title';
import {
  hasListingParams,
  paramsFromQuery,
  queryFromParams,
  readStoredQuery,
  storeQuery,
} from '../../../features/shop/listing-filters';
import { useBrandLabel } from '../../../features/shop/brands-api';
import { ListingView } from '../../../features/shop/listing-view';
import type { ListingQuery } from '../../../features/shop/products-api';
import { useGetStoreQuery } from '../../../features/store/store-api';

export default function ListingPage() {
  const [params, setParams] = useSearchParams();
  const brandLabel = useBrandLabel();

  // Without any listing parameter in the URL, restore the session's filters and sort.
  const needsRestore = !hasListingParams(params);
  const query = useMemo(
    () => (needsRestore ? readStoredQuery() : queryFromParams(params)),
    [params, needsRestore],
  );
  const key = paramsFromQuery(query).toString();
  useDocumentTitle(listingPageTitle(query.category), { full: true });
  // an older "Sold by" link (?seller=id) goes to the store's own page; the filtered listing stays if it has none
  const store = useGetStoreQuery(query.seller ?? '', { skip: !query.seller });

  useEffect(() => {
    if (needsRestore) {
      setParams(paramsFromQuery(query), { replace: true });
      return;
    }
    storeQuery(query);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per canonical query (key), not per new params object
  }, [key, needsRestore]);

  if (query.seller && store.data) {
    const rest = paramsFromQuery({ ...query, seller: undefined });
    return <Navigate to={`${storePath(store.data.slug)}?${rest.toString()}`} replace />;
  }
  return (
    <div className="mx-auto max-w-7xl px-4 py-6">
      <ListingView
        query={query}
        skip={needsRestore}
        onChange={(q: ListingQuery) => setParams(paramsFromQuery(q))}
        heading={(id) => (
          <h1 id={id} className="text-lg font-bold text-gray-900">
            {listingHeading(query, brandLabel)}
          </h1>
        )}
      />
    </div>
  );
}
