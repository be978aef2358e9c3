import { useSearchParams } from 'react-router-dom';
import { searchPageTitle } from '@mp/shared/seo';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { EmptyState, LoadingRegion } from '../../../components/ui';
import { ProductGrid } from '../../../features/shop/product-card';
import { useSearchProductsQuery } from '../../../features/shop/products-api';
import { searchAction } from '../../../features/shop/use-debounced-search';

export default function SearchPage() {
  const [params] = useSearchParams();
  const keyword = params.get('keyword') ?? '';
  useDocumentTitle(searchPageTitle(keyword), { full: true });
  const action = searchAction(keyword);
  const query = action.kind === 'query' ? action.keyword : null;
  // results of this keyword only (an older search answering late never shows)
  const { currentData, isFetching: searchLoading } = useSearchProductsQuery(query ?? '', { skip: !query });
  const search = (query && currentData) || [];

  return (
    <div className="mx-auto max-w-7xl px-4 py-6">
      <h1 className="mb-1 text-xl font-bold text-gray-900">
        {keyword.trim() ? <>Search results for “{keyword.trim()}”</> : 'Search'}
      </h1>
      <p className="mb-4 text-sm text-gray-600" aria-live="polite">
        {action.kind === 'query'
          ? searchLoading
            ? 'Searching…'
            : `${search.length} ${search.length === 1 ? 'product' : 'products'}`
          : 'Type at least 4 characters to search.'}
      </p>
      {searchLoading && search.length === 0 ? (
        <LoadingRegion label="Searching">
          <ProductGrid products={[]} loading />
        </LoadingRegion>
      ) : search.length === 0 ? (
        <EmptyState title="No products found" description="Check the spelling or try a more general word." />
      ) : (
        <ProductGrid products={search} />
      )}
    </div>
  );
}
