/** Seller products: the seller's own catalogue, with the add/edit popup. */
import { useSellerProductEndpoints, useSellerProductsQuery } from '../../../features/admin/shared/catalog-api';
import { ProductsManager } from '../../../features/admin/shared/products-manager';
import { isLoading, remoteOf } from '../../../features/admin/shared/remote';
import { useAppSelector } from '../../hooks';
import { useDocumentTitle } from '../../../lib/use-document-title';

export default function SellerProductsPage() {
  useDocumentTitle('Products – Seller');
  const sellerId = useAppSelector((s) => s.auth.seller?._id);
  const products = remoteOf(
    useSellerProductsQuery(sellerId ?? '', { skip: !sellerId, refetchOnMountOrArgChange: true }),
    [],
  );
  const endpoints = useSellerProductEndpoints(sellerId ?? '');
  return (
    <ProductsManager
      heading="My Products"
      products={products.data}
      loading={isLoading(products)}
      endpoints={endpoints}
      panel="modal"
      fixedAddButton
    />
  );
}
