/** The seller's 'Order History' table (also reused nowhere else: the shop has its own). */
import { formatINR, type SellerOrderDto } from '@mp/shared';
import {
  Button,
  EmptyState,
  LoadingRegion,
  ProductImage,
  Skeleton,
  StatusBadge,
} from '../../../components/ui';
import { ReceiptIcon } from '../../admin/shared/icons';
import { formatDate } from '../../../lib/format';

export interface OrdersTableProps {
  orders: SellerOrderDto[];
  loading: boolean;
  onView: (order: SellerOrderDto) => void;
}

export function OrdersTable({ orders, loading, onView }: OrdersTableProps) {
  if (loading && orders.length === 0) {
    return (
      <LoadingRegion
        label="Loading orders…"
        className="space-y-3 rounded-xl border border-gray-200 bg-white p-4"
      >
        {Array.from({ length: 5 }, (_, i) => (
          <div key={i} className="flex items-center gap-4">
            <Skeleton className="h-12 w-12" />
            <Skeleton className="h-4 flex-1" />
            <Skeleton className="h-4 w-20" />
          </div>
        ))}
      </LoadingRegion>
    );
  }
  if (orders.length === 0)
    return <EmptyState icon={<ReceiptIcon className="h-10 w-10" />} title="No orders found." />;
  return (
    <>
      <ul className="flex flex-col gap-3 md:hidden" aria-label="Orders">
        {orders.map((o) => {
          const first = o.cartItems[0];
          return (
            <li key={o._id} className="flex gap-3 rounded-xl border border-gray-200 bg-white p-4 shadow-sm">
              <ProductImage
                src={first?.image}
                alt={first?.title ?? 'Order item'}
                width={64}
                height={64}
                className="h-16 w-16 rounded-md"
              />
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-semibold text-gray-900">{first?.title}</p>
                <p className="text-xs text-gray-600">{formatDate(o.orderDate ?? o.createdAt)}</p>
                <div className="mt-1 flex items-center justify-between gap-2">
                  <StatusBadge status={o.orderStatus} />
                  <span className="text-sm font-semibold text-gray-900">{formatINR(o.totalAmount)}</span>
                </div>
                <Button variant="outline" size="sm" className="mt-3 w-full" onClick={() => onView(o)}>
                  View Detail
                </Button>
              </div>
            </li>
          );
        })}
      </ul>
      <div className="hidden overflow-x-auto rounded-xl border border-gray-200 bg-white shadow-sm md:block">
        <table className="w-full min-w-[640px] text-left text-sm">
          <thead className="bg-gray-50 text-xs uppercase tracking-wide text-gray-600">
            <tr>
              <th scope="col" className="px-4 py-3">
                Product
              </th>
              <th scope="col" className="px-4 py-3">
                Order Date
              </th>
              <th scope="col" className="px-4 py-3">
                Status
              </th>
              <th scope="col" className="px-4 py-3">
                Price
              </th>
              <th scope="col" className="px-4 py-3">
                Details
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-100">
            {orders.map((o) => {
              const first = o.cartItems[0];
              return (
                <tr key={o._id} className="hover:bg-gray-50">
                  <td className="px-4 py-3">
                    <div className="flex items-center gap-3">
                      <ProductImage
                        src={first?.image}
                        alt={first?.title ?? 'Order item'}
                        width={48}
                        height={48}
                        className="h-12 w-12 rounded-md"
                      />
                      <div className="min-w-0">
                        <p className="max-w-[16rem] truncate font-medium text-gray-900">{first?.title}</p>
                        {o.cartItems.length > 1 && (
                          <p className="text-xs text-gray-500">+{o.cartItems.length - 1} more</p>
                        )}
                      </div>
                    </div>
                  </td>
                  <td className="whitespace-nowrap px-4 py-3 text-gray-700">
                    {formatDate(o.orderDate ?? o.createdAt)}
                  </td>
                  <td className="px-4 py-3">
                    <StatusBadge status={o.orderStatus} />
                  </td>
                  <td className="whitespace-nowrap px-4 py-3 font-semibold text-gray-900">
                    {formatINR(o.totalAmount)}
                  </td>
                  <td className="px-4 py-3">
                    <Button variant="outline" size="sm" onClick={() => onView(o)}>
                      View Detail
                    </Button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </>
  );
}
