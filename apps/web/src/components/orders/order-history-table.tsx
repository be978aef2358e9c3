/**
 * The 'Order History' table shared by the shopper's account and the seller console: Product (first item image),
 * Order Date, Status, Price, Details; a card list below the md breakpoint; skeleton and empty state.
 */
import type { ReactNode } from 'react';
import { formatINR } from '@mp/shared';
import { formatDate } from '../../lib/format';
import { Button, DataTable, EmptyState, LoadingRegion, ProductImage, Skeletons, StatusBadge } from '../ui';

export interface OrderHistoryRow {
  _id: string;
  orderDate?: string | null;
  createdAt: string;
  orderStatus: string;
  /** the short order number ("HM-100234"), shown under the first item */
  orderNumber?: string;
  totalAmount: number;
  cartItems: { image: string; title: string }[];
}

export interface OrderHistoryTableProps<T extends OrderHistoryRow> {
  orders: T[];
  loading: boolean;
  onView: (order: T) => void;
  /** the label of each row's button: 'Details' for shoppers, 'View Detail' for sellers */
  viewLabel: string;
  emptyIcon?: ReactNode;
  /** the Status cell; the order's status badge by default */
  renderStatus?: (order: T) => ReactNode;
}

function FirstItem({ order, size }: { order: OrderHistoryRow; size: 48 | 64 }) {
  const first = order.cartItems[0];
  return (
    <ProductImage
      src={first?.image}
      alt={first?.title ?? 'Order item'}
      width={size}
      height={size}
      className={size === 64 ? 'h-16 w-16 shrink-0 rounded-md' : 'h-12 w-12 shrink-0 rounded-md'}
    />
  );
}

function ItemTitle({ order }: { order: OrderHistoryRow }) {
  return (
    <>
      {order.cartItems[0]?.title}
      {order.cartItems.length > 1 && (
        <span className="text-gray-500"> +{order.cartItems.length - 1} more</span>
      )}
      {order.orderNumber && (
        <span className="block text-xs font-normal text-gray-600" data-testid="order-number">
          Order {order.orderNumber}
        </span>
      )}
    </>
  );
}

export function OrderHistoryTable<T extends OrderHistoryRow>({
  orders,
  loading,
  onView,
  viewLabel,
  emptyIcon,
  renderStatus = (o) => <StatusBadge status={o.orderStatus} />,
}: OrderHistoryTableProps<T>) {
  if (loading && orders.length === 0) {
    return (
      <LoadingRegion label="Loading orders…" className="space-y-3" repeat={4}>
        <Skeletons className="flex items-center gap-4" sizes={['h-12 w-12', 'h-4 flex-1', 'h-4 w-20']} />
      </LoadingRegion>
    );
  }
  if (orders.length === 0) return <EmptyState icon={emptyIcon} title="No orders found." />;
  const date = (o: OrderHistoryRow) => formatDate(o.orderDate ?? o.createdAt);
  return (
    <DataTable
      rows={orders}
      rowKey={(o) => o._id}
      look="orders"
      cards={{
        label: 'Orders',
        className: 'flex gap-3 rounded-lg border border-gray-200 bg-white p-3',
        card: (o) => (
          <>
            <FirstItem order={o} size={64} />
            <div className="min-w-0 flex-1">
              <p className="line-clamp-2 text-sm font-medium text-gray-900">
                <ItemTitle order={o} />
              </p>
              <p className="text-xs text-gray-600">{date(o)}</p>
              <div className="mt-1 flex items-center justify-between gap-2">
                {renderStatus(o)}
                <span className="text-sm font-semibold text-gray-900">{formatINR(o.totalAmount)}</span>
              </div>
              <Button variant="outline" size="sm" className="mt-3 w-full" onClick={() => onView(o)}>
                {viewLabel}
              </Button>
            </div>
          </>
        ),
      }}
      tableClassName="min-w-[560px]"
      rowTestId="order-row"
      columns={[
        {
          header: 'Product',
          cell: (o) => (
            <div className="flex items-center gap-3">
              <FirstItem order={o} size={48} />
              <span className="line-clamp-2 max-w-[16rem] font-medium text-gray-900">
                <ItemTitle order={o} />
              </span>
            </div>
          ),
        },
        { header: 'Order Date', className: 'whitespace-nowrap text-gray-700', cell: date },
        { header: 'Status', cell: renderStatus },
        {
          header: 'Price',
          className: 'whitespace-nowrap font-semibold text-gray-900',
          cell: (o) => formatINR(o.totalAmount),
        },
        {
          header: 'Details',
          cell: (o) => (
            <Button variant="outline" size="sm" onClick={() => onView(o)}>
              {viewLabel}
            </Button>
          ),
        },
      ]}
    />
  );
}
