import { allocateRefund, linePaidOf, toPaise } from '@mp/shared';
import type { Tx } from '../../../db/client';
import { AppError, notFound } from '../../../lib/errors';
import type { OrderRow } from '../orders/order.mapper';
import { addLineRefund, findOrder, linesOf, lockOrder } from '../orders/order.repository';
import type { Actor } from './ledger';
import { notifyLinesRefunded } from '../../notifications';
import { sendAll, type MoneyContext } from './money-context';
import { refundableIn, refundByDedupeKey, requestRefundIn } from './refunds';
import { lowerCodOrderIn } from '../cod/cod-lower';
import { recordDeliveryRefundIn } from './shipping-refund';

/**
 * The admin gives back `amount` (rupees) or everything refundable of a captured order, with a reason. The same
 * decision again (its Idempotency-Key, or amount and reason) answers the refund it made.
 */
export async function adminRefund(
  ctx: MoneyContext,
  actor: Actor,
  orderId: string,
  input: { amount?: number; reason: string },
  idempotencyKey?: string,
): Promise<{ order: OrderRow; refundId: string | null; created: boolean }> {
  const out = await ctx.db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (!order) throw notFound('Order');
    const key = `admin:${orderId}:${idempotencyKey ?? `${input.amount ?? 'all'}:${input.reason}`}`;
    // cash on delivery: the parcel asks for less (cod/cod-lower.ts)
    if (order.paymentMethod === 'cod')
      return { refundId: null, ...(await lowerCodOrderIn(tx, order, actor, input, key)) };
    if (order.capturedPaise <= 0) {
      throw new AppError(409, 'NOT_REFUNDABLE', 'This order has no captured payment to refund');
    }
    const same = await refundByDedupeKey(tx, key);
    if (same) return { refundId: same, created: false };
    const amountPaise = input.amount === undefined ? await refundableIn(tx, order) : toPaise(input.amount);
    if (amountPaise <= 0) {
      throw new AppError(409, 'REFUND_EXCEEDS_CAPTURED', 'Nothing of this order is left to refund');
    }
    const r = await requestRefundIn(tx, order, ctx.currency, {
      amountPaise,
      kind: 'admin',
      reason: input.reason,
      dedupeKey: key,
      actor,
    });
    const parts = await spreadOverLinesIn(ctx, tx, orderId, amountPaise, r.refundId);
    await notifyLinesRefunded(tx, { refundId: r.refundId, order, reason: input.reason }, parts);
    return r;
  });
  if (out.created) await sendAll(ctx, [out.refundId]);
  return { order: (await findOrder(ctx.db, orderId))!, ...out };
}

/**
 * An amount refunded of an order falls on its lines in turn, then on the delivery (allocateRefund): each line's
 * refunded total rises, and the part falling on delivered lines is charged to their sellers' ledgers. Answers the
 * parts.
 */
async function spreadOverLinesIn(
  ctx: MoneyContext,
  tx: Tx,
  orderId: string,
  amountPaise: number,
  refundId: string,
) {
  const open = (await linesOf(tx, orderId)).filter((l) => l.status !== 'rejected');
  const split = allocateRefund(
    open.map((l) => ({ id: l.id, valuePaise: linePaidOf(l), refundedPaise: l.refundedPaise })),
    amountPaise,
  );
  const parts = split.lines.map((p) => ({ line: open.find((l) => l.id === p.id)!, paise: p.paise }));
  for (const { line, paise } of parts) await addLineRefund(tx, line.id, paise);
  await recordDeliveryRefundIn(tx, orderId, split.deliveryPaise);
  await ctx.earnings.chargeRefundIn(tx, parts, refundId);
  return parts;
}
