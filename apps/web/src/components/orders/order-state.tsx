/** The order's short number, the state a shopper sees, its lines' states and its payment (docs/order-views.md). */
import {
  lineStateLabel,
  paymentStatusLabel,
  SHOPPER_ORDER_STATE_LABELS,
  type LineState,
  type OrderViewer,
  type ShopperOrderState,
} from '@mp/shared/order-display';
import type { PaymentStatus } from '@mp/shared';
import { Badge, statusTone, type BadgeTone } from '../ui';

const TONE: Record<LineState, BadgeTone> = {
  awaitingPayment: 'blue',
  paymentProcessing: 'blue',
  paymentFailed: 'red',
  cancelled: 'gray',
  confirmed: 'green',
  inProcess: 'amber',
  inShipping: 'purple',
  delivered: 'green',
  rejected: 'red',
  cancelledByShopper: 'gray',
};

export function OrderStateBadge({ state, className }: { state: ShopperOrderState; className?: string }) {
  return (
    <Badge tone={TONE[state]} className={className}>
      {SHOPPER_ORDER_STATE_LABELS[state]}
    </Badge>
  );
}

/** A line's (or a seller part's) state in the viewer's words: "Cancelled by you" to the shopper who cancelled. */
export function LineStateBadge({
  state,
  viewer,
  className,
}: {
  state: LineState;
  viewer: OrderViewer;
  className?: string;
}) {
  return (
    <Badge tone={TONE[state]} className={className}>
      {lineStateLabel(state, viewer)}
    </Badge>
  );
}

/** The payment's status, "Refunded" or "Partly refunded ₹…" once money went back. */
export function PaymentStatusBadge({
  order,
}: {
  order: {
    paymentStatus: PaymentStatus;
    refundedAmount: number;
    totalAmount: number;
    paymentMethod?: string;
    payments?: { event: string }[];
  };
}) {
  const { label, refunded } = paymentStatusLabel(order);
  return <Badge tone={refunded === 'none' ? statusTone(order.paymentStatus) : 'amber'}>{label}</Badge>;
}

/** "HM-100234" with the full id for those who need it (support, PayPal) after it. */
export function OrderNumber({ number, id }: { number: string; id?: string }) {
  return (
    <span className="inline-flex flex-wrap items-baseline gap-x-2">
      <span className="font-semibold text-gray-900">{number}</span>
      {id && <span className="break-all font-mono text-xs font-normal text-gray-500">{id}</span>}
    </span>
  );
}
