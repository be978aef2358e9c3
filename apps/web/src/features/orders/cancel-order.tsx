/**
 * The shopper's "Cancel order" action in the order details (issue 13 item 3): shown only when the order may be
 * cancelled, asks for confirmation, then says what happened: cancelled, refunded ₹X, or the refund is on its way.
 */
import { useState } from 'react';
import { toast } from '../../lib/toast';
import type { OrderDto } from '@mp/shared';
import { formatINR } from '@mp/shared/money';
import { refundableAmount, shopperCanCancel } from '@mp/shared/order-display';
import { Button } from '../../components/ui';
import { toApiError } from '../../lib/api';
import { useCancelOrderMutation } from './orders-api';

/** The toast after a successful cancel, from the order as it is now. */
export function cancelledMessage(before: OrderDto, after: OrderDto): string {
  const requested = after.payments.filter((p) => p.event === 'refund_requested');
  const fresh = requested.slice(before.payments.filter((p) => p.event === 'refund_requested').length);
  const amount = fresh.reduce((s, p) => s + p.amount, 0);
  if (amount <= 0) return `Order ${after.orderNumber} cancelled.`;
  const completed = after.payments.filter((p) => p.event === 'refund_completed').length;
  const wasCompleted = before.payments.filter((p) => p.event === 'refund_completed').length;
  return completed > wasCompleted
    ? `Order ${after.orderNumber} cancelled and ${formatINR(amount)} refunded.`
    : `Order ${after.orderNumber} cancelled. A refund of ${formatINR(amount)} is on its way.`;
}

export function CancelOrder({ order, onDone }: { order: OrderDto; onDone?: (updated: OrderDto) => void }) {
  const [confirming, setConfirming] = useState(false);
  const [cancel, { isLoading }] = useCancelOrderMutation();
  if (!shopperCanCancel(order)) return null;
  const refund = order.paymentStatus === 'paid' ? refundableAmount(order.payments) : 0;

  async function go() {
    try {
      const answer = await cancel(order._id).unwrap();
      toast.success(cancelledMessage(order, answer.data));
      setConfirming(false);
      onDone?.(answer.data);
    } catch (err) {
      const e = toApiError(err);
      setConfirming(false);
      switch (e.code) {
        case 'NOT_CANCELLABLE':
          toast.error('Part of this order has already shipped, so it can no longer be cancelled.');
          break;
        case 'ALREADY_CANCELLED':
          toast.info('This order is already cancelled.');
          break;
        case 'NOT_FOUND':
          toast.error('This order could not be found.');
          break;
        default:
          toast.error(`The order was not cancelled: ${e.message}`);
      }
    }
  }

  if (!confirming) {
    return (
      <Button variant="outline" className="min-h-11" onClick={() => setConfirming(true)}>
        Cancel order
      </Button>
    );
  }
  return (
    <div
      role="alertdialog"
      aria-labelledby="cancel-order-title"
      className="rounded-lg border border-red-200 bg-red-50 p-3"
    >
      <p id="cancel-order-title" className="font-semibold text-gray-900">
        Cancel order {order.orderNumber}?
      </p>
      <p className="mt-1 text-gray-700">
        {refund > 0
          ? `${formatINR(refund)} will be refunded to your payment method.`
          : 'Nothing has been charged for it.'}
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button variant="danger" className="min-h-11" loading={isLoading} onClick={() => void go()} autoFocus>
          Yes, cancel order
        </Button>
        <Button
          variant="outline"
          className="min-h-11"
          disabled={isLoading}
          onClick={() => setConfirming(false)}
        >
          Keep order
        </Button>
      </div>
    </div>
  );
}
