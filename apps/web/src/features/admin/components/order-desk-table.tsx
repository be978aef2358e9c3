/**
 * The admin order desk (issue 13 item 6): filters, one page of orders (a card list below md), paging. Data comes
 * from the page; this only shows it.
 */
import { z } from 'zod';
import {
  adminOrderListQuerySchema,
  CHECKOUT_PAYMENT_METHODS,
  ORDER_STATUSES,
  PAYMENT_STATUSES,
  type OrderDto,
} from '@mp/shared';
import { PAYMENT_METHOD_LABELS } from '../../payments/payment-method-picker';
import { formatINR } from '@mp/shared/money';
import {
  Button,
  Checkbox,
  DataTable,
  EmptyState,
  Input,
  LoadingRegion,
  Select,
  Skeleton,
  statusLabel,
  type DataColumn,
  LoadFailed,
  type SelectOption,
} from '../../../components/ui';
import { OrderStateBadge, PaymentStatusBadge } from '../../../components/orders/order-state';
import { fieldProps, useZodForm } from '../../../lib/form';
import { ParcelBadges } from '../../delivery/parcel-badges';
import { formatDate } from '../../../lib/format';

export interface OrderDeskFilters {
  status: string;
  paymentStatus: string;
  paymentMethod: string;
  sellerId: string;
  from: string;
  to: string;
  number: string;
  /** 'true': only orders with a late parcel (docs/delivery.md, "Late parcels") */
  late: string;
  page: number;
}

export const EMPTY_FILTERS: OrderDeskFilters = {
  status: '',
  paymentStatus: '',
  paymentMethod: '',
  sellerId: '',
  from: '',
  to: '',
  number: '',
  late: '',
  page: 1,
};

export interface SellerChoice {
  id: string;
  storeName: string;
}

/** The typed order number, checked by the order list's own rule before it becomes a filter. */
const numberFormSchema = z.object({ number: adminOrderListQuerySchema.shape.number });

const statusOptions = (statuses: readonly string[]) =>
  statuses.map((s) => ({ value: s, label: statusLabel(s) }));

const storesOf = (o: OrderDto) => [...new Set(o.cartItems.map((l) => l.storeName))].join(', ');

export function OrderDeskFiltersForm({
  value,
  sellers,
  onChange,
}: {
  value: OrderDeskFilters;
  sellers: SellerChoice[];
  onChange: (next: OrderDeskFilters) => void;
}) {
  // the other filters apply as they change; the number applies on Search, once it reads as an order number
  const form = useZodForm(numberFormSchema, { number: value.number });
  const set = (patch: Partial<OrderDeskFilters>) => onChange({ ...value, ...patch, page: 1 });
  const datesWrong = value.from !== '' && value.to !== '' && value.from > value.to;
  const submit = form.handleSubmit(() => set({ number: String(form.getValues('number') ?? '').trim() }));
  const choice = (
    key: 'status' | 'paymentStatus' | 'paymentMethod' | 'sellerId',
    label: string,
    placeholder: string,
    options: SelectOption[],
  ) => (
    <Select
      label={label}
      placeholder={placeholder}
      value={value[key]}
      onChange={(e) => set({ [key]: e.target.value })}
      options={options}
    />
  );

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label="Filter orders"
      className="grid grid-cols-1 gap-3 rounded-xl border border-gray-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-3"
    >
      <Input
        label="Order number"
        placeholder="HM-100234"
        {...fieldProps(form, 'number')}
        inputMode="text"
        autoComplete="off"
      />
      {choice('status', 'Status', 'All statuses', statusOptions(ORDER_STATUSES))}
      {choice('paymentStatus', 'Payment status', 'All payment statuses', statusOptions(PAYMENT_STATUSES))}
      {choice(
        'paymentMethod',
        'Payment method',
        'All payment methods',
        CHECKOUT_PAYMENT_METHODS.map((m) => ({ value: m, label: PAYMENT_METHOD_LABELS[m].title })),
      )}
      {choice(
        'sellerId',
        'Seller',
        'All sellers',
        sellers.map((s) => ({ value: s.id, label: s.storeName })),
      )}
      <Input label="From" type="date" value={value.from} onChange={(e) => set({ from: e.target.value })} />
      <Input
        label="To"
        type="date"
        value={value.to}
        error={datesWrong ? 'From must not be after To' : null}
        onChange={(e) => set({ to: e.target.value })}
      />
      <Checkbox
        label="Late parcels only"
        className="self-end"
        checked={value.late === 'true'}
        onChange={(late) => set({ late: late ? 'true' : '' })}
      />
      <div className="flex flex-wrap items-end gap-2 sm:col-span-2 lg:col-span-3">
        <Button type="submit">Search</Button>
        <Button
          type="button"
          variant="outline"
          onClick={() => {
            form.reset({ number: '' });
            onChange(EMPTY_FILTERS);
          }}
        >
          Clear filters
        </Button>
      </div>
    </form>
  );
}

const DESK_COLUMNS = (onView: (order: OrderDto) => void): DataColumn<OrderDto>[] => [
  { header: 'Order', className: 'whitespace-nowrap font-semibold text-gray-900', cell: (o) => o.orderNumber },
  {
    header: 'Date',
    className: 'whitespace-nowrap text-gray-700',
    cell: (o) => formatDate(o.createdAt, true),
  },
  { header: 'Buyer', className: 'text-gray-900', cell: (o) => o.buyerName },
  {
    header: 'Stores',
    className: 'max-w-[14rem] truncate text-gray-700',
    title: storesOf,
    cell: storesOf,
  },
  {
    header: 'Total',
    className: 'whitespace-nowrap font-semibold text-gray-900',
    cell: (o) => (
      <>
        {formatINR(o.totalAmount)}
        {o.refundedAmount > 0 && (
          <span className="block text-xs font-medium text-green-800">
            −{formatINR(o.refundedAmount)} refunded
          </span>
        )}
      </>
    ),
  },
  { header: 'Payment', className: 'whitespace-nowrap', cell: (o) => <PaymentStatusBadge order={o} /> },
  {
    header: 'Status',
    cell: (o) => (
      <>
        <OrderStateBadge state={o.state} />
        <ParcelBadges parcels={o.parcels} />
      </>
    ),
  },
  {
    header: 'Details',
    hideHeader: true,
    cell: (o) => (
      <Button variant="outline" size="sm" onClick={() => onView(o)}>
        View<span className="sr-only"> order {o.orderNumber}</span>
      </Button>
    ),
  },
];

export function OrderDeskTable({
  orders,
  loading,
  error,
  onRetry,
  onView,
}: {
  orders: OrderDto[];
  loading: boolean;
  error: string | null;
  onRetry: () => void;
  onView: (order: OrderDto) => void;
}) {
  if (loading && orders.length === 0) {
    return (
      <LoadingRegion label="Loading orders…" className="space-y-3" repeat={5}>
        <Skeleton className="h-12 w-full" />
      </LoadingRegion>
    );
  }
  if (error) {
    return (
      <LoadFailed
        title="Orders could not be loaded"
        description={error}
        onRetry={onRetry}
        retryVariant="outline"
      />
    );
  }
  if (orders.length === 0) {
    return <EmptyState title="No orders found." description="No order matches these filters." />;
  }
  return (
    <DataTable
      rows={orders}
      rowKey={(o) => o._id}
      look="orders"
      cards={{
        label: 'Orders',
        className: 'rounded-lg border border-gray-200 bg-white p-3 text-sm',
        card: (o) => (
          <>
            <div className="flex items-center justify-between gap-2">
              <span className="font-semibold text-gray-900">{o.orderNumber}</span>
              <span className="font-semibold text-gray-900">{formatINR(o.totalAmount)}</span>
            </div>
            <p className="text-xs text-gray-600">
              {formatDate(o.createdAt, true)} · {o.buyerName}
            </p>
            <p className="truncate text-xs text-gray-600">{storesOf(o)}</p>
            <div className="mt-2 flex flex-wrap items-center gap-2">
              <OrderStateBadge state={o.state} />
              <PaymentStatusBadge order={o} />
            </div>
            <ParcelBadges parcels={o.parcels} />
            <Button variant="outline" size="md" className="mt-3 w-full" onClick={() => onView(o)}>
              View order {o.orderNumber}
            </Button>
          </>
        ),
      }}
      caption="Orders, newest first"
      className="rounded-xl border border-gray-200 bg-white"
      tableClassName="min-w-[760px]"
      rowTestId="admin-order-row"
      columns={DESK_COLUMNS(onView)}
    />
  );
}

export function Pager({
  page,
  pages,
  total,
  onPage,
}: {
  page: number;
  pages: number;
  total: number;
  onPage: (page: number) => void;
}) {
  if (total === 0) return null;
  return (
    <nav aria-label="Order pages" className="flex flex-wrap items-center justify-between gap-3 text-sm">
      <p className="text-gray-700" aria-live="polite">
        Page {page} of {Math.max(pages, 1)} · {total} {total === 1 ? 'order' : 'orders'}
      </p>
      <div className="flex gap-2">
        <Button variant="outline" size="md" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          Previous
        </Button>
        <Button variant="outline" size="md" disabled={page >= pages} onClick={() => onPage(page + 1)}>
          Next
        </Button>
      </div>
    </nav>
  );
}
