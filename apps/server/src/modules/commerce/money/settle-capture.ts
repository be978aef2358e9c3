/**
 * Settle a capture (the return page or the webhook): the one place an order becomes paid (docs/money.md,
 * "Capture"). Under the order's lock, in this order:
 * - already paid: nothing changes;
 * - a capture of it was already refused: the same refusal again;
 * - the provider has not settled it (PENDING): the order stays pending, the ledger says so, the webhook finishes;
 * - the amount or currency differs from the order's total: not paid, refunded in full;
 * - the shopper cancelled the order: refunded in full (the cancel stands);
 * - the hold ended and the stock (or a code's last use) is gone: refunded in full;
 * - otherwise paid: held stock becomes sold, lines confirmed, shopper and sellers mailed.
 */
import { lateCouponUsesFitIn, redeemCouponUsesIn } from '../coupons/coupon-checkout';
import type { Tx } from '../../../db/client';
import { notFound } from '../../../lib/errors';
import { enqueueOrderPaidMails } from '../../mail';
import { notifyNewOrder } from '../../notifications';
import { takeOutOfCart } from '../cart/cart.service';
import type { OrderRow } from '../orders/order.mapper';
import { recordStatusChangesIn } from '../orders/order-history';
import {
  addRefusedCapture,
  confirmLines,
  lockOrder,
  markPaid,
  markPaymentFailed,
  setPendingCapture,
  stockLinesOf,
} from '../orders/order.repository';
import { releaseHoldIn } from '../orders/stock-hold';
import * as stock from '../stock/stock.repository';
import { inTransaction, type Touched } from '../unit-of-work';
import { recordMoneyEvent, SYSTEM } from './ledger';
import { sendAll, type MoneyContext } from './money-context';
import { captureRefundOf, refundByDedupeKey, requestRefundIn, type RefundKind } from './refunds';

export interface ProviderCapture {
  status: 'COMPLETED' | 'PENDING';
  captureId: string | null;
  payerId: string | null;
  amountPaise: number | null;
  currency: string | null;
}

type RefusalCode = 'ORDER_CANCELLED' | 'OUT_OF_STOCK' | 'AMOUNT_MISMATCH' | 'ALREADY_PAID';

export type CaptureOutcome =
  | { outcome: 'paid'; order: OrderRow }
  | { outcome: 'pending'; order: OrderRow }
  | { outcome: 'refunded'; order: OrderRow; refundId: string; code: RefusalCode; message: string };

/** Why a capture is refused: its refund's kind, the shopper's answer. */
const REFUSALS = {
  amount_mismatch: {
    code: 'AMOUNT_MISMATCH',
    message:
      'The amount taken did not match the order total. The order is not paid and the payment is refunded in full.',
  },
  cancelled_order: {
    code: 'ORDER_CANCELLED',
    message: 'This order was cancelled before the payment arrived; the payment is refunded in full.',
  },
  second_payment: {
    code: 'ALREADY_PAID',
    message: 'This order was already paid by another payment; this payment is refunded in full.',
  },
  late_capture: {
    code: 'OUT_OF_STOCK',
    message:
      'The payment arrived after this order expired and its items or its coupon are no longer available; the payment is refunded in full.',
  },
} satisfies Partial<Record<RefundKind, { code: RefusalCode; message: string }>>;

export async function settleCapture(
  ctx: MoneyContext,
  orderId: string,
  capture: ProviderCapture,
  /** the client whose request captures (none for a webhook): the e-mails it causes are bounded */
  opts: { client?: string } = {},
): Promise<CaptureOutcome> {
  const result = await inTransaction(ctx.db, ctx.changes, async (tx, touched) => {
    const order = await lockOrder(tx, orderId);
    if (!order) throw notFound('Order');
    // a second, different payment for the same order (a shopper who paid twice) is refunded in full; the same
    // payment reported again changes nothing (docs/money.md, "Capture")
    if (isSecondPayment(order, capture)) {
      const seen = await refundByDedupeKey(tx, captureDedupeKey(order, capture));
      if (seen) return { outcome: 'refunded' as const, order, refundId: seen, ...REFUSALS.second_payment };
      const reason = `the order was already ${order.paymentStatus === 'paid' ? 'paid' : 'refused a payment'}`;
      return refuse(ctx, tx, order, capture, 'second_payment', reason);
    }
    if (order.paymentStatus === 'paid') return { outcome: 'paid' as const, order };
    if (order.capturedPaise > 0) return refusedBefore(tx, order);
    if (capture.status === 'PENDING') return settlePending(ctx, tx, order, capture);
    const mismatch = amountMismatch(ctx.currency, order, capture);
    if (mismatch) {
      if (order.stockHeld) await releaseHoldIn(tx, touched, orderId, 'failed');
      else await markPaymentFailed(tx, orderId);
      return refuse(ctx, tx, order, capture, 'amount_mismatch', mismatch);
    }
    if (order.cancelledAt) {
      return refuse(
        ctx,
        tx,
        order,
        capture,
        'cancelled_order',
        'the order was cancelled before the payment arrived',
      );
    }
    const lateCapture = !order.stockHeld;
    // a late payment gets its stock and its codes' uses again only if they are all still there
    if (lateCapture && (!(await lateCouponUsesFitIn(tx, orderId)) || !(await retake(tx, touched, orderId)))) {
      const reason = "the payment arrived after the hold ended and the stock or a code's last use is gone";
      return refuse(ctx, tx, order, capture, 'late_capture', reason);
    }
    return pay(ctx, tx, touched, order, capture, { lateCapture, client: opts.client });
  });
  if (result.outcome === 'refunded') {
    ctx.logger.warn(
      { orderId, code: result.code, refundId: result.refundId },
      'capture refused and refunded',
    );
    await sendAll(ctx, [result.refundId]);
  }
  return result;
}

/** One refusal per capture: the same capture reported again finds the refund it made. */
const captureDedupeKey = (order: OrderRow, capture: ProviderCapture) =>
  `capture:${order.id}:${capture.captureId ?? 'none'}`;

/**
 * Money taken by another payment than the one this order already settled (paid, or refused and refunded): not the
 * same payment reported again, and not a capture the provider has not completed.
 */
function isSecondPayment(order: OrderRow, capture: ProviderCapture): boolean {
  const settled = order.paymentStatus === 'paid' || order.capturedPaise > 0;
  return (
    settled &&
    capture.status !== 'PENDING' &&
    capture.captureId !== null &&
    order.captureId !== null &&
    capture.captureId !== order.captureId
  );
}

/** A capture of this order was already refused and refunded (a retried return page or webhook). */
async function refusedBefore(tx: Tx, order: OrderRow): Promise<CaptureOutcome> {
  return {
    outcome: 'refunded',
    order,
    refundId: (await captureRefundOf(tx, order.id)) ?? '',
    code: order.cancelledAt ? 'ORDER_CANCELLED' : 'OUT_OF_STOCK',
    message: 'This payment was not accepted for this order and is refunded in full.',
  };
}

/** The provider took the money but has not settled it: recorded once per capture id; the order stays pending. */
async function settlePending(
  ctx: MoneyContext,
  tx: Tx,
  order: OrderRow,
  capture: ProviderCapture,
): Promise<CaptureOutcome> {
  if (order.captureId === capture.captureId) return { outcome: 'pending', order };
  const updated = await setPendingCapture(tx, order.id, capture.captureId);
  await recordMoneyEvent(tx, {
    orderId: order.id,
    type: 'capture_pending',
    amountPaise: capture.amountPaise ?? order.totalPaise,
    currency: capture.currency ?? ctx.currency,
    providerId: capture.captureId,
    actor: SYSTEM,
    reason: 'the provider has not settled the capture yet',
  });
  return { outcome: 'pending', order: updated };
}

/** Why the captured amount does not pay the order (null when it does). */
function amountMismatch(currency: string, order: OrderRow, capture: ProviderCapture): string | null {
  if (capture.amountPaise === order.totalPaise && capture.currency === currency) return null;
  return capture.amountPaise === null
    ? 'the provider did not confirm the captured amount'
    : `captured ${capture.currency ?? '?'} ${(capture.amountPaise / 100).toFixed(2)}, order total ${currency} ${(order.totalPaise / 100).toFixed(2)}`;
}

/** Money was taken that this order must not keep: the capture is recorded and refunded in full. */
async function refuse(
  ctx: MoneyContext,
  tx: Tx,
  order: OrderRow,
  capture: ProviderCapture,
  kind: keyof typeof REFUSALS,
  reason: string,
): Promise<CaptureOutcome> {
  const taken = capture.amountPaise ?? order.totalPaise;
  // a second payment is refunded against its own id; the order keeps the capture it settled (later refunds use it)
  const updated = await addRefusedCapture(tx, order, {
    captureId: kind === 'second_payment' ? null : capture.captureId,
    amountPaise: taken,
  });
  await recordMoneyEvent(tx, {
    orderId: order.id,
    type: 'capture_refused',
    amountPaise: taken,
    currency: capture.currency ?? ctx.currency,
    providerId: capture.captureId,
    actor: SYSTEM,
    reason,
  });
  const { refundId } = await requestRefundIn(tx, updated, ctx.currency, {
    amountPaise: taken,
    kind,
    reason,
    dedupeKey: captureDedupeKey(order, capture),
    actor: SYSTEM,
    captureId: capture.captureId ?? undefined,
  });
  return { outcome: 'refunded', order, refundId, ...REFUSALS[kind] };
}

class NoStock extends Error {}

/** The hold ended (expired or failed): its stock is taken again only if all of it is still there (a savepoint). */
async function retake(tx: Tx, touched: Touched, orderId: string): Promise<boolean> {
  return tx
    .transaction(async (sp) => {
      const took = await stock.take(sp, touched, await stockLinesOf(sp, orderId), { evenDeleted: true });
      if ('refused' in took) throw new NoStock();
      return true;
    })
    .catch((err: unknown) => {
      if (err instanceof NoStock) return false;
      throw err;
    });
}

/** Paid: the lines are confirmed, held stock becomes sold, the ledger records the capture, mails are queued. */
async function pay(
  ctx: MoneyContext,
  tx: Tx,
  touched: Touched,
  order: OrderRow,
  capture: ProviderCapture,
  opts: { lateCapture: boolean; client?: string },
): Promise<CaptureOutcome> {
  // the amount was checked: it is the order's total
  const amountPaise = capture.amountPaise ?? order.totalPaise;
  const paid = await markPaid(tx, order, { ...capture, amountPaise });
  const lines = await confirmLines(tx, order.id);
  await recordStatusChangesIn(tx, order.id, lines, 'confirmed', SYSTEM);
  await stock.markSold(tx, touched, lines);
  await redeemCouponUsesIn(tx, order.id);
  // a late capture's lines went back to the cart when its hold ended: they leave it again
  if (opts.lateCapture && order.cartId) await takeOutOfCart(tx, order.cartId, lines);
  await recordMoneyEvent(tx, {
    orderId: order.id,
    type: 'capture',
    amountPaise,
    currency: ctx.currency,
    providerId: capture.captureId,
    actor: SYSTEM,
  });
  const limits = opts.client
    ? { client: opts.client, limits: ctx.mailLimits, logger: ctx.logger }
    : undefined;
  await enqueueOrderPaidMails(tx, paid, limits);
  await notifyNewOrder(tx, paid, limits);
  return { outcome: 'paid', order: paid };
}
