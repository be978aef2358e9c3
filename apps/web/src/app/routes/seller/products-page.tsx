/** Seller products: the seller's own catalogue, with the add/edit popup. */
import { useCallback, useEffect, useMemo } from 'react';
import { sellerProductEndpoints } from '../../../features/admin/shared/catalog-api';
import { ProductsManager } from '../../../features/admin/shared/products-manager';
import { isLoading } from '../../../features/admin/shared/remote';
import { fetchSellerProducts, selectSellerConsole } from '../../../features/seller/seller-slice';
import { useAppDispatch, useAppSelector } from '../../hooks';
import { useDocumentTitle } from '../../../lib/use-document-title';

export default function SellerProductsPage() {
  useDocumentTitle('Products – Seller');
  const dispatch = useAppDispatch();
  const sellerId = useAppSelector((s) => s.auth.seller?._id);
  const products = useAppSelector((s) => selectSellerConsole(s).products);
  const endpoints = useMemo(() => sellerProductEndpoints(sellerId ?? ''), [sellerId]);
  const reload = useCallback(() => sellerId && dispatch(fetchSellerProducts(sellerId)), [dispatch, sellerId]);

  useEffect(() => {
    void reload();
  }, [reload]);

  return (
    <ProductsManager
      heading="My Products"
      products={products.data}
      loading={isLoading(products)}
      endpoints={endpoints}
      reload={reload}
      panel="modal"
      fixedAddButton
    />
  );
}
