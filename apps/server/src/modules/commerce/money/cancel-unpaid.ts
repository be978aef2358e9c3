import type { Tx } from '../../../db/client';
import { conflict, notFound } from '../../../lib/errors';
import type { OrderRow } from '../orders/order.mapper';
import { lockOrder, markUnpaidCancelled } from '../orders/order.repository';
import { releaseHoldIn } from '../orders/stock-hold';
import { inTransaction, type Touched } from '../unit-of-work';
import type { MoneyContext } from './money-context';

/** Inside a transaction holding the order's lock: an unpaid order ends its hold and is marked cancelled. */
export async function cancelUnpaidIn(tx: Tx, touched: Touched, orderId: string): Promise<OrderRow> {
  await releaseHoldIn(tx, touched, orderId, 'cancelled');
  return markUnpaidCancelled(tx, orderId);
}

/**
 * The shopper abandons an unpaid payment (POST /api/shop/order/cancel, the sandbox's Cancel button): idempotent,
 * stock back once; a payment still on its way is refunded when it arrives. A paid order answers 409.
 */
export function cancelUnpaid(ctx: Pick<MoneyContext, 'db' | 'changes'>, orderId: string): Promise<OrderRow> {
  return inTransaction(ctx.db, ctx.changes, async (tx, touched) => {
    const order = await lockOrder(tx, orderId);
    if (!order) throw notFound('Order');
    if (order.paymentStatus === 'paid') throw conflict('This order is already paid', 'ALREADY_PAID');
    return cancelUnpaidIn(tx, touched, orderId);
  });
}
