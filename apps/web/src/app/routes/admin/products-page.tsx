/** Admin products: every product, with the 500px right-side add/edit panel. */
import { useAdminProductEndpoints, useAdminProductsQuery } from '../../../features/admin/shared/catalog-api';
import { ProductsManager } from '../../../features/admin/shared/products-manager';
import { isLoading, remoteOf } from '../../../features/admin/shared/remote';
import { useDocumentTitle } from '../../../lib/use-document-title';

export default function AdminProductsPage() {
  useDocumentTitle('Products – Admin');
  const products = remoteOf(useAdminProductsQuery(undefined, { refetchOnMountOrArgChange: true }), []);
  const endpoints = useAdminProductEndpoints();
  return (
    <ProductsManager
      heading="All Products"
      products={products.data}
      loading={isLoading(products)}
      endpoints={endpoints}
      panel="drawer"
    />
  );
}
