/** An order's money: what was refunded and every payment event (docs/money.md), oldest first. */
import type { PaymentEntryDto } from '@mp/shared';
import { formatINR } from '@mp/shared/money';
import { formatDate } from '../../lib/format';
import { Badge, type BadgeTone } from '../ui';

const EVENT_LABELS: Record<string, string> = {
  capture: 'Payment received',
  capture_pending: 'Payment processing',
  capture_refused: 'Payment refused',
  refund_requested: 'Refund requested',
  refund_completed: 'Refund completed',
  refund_failed: 'Refund attempt failed',
  cod_lowered: 'Taken off the cash due on delivery',
};

const STATUS_TONE: Record<PaymentEntryDto['status'], BadgeTone> = {
  completed: 'green',
  pending: 'blue',
  failed: 'red',
  refused: 'red',
};

const STATUS_LABEL: Record<PaymentEntryDto['status'], string> = {
  completed: 'Completed',
  pending: 'Pending',
  failed: 'Failed',
  refused: 'Refused',
};

export const paymentEventLabel = (event: string) => EVENT_LABELS[event] ?? event;

export function PaymentLedger({
  payments,
  refundedAmount,
  emptyText = 'No payment has been made for this order.',
}: {
  payments: PaymentEntryDto[];
  refundedAmount: number;
  emptyText?: string;
}) {
  return (
    <div className="flex flex-col gap-2 text-sm">
      {refundedAmount > 0 && (
        <p className="font-medium text-green-800" data-testid="refunded-amount">
          Refunded: {formatINR(refundedAmount)}
        </p>
      )}
      {payments.length === 0 ? (
        <p className="text-gray-600">{emptyText}</p>
      ) : (
        <ul className="divide-y divide-gray-100 rounded-md border border-gray-200" aria-label="Payments">
          {payments.map((p, i) => (
            <li key={`${p.createdAt}-${i}`} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2">
              <span className="min-w-0 flex-1">
                <span className="block font-medium text-gray-900">{paymentEventLabel(p.event)}</span>
                <time dateTime={p.createdAt} className="block text-xs text-gray-600">
                  {formatDate(p.createdAt, true)}
                </time>
                {p.reason && <span className="block text-xs text-gray-600">{p.reason}</span>}
              </span>
              <span className="font-semibold tabular-nums text-gray-900">
                {p.type === 'refund' ? '−' : ''}
                {formatINR(p.amount)}
              </span>
              {/* a request is an event of its own: its outcome is the completed or failed entry after it */}
              <Badge tone={p.event === 'refund_requested' ? 'gray' : STATUS_TONE[p.status]}>
                {p.event === 'refund_requested' ? 'Requested' : STATUS_LABEL[p.status]}
              </Badge>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
