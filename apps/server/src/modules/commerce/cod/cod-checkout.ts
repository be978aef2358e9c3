/**
 * A cash-on-delivery checkout after its order is placed (docs/money.md, "Cash on delivery"): the order is named
 * `COD-{order id}` as its payment, and the code is sent by SMS to the delivery phone. The shopper lands on the
 * code page; a code that may not be sent (3 an hour) releases the hold at once; the SMS gateway down does not (the
 * SMS outbox retries the message).
 */
import type { Db } from '../../../db/client';
import type { ChangeFeed } from '../../../lib/change-feed';
import type { SmsOutbox } from '../../sms/sms-outbox';
import type { OrderRow } from '../orders/order.mapper';
import { attachPayment } from '../orders/order.repository';
import { releaseHold } from '../orders/stock-hold';
import { sendCodOtp } from './cod-otp';

export interface CodDeps {
  maxPaise: number;
  sms: SmsOutbox;
}

export const codConfirmPath = (orderId: string) => `/shop/cod-confirm/${orderId}`;

export async function startCodPayment(
  deps: { db: Db; changes: ChangeFeed; cod: CodDeps },
  order: OrderRow,
): Promise<{ paymentId: string; approvalURL: string }> {
  const payment = { paymentId: `COD-${order.id}`, approvalURL: codConfirmPath(order.id) };
  try {
    await sendCodOtp(deps.db, deps.cod.sms, { orderId: order.id, userId: order.userId, phone: order.phone });
  } catch (err) {
    await releaseHold(deps.db, deps.changes, order.id, 'failed');
    throw err;
  }
  await attachPayment(deps.db, order.id, payment);
  return payment;
}
