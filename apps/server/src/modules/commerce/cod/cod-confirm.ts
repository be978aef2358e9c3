/**
 * Confirming a cash-on-delivery order (docs/money.md, "Cash on delivery"): `POST /api/shop/order/cod/confirm`
 * `{ orderId, otp }`. Under the order's lock: the code is checked (a wrong one answers 422 with the tries left, the
 * fourth 429); the right one places the order — its held stock sold, lines confirmed, one parcel per seller, the
 * shopper and sellers told — with nothing captured: the money arrives with the courier's remittance.
 */
import type { Db } from '../../../db/client';
import type { ChangeFeed } from '../../../lib/change-feed';
import { AppError, conflict, notFound } from '../../../lib/errors';
import { enqueueOrderPaidMails } from '../../mail';
import { notifyNewOrder } from '../../notifications';
import { SYSTEM } from '../money/ledger';
import type { OrderRow } from '../orders/order.mapper';
import { recordStatusChangesIn } from '../orders/order-history';
import { confirmLines, lockOrder, markCodPlaced } from '../orders/order.repository';
import * as stock from '../stock/stock.repository';
import { inTransaction } from '../unit-of-work';
import { checkCodOtp, type OtpCheck } from './cod-otp';
import { createParcelsIn } from './cod-parcels';
import { redeemCouponUsesIn } from '../coupons/coupon-checkout';

export async function confirmCodOrder(
  deps: { db: Db; changes: ChangeFeed },
  userId: string,
  input: { orderId: string; otp: string },
): Promise<OrderRow> {
  const result = await inTransaction(deps.db, deps.changes, async (tx, touched) => {
    const order = await lockOrder(tx, input.orderId);
    if (!order || order.userId !== userId || order.paymentMethod !== 'cod') throw notFound('Order');
    if (order.paymentStatus === 'paid') return { order };
    if (order.paymentStatus !== 'pending' || !order.stockHeld) {
      throw conflict('This order has ended (cancelled or expired). Please place it again.', 'CHECKOUT_ENDED');
    }
    const check: OtpCheck = await checkCodOtp(tx, order.id, input.otp);
    if (!check.ok) return { refused: check, order: undefined };
    const placed = await markCodPlaced(tx, order.id);
    const lines = await confirmLines(tx, order.id);
    await recordStatusChangesIn(tx, order.id, lines, 'confirmed', SYSTEM);
    await stock.markSold(tx, touched, lines);
    await redeemCouponUsesIn(tx, order.id);
    await createParcelsIn(tx, placed);
    await enqueueOrderPaidMails(tx, placed);
    await notifyNewOrder(tx, placed);
    return { order: placed };
  });
  if (!result.order) {
    const r = result.refused!;
    throw new AppError(r.status, r.status === 429 ? 'RATE_LIMITED' : 'OTP_INVALID', r.message, undefined, {
      triesLeft: r.triesLeft,
    });
  }
  return result.order;
}
