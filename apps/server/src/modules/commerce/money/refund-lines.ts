import { linePaidOf, linesRefundPaise } from '@mp/shared';
import type { Tx } from '../../../db/client';
import type { OrderLineRow, OrderRow } from '../orders/order.mapper';
import { linesOf, rejectLines, setOrderStatus } from '../orders/order.repository';
import * as stock from '../stock/stock.repository';
import type { Touched } from '../unit-of-work';
import type { MoneyContext } from './money-context';
import { refundableIn, requestRefundIn, type RefundDecision } from './refunds';
import { lowerCodParcelsForLinesIn } from '../cod/cod-lower';
import { shippingEndedBy } from './shipping-refund';

/**
 * What is left to give back of a line: its paid share (a coupon's shares were never paid, docs/money.md "Coupons")
 * less earlier partial refunds by the admin.
 */
const lineLeft = (l: OrderLineRow) => linePaidOf(l) - l.refundedPaise;

/**
 * Refunds `target` lines of a locked, paid order (the shopper's cancel, a seller's rejection): their stock comes
 * back (units sold go down), they become rejected with the refund's id, and the refund is requested, with the
 * shipping of each seller sub-order they are the last lines of (shipping-refund.ts). When no unrefunded line is
 * left, the refund is everything still refundable (delivery included), so the order's money adds up exactly.
 * Answers the refund's id (null when nothing was left to refund).
 */
export async function refundLinesIn(
  ctx: Pick<MoneyContext, 'currency'>,
  tx: Tx,
  touched: Touched,
  order: OrderRow,
  target: OrderLineRow[],
  d: Omit<RefundDecision, 'amountPaise'>,
): Promise<string | null> {
  const all = await linesOf(tx, order.id);
  const ids = new Set(target.map((l) => l.id));
  const left = all.filter((l) => !ids.has(l.id) && l.refundId === null && l.status !== 'rejected');
  const shipping = await shippingEndedBy(tx, order.id, target, left);
  // a cash-on-delivery order paid nothing for these lines: its parcels ask for less instead (cod/cod-lower.ts)
  if (order.paymentMethod === 'cod') await lowerCodParcelsForLinesIn(tx, order.id, target, left.length === 0);
  const targetLeftPaise = target.reduce((s, l) => s + lineLeft(l), 0);
  const amountPaise = linesRefundPaise({
    targetLeftPaise,
    refundablePaise: order.paymentMethod === 'cod' ? 0 : await refundableIn(tx, order),
    lastLines: left.length === 0,
    shippingPaise: shipping.shippingPaise,
  });
  const r = amountPaise > 0 ? await requestRefundIn(tx, order, ctx.currency, { ...d, amountPaise }) : null;
  if (r?.created) await shipping.record(tx, Math.max(0, amountPaise - targetLeftPaise));
  const refundId = r?.refundId ?? null;
  await rejectLines(tx, [...ids], refundId);
  await stock.giveBack(tx, touched, target, { sold: true });
  const statuses = all.map((l) => (ids.has(l.id) ? 'rejected' : l.status));
  await setOrderStatus(tx, order.id, statuses, { deliveryRefunded: left.length === 0 });
  return refundId;
}
