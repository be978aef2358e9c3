/**
 * The admin's order detail (issue 13 item 6): summary, lines with their stores, each seller part's timeline, the
 * payment ledger, and the refund action (amount optional, reason required, a confirmation step).
 */
import { useState } from 'react';
import { adminRefundInputSchema, deliveryAddressLines, type OrderDto } from '@mp/shared';
import { formatINR } from '@mp/shared/money';
import { codStillToCollect, refundableAmount } from '@mp/shared/order-display';
import {
  Button,
  DetailRows,
  DetailSection,
  Input,
  Modal,
  ProductThumb,
  Textarea,
} from '../../../components/ui';
import { FulfilmentTimeline } from '../../../components/orders/fulfilment-timeline';
import {
  LineStateBadge,
  OrderNumber,
  OrderStateBadge,
  PaymentStatusBadge,
} from '../../../components/orders/order-state';
import { PaymentLedger } from '../../../components/orders/payment-ledger';
import { LineCouponDiscount, OrderCoupons } from '../../coupons/order-coupons';
import { fieldProps, numberText, showServerErrors, useZodForm } from '../../../lib/form';
import { formatDate, orNA } from '../../../lib/format';

export interface RefundRequest {
  amount?: number;
  reason: string;
}

export interface RefundOutcome {
  ok: boolean;
  /** the server's refusal: its field errors (VALIDATION_FAILED) show under the fields */
  error?: unknown;
  /** why the amount was refused, shown under it */
  amountError?: string;
}

/** The refund as typed: the shared rules, the amount read from rupees (none = everything left). */
const refundFormSchema = adminRefundInputSchema.extend({
  amount: numberText(adminRefundInputSchema.shape.amount, 'Enter an amount in ₹'),
});

function RefundForm({
  order,
  onRefund,
}: {
  order: OrderDto;
  onRefund: (input: RefundRequest) => Promise<RefundOutcome>;
}) {
  // cash on delivery before delivery: the parcel asks for less (docs/money.md, "Cash on delivery")
  const refundable =
    order.paymentMethod === 'cod' && order.paymentStatus === 'paid'
      ? codStillToCollect(order)
      : refundableAmount(order.payments);
  const form = useZodForm(refundFormSchema, { amount: '', reason: '' });
  const [confirming, setConfirming] = useState<RefundRequest | null>(null);
  const [sending, setSending] = useState(false);

  if (refundable <= 0) {
    return (
      <p className="text-sm text-gray-700">
        {order.paymentMethod === 'cod' && order.paymentStatus === 'paid'
          ? 'Nothing is left to take off before delivery; cash collected on delivery cannot be refunded through the shop yet.'
          : order.payments.some((p) => p.event === 'capture')
            ? 'Everything captured for this order has been refunded.'
            : 'Nothing was captured for this order, so there is nothing to refund.'}
      </p>
    );
  }

  const review = form.handleSubmit(({ amount, reason }) => {
    if (amount !== undefined && amount > refundable)
      form.setError('amount', { message: `At most ${formatINR(refundable)} is left to refund` });
    else setConfirming({ amount, reason });
  });

  async function confirm() {
    if (!confirming) return;
    setSending(true);
    const outcome = await onRefund(confirming);
    setSending(false);
    setConfirming(null);
    if (outcome.ok) form.reset();
    if (outcome.error) showServerErrors(form, outcome.error);
    if (outcome.amountError) form.setError('amount', { message: outcome.amountError });
  }

  if (confirming) {
    const shown = confirming.amount ?? refundable;
    return (
      <div role="alertdialog" aria-labelledby="refund-confirm-title" className="flex flex-col gap-3 text-sm">
        <p id="refund-confirm-title" className="font-semibold text-gray-900">
          Refund {formatINR(shown)} of order {order.orderNumber} to {order.buyerName}?
        </p>
        <p className="text-gray-700">Reason: {confirming.reason}</p>
        <p className="text-gray-600">
          The money goes back through the payment provider. This cannot be undone.
        </p>
        <div className="flex flex-wrap gap-2">
          <Button variant="danger" loading={sending} onClick={() => void confirm()} autoFocus>
            Confirm refund of {formatINR(shown)}
          </Button>
          <Button variant="outline" disabled={sending} onClick={() => setConfirming(null)}>
            Back
          </Button>
        </div>
      </div>
    );
  }

  return (
    <form onSubmit={review} noValidate aria-label="Refund" className="flex flex-col gap-3">
      <p className="text-sm text-gray-700">
        Left to refund: <span className="font-semibold">{formatINR(refundable)}</span>
      </p>
      <Input
        label="Amount (₹)"
        inputMode="decimal"
        placeholder={String(refundable)}
        hint={`Leave empty to refund everything left (${formatINR(refundable)})`}
        {...fieldProps(form, 'amount')}
      />
      <Textarea label="Reason" required rows={2} maxLength={500} {...fieldProps(form, 'reason')} />
      <div>
        <Button type="submit" variant="danger">
          Refund…
        </Button>
      </div>
    </form>
  );
}

export function AdminOrderModal({
  order,
  onClose,
  onRefund,
}: {
  order: OrderDto | null;
  onClose: () => void;
  onRefund: (input: RefundRequest) => Promise<RefundOutcome>;
}) {
  return (
    <Modal
      open={order !== null}
      onClose={onClose}
      title={order ? `Order ${order.orderNumber}` : 'Order'}
      size="xl"
    >
      {order && (
        <div className="flex flex-col gap-4">
          <DetailSection title="Order Summary">
            <DetailRows
              rows={[
                ['Order ID', <OrderNumber key="n" number={order.orderNumber} id={order._id} />],
                ['Order Date', formatDate(order.createdAt, true)],
                ['Buyer', order.buyerName],
                ['Status', <OrderStateBadge key="s" state={order.state} />],
                ['Payment', <PaymentStatusBadge key="p" order={order} />],
                ['Subtotal', formatINR(order.subtotal)],
                ['Discount', formatINR(order.discount)],
                ['Shipping Charge', formatINR(order.shippingCharge)],
                ['Total', formatINR(order.totalAmount)],
                ['Refunded', formatINR(order.refundedAmount)],
              ]}
            />
          </DetailSection>
          <DetailSection title="Products">
            <ul className="divide-y divide-gray-100">
              {order.cartItems.map((l) => (
                <li key={l._id} className="flex items-center gap-3 py-2 text-sm">
                  <ProductThumb item={l} size={48} className="h-12 w-12 rounded-md" />
                  <div className="min-w-0 flex-1">
                    <p className="truncate font-medium text-gray-900">{l.title}</p>
                    {l.variantLabel && <p className="text-sm text-gray-700">{l.variantLabel}</p>}
                    <p className="text-xs text-gray-600">
                      {l.quantity} × {formatINR(Number(l.price))} · Sold by{' '}
                      <span className="font-medium text-gray-800">{l.storeName}</span>
                    </p>
                    <LineCouponDiscount line={l} payer="Shopper pays" />
                  </div>
                  <LineStateBadge state={l.state} viewer="admin" />
                </li>
              ))}
            </ul>
          </DetailSection>
          {order.coupons && order.coupons.length > 0 && (
            <DetailSection title="Coupons">
              <OrderCoupons coupons={order.coupons} />
            </DetailSection>
          )}
          <DetailSection title="Progress">
            <FulfilmentTimeline parts={order.fulfilment} />
          </DetailSection>
          <div className="grid gap-4 lg:grid-cols-2">
            <DetailSection title="Payment Ledger">
              <PaymentLedger payments={order.payments} refundedAmount={order.refundedAmount} />
              <p className="mt-2 text-xs text-gray-600">
                {order.paymentMethod} · PaymentID {orNA(order.paymentId)}
              </p>
            </DetailSection>
            <DetailSection title="Refund">
              <RefundForm key={order._id} order={order} onRefund={onRefund} />
            </DetailSection>
          </div>
          <DetailSection title="Shipping Information">
            <p className="text-sm text-gray-900">
              {deliveryAddressLines({ ...order.addressInfo, buyerName: order.buyerName }).join(' · ')}
            </p>
          </DetailSection>
        </div>
      )}
    </Modal>
  );
}
