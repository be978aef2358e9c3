/** Admin products: every product, searched, filtered and paged on the server, with the 500px right-side panel. */
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useSellersQuery } from '../../../features/admin/admin-api';
import { useAdminProductEndpoints } from '../../../features/console/catalog-api';
import {
  readConsoleFilters,
  useConsoleProductsQuery,
  writeConsoleFilters,
  type ConsoleProductFilters,
} from '../../../features/console/console-products-api';
import { Pager, ProductFilters } from '../../../features/console/product-filters';
import { ProductsManager } from '../../../features/console/products-manager';
import { useDocumentTitle } from '../../../lib/use-document-title';

export default function AdminProductsPage() {
  useDocumentTitle('Products – Admin');
  const [params, setParams] = useSearchParams();
  const filters = readConsoleFilters(params);
  // writes invalidate the list's tag, so it is asked again after every add, edit and delete
  const list = useConsoleProductsQuery({ scope: 'admin', ...filters }, { refetchOnMountOrArgChange: true });
  const endpoints = useAdminProductEndpoints();
  const sellers = useSellersQuery();
  const stores = useMemo(
    () =>
      (sellers.data ?? [])
        .filter((s) => s.approvalstatus === 'approved')
        .map((s) => ({ value: s._id, label: s.storename })),
    [sellers.data],
  );
  const setFilters = useCallback(
    (f: ConsoleProductFilters) => setParams(writeConsoleFilters(f), { replace: true }),
    [setParams],
  );
  return (
    <ProductsManager
      heading="All Products"
      products={list.data?.data ?? []}
      total={list.data?.pagination.total}
      loading={list.isFetching && !list.data}
      endpoints={endpoints}
      panel="drawer"
      toolbar={<ProductFilters value={filters} onChange={setFilters} stores={stores} />}
      footer={
        list.data && (
          <Pager pagination={list.data.pagination} onPage={(page) => setFilters({ ...filters, page })} />
        )
      }
    />
  );
}
