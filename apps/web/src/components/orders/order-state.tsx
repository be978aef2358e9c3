/** The order's short number and the state a shopper sees (docs/order-views.md). */
import { SHOPPER_ORDER_STATE_LABELS, type ShopperOrderState } from '@mp/shared/order-display';
import { Badge, type BadgeTone } from '../ui';

const TONE: Record<ShopperOrderState, BadgeTone> = {
  awaitingPayment: 'blue',
  paymentProcessing: 'blue',
  paymentFailed: 'red',
  cancelled: 'gray',
  confirmed: 'green',
  inProcess: 'amber',
  inShipping: 'purple',
  delivered: 'green',
  rejected: 'red',
};

export function OrderStateBadge({ state, className }: { state: ShopperOrderState; className?: string }) {
  return (
    <Badge tone={TONE[state]} className={className}>
      {SHOPPER_ORDER_STATE_LABELS[state]}
    </Badge>
  );
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
