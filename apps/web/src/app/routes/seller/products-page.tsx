/** Seller products: the seller's own catalogue, searched, filtered and paged, with the add/edit popup. */
import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useSellerProductEndpoints } from '../../../features/console/catalog-api';
import {
  readConsoleFilters,
  useConsoleProductsQuery,
  writeConsoleFilters,
  type ConsoleProductFilters,
} from '../../../features/console/console-products-api';
import { Pager, ProductFilters } from '../../../features/console/product-filters';
import { ProductsManager } from '../../../features/console/products-manager';
import { useAppSelector } from '../../hooks';
import { useDocumentTitle } from '../../../lib/use-document-title';

export default function SellerProductsPage() {
  useDocumentTitle('Products – Seller');
  const sellerId = useAppSelector((s) => s.auth.seller?._id);
  const endpoints = useSellerProductEndpoints(sellerId ?? '');
  const [params, setParams] = useSearchParams();
  const filters = readConsoleFilters(params);
  const list = useConsoleProductsQuery(
    { scope: 'seller', ownerId: sellerId ?? '', ...filters, sellerId: '' },
    { skip: !sellerId, refetchOnMountOrArgChange: true },
  );
  const setFilters = useCallback(
    (f: ConsoleProductFilters) => setParams(writeConsoleFilters(f), { replace: true }),
    [setParams],
  );
  return (
    <ProductsManager
      heading="My Products"
      products={list.data?.data ?? []}
      total={list.data?.pagination.total}
      loading={!list.data && (list.isFetching || !sellerId)}
      endpoints={endpoints}
      panel="modal"
      fixedAddButton
      toolbar={<ProductFilters value={filters} onChange={setFilters} />}
      footer={
        list.data && (
          <Pager pagination={list.data.pagination} onPage={(page) => setFilters({ ...filters, page })} />
        )
      }
    />
  );
}
