/**
 * Admin "Orders" (issue 13 item 6): every order by status, payment status, seller, dates and order number, one page
 * at a time; an order's detail with its ledger and the refund action. Filters live in the URL (shareable, Back works).
 */
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { toast } from '../../../lib/toast';
import type { AdminRefundInput, OrderDto } from '@mp/shared';
import { formatINR } from '@mp/shared/money';
import {
  AdminOrderModal,
  type RefundOutcome,
  type RefundRequest,
} from '../../../features/admin/components/admin-order-modal';
import {
  EMPTY_FILTERS,
  OrderDeskFiltersForm,
  OrderDeskTable,
  Pager,
  type OrderDeskFilters,
} from '../../../features/admin/components/order-desk-table';
import { useSellersQuery } from '../../../features/admin/admin-api';
import { useAdminOrdersQuery, useAdminRefundMutation } from '../../../features/admin/orders-api';
import { toApiError } from '../../../lib/api';
import { useDocumentTitle } from '../../../lib/use-document-title';

const PAGE_SIZE = 20;
const KEYS = [
  'status',
  'paymentStatus',
  'paymentMethod',
  'sellerId',
  'from',
  'to',
  'number',
  'late',
] as const;

function filtersFrom(params: URLSearchParams): OrderDeskFilters {
  const out: OrderDeskFilters = { ...EMPTY_FILTERS };
  for (const k of KEYS) out[k] = params.get(k) ?? '';
  const page = Number(params.get('page'));
  out.page = Number.isInteger(page) && page > 0 ? page : 1;
  return out;
}

function paramsFrom(f: OrderDeskFilters): URLSearchParams {
  const p = new URLSearchParams();
  for (const k of KEYS) if (f[k]) p.set(k, f[k]);
  if (f.page > 1) p.set('page', String(f.page));
  return p;
}

/** A new key per refund decision: a double click or a retried request makes one refund. */
function newRefundKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export default function AdminOrdersPage() {
  useDocumentTitle('Orders – Admin');
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersFrom(params), [params]);
  const datesWrong = filters.from !== '' && filters.to !== '' && filters.from > filters.to;
  const { data, isFetching, isLoading, error, refetch } = useAdminOrdersQuery(
    {
      status: filters.status,
      paymentStatus: filters.paymentStatus,
      paymentMethod: filters.paymentMethod,
      sellerId: filters.sellerId,
      from: filters.from,
      to: filters.to,
      number: filters.number,
      late: filters.late,
      page: filters.page,
      limit: PAGE_SIZE,
    },
    { skip: datesWrong },
  );
  const sellers = useSellersQuery();
  const sellerChoices = useMemo(
    () =>
      (sellers.data ?? [])
        .map((s) => ({ id: s._id, storeName: s.storename }))
        .sort((a, b) => a.storeName.localeCompare(b.storeName)),
    [sellers.data],
  );
  const [refund] = useAdminRefundMutation();
  const [openId, setOpenId] = useState<string | null>(null);
  const orders = data?.data ?? [];
  const open: OrderDto | null = orders.find((o) => o._id === openId) ?? null;

  const apply = (next: OrderDeskFilters) => setParams(paramsFrom(next));

  async function onRefund(req: RefundRequest): Promise<RefundOutcome> {
    if (!open) return { ok: false };
    const input: AdminRefundInput = {
      reason: req.reason,
      ...(req.amount !== undefined && { amount: req.amount }),
    };
    try {
      const answer = await refund({ orderId: open._id, input, idempotencyKey: newRefundKey() }).unwrap();
      const count = (o: OrderDto, event: string) => o.payments.filter((p) => p.event === event).length;
      const lowered = answer.data.payments.filter((p) => p.event === 'cod_lowered');
      if (open.paymentMethod === 'cod' && lowered.length > count(open, 'cod_lowered')) {
        // cash on delivery before delivery: nothing was paid, the courier collects less (docs/money.md)
        toast.success(
          `${formatINR(lowered.at(-1)!.amount)} taken off the cash due on delivery for order ${open.orderNumber}.`,
        );
        return { ok: true };
      }
      const requested = answer.data.payments.filter((p) => p.event === 'refund_requested');
      const amount = formatINR(requested.at(-1)?.amount ?? 0);
      if (requested.length === count(open, 'refund_requested')) {
        toast.info(`This refund was already issued for order ${open.orderNumber}; nothing changed.`);
      } else if (count(answer.data, 'refund_completed') > count(open, 'refund_completed')) {
        toast.success(`Refunded ${amount} for order ${open.orderNumber}.`);
      } else {
        toast.warn(
          `Refund of ${amount} for order ${open.orderNumber} is pending at the payment provider; it is retried automatically.`,
        );
      }
      return { ok: true };
    } catch (err) {
      const e = toApiError(err);
      switch (e.code) {
        case 'REFUND_EXCEEDS_CAPTURED':
          toast.error(`Not refunded: that is more than is left to refund on order ${open.orderNumber}.`);
          return { ok: false, amountError: e.message };
        case 'NOT_REFUNDABLE':
          toast.error(`Not refunded: order ${open.orderNumber} has no captured payment.`);
          return { ok: false };
        case 'NOT_FOUND':
          toast.error('This order no longer exists.');
          return { ok: false };
        case 'VALIDATION_FAILED':
          toast.error('Not refunded: check the amount and the reason.');
          return { ok: false, error: err };
        default:
          toast.error(`Not refunded: ${e.message}`);
          return { ok: false };
      }
    }
  }

  const loadError = error ? toApiError(error).message : null;
  return (
    <section aria-labelledby="orders-heading" className="flex flex-col gap-5">
      <h1 id="orders-heading" className="text-2xl font-bold tracking-tight text-gray-900">
        Orders
      </h1>
      <OrderDeskFiltersForm
        key={params.toString()}
        value={filters}
        sellers={sellerChoices}
        onChange={apply}
      />
      <div
        aria-busy={isFetching}
        className={isFetching && !isLoading ? 'opacity-70 transition-opacity' : undefined}
      >
        <OrderDeskTable
          orders={orders}
          loading={isLoading}
          error={loadError}
          onRetry={() => void refetch()}
          onView={(o) => setOpenId(o._id)}
        />
      </div>
      {data && (
        <Pager
          page={data.pagination.page}
          pages={data.pagination.pages}
          total={data.pagination.total}
          onPage={(page) => apply({ ...filters, page })}
        />
      )}
      <AdminOrderModal order={open} onClose={() => setOpenId(null)} onRefund={onRefund} />
    </section>
  );
}
