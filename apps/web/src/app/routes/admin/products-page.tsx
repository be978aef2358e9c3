/** Admin products: every product, with the 500px right-side add/edit panel. */
import { useCallback, useEffect } from 'react';
import { fetchAdminProducts, selectAdminConsole } from '../../../features/admin/admin-slice';
import { adminProductEndpoints } from '../../../features/admin/shared/catalog-api';
import { ProductsManager } from '../../../features/admin/shared/products-manager';
import { isLoading } from '../../../features/admin/shared/remote';
import { useAppDispatch, useAppSelector } from '../../hooks';
import { useDocumentTitle } from '../../../lib/use-document-title';

export default function AdminProductsPage() {
  useDocumentTitle('Products – Admin');
  const dispatch = useAppDispatch();
  const products = useAppSelector((s) => selectAdminConsole(s).products);
  const reload = useCallback(() => dispatch(fetchAdminProducts()), [dispatch]);
  useEffect(() => {
    void reload();
  }, [reload]);
  return (
    <ProductsManager
      heading="All Products"
      products={products.data}
      loading={isLoading(products)}
      endpoints={adminProductEndpoints}
      reload={reload}
      panel="drawer"
    />
  );
}
