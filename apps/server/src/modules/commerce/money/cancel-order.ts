import { conflict, notFound } from '../../../lib/errors';
import { notifyOrderCancelled } from '../../notifications';
import type { OrderLineRow, OrderRow } from '../orders/order.mapper';
import { recordStatusChangesIn } from '../orders/order-history';
import { findOrder, linesOf, lockOrder, markCancelled } from '../orders/order.repository';
import { inTransaction } from '../unit-of-work';
import { cancelUnpaidIn } from './cancel-unpaid';
import type { Actor } from './ledger';
import { sendAll, type MoneyContext } from './money-context';
import { refundLinesIn } from './refund-lines';
import { releaseCouponUsesIn } from '../coupons/coupon-checkout';

/** The lines a paid order's cancel gives back: refused while any is shipping or delivered, or none is left. */
function linesToCancel(lines: OrderLineRow[]): OrderLineRow[] {
  if (lines.some((l) => l.status === 'inShipping' || l.status === 'delivered')) {
    throw conflict('Part of this order is already shipped; it can no longer be cancelled', 'NOT_CANCELLABLE');
  }
  const target = lines.filter((l) => l.refundId === null && l.status !== 'rejected');
  if (target.length === 0) throw conflict('Nothing of this order is left to cancel', 'ALREADY_CANCELLED');
  return target;
}

/**
 * The shopper cancels an order (POST /api/shop/order/cancel/:orderId). Unpaid: the hold ends and the order is
 * marked cancelled, so a payment still on its way is refunded. Paid and nothing shipped: every line not yet
 * refunded is refunded with the delivery, and its stock returned; the sellers are told not to ship it. A second
 * cancel is refused (409).
 */
export async function cancelOrder(
  ctx: MoneyContext,
  caller: Actor & { userId: string },
  orderId: string,
): Promise<{ order: OrderRow; refundId: string | null }> {
  const out = await inTransaction(ctx.db, ctx.changes, async (tx, touched) => {
    const order = await lockOrder(tx, orderId);
    if (!order || order.userId !== caller.userId) throw notFound('Order');
    if (order.cancelledAt) throw conflict('This order is already cancelled', 'ALREADY_CANCELLED');
    if (order.paymentStatus !== 'paid') {
      return { order: await cancelUnpaidIn(tx, touched, orderId), refundId: null };
    }
    const target = linesToCancel(await linesOf(tx, orderId));
    await recordStatusChangesIn(tx, orderId, target, 'rejected', caller);
    const refundId = await refundLinesIn(ctx, tx, touched, order, target, {
      kind: 'shopper_cancel',
      reason: 'cancelled by the shopper',
      dedupeKey: `cancel:${orderId}`,
      actor: caller,
    });
    // the sellers must not ship what was cancelled (docs/seo-and-email.md, "Seller notifications")
    await notifyOrderCancelled(tx, order, target);
    // a whole order cancelled gives its codes' uses back (docs/money.md, "Coupons")
    await releaseCouponUsesIn(tx, orderId);
    return { order: await markCancelled(tx, orderId), refundId };
  });
  await sendAll(ctx, [out.refundId]);
  return { order: (await findOrder(ctx.db, orderId))!, refundId: out.refundId };
}
