import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { orderLines, orders, products } from '../../../db/schema';
import { takeOutOfCart } from '../cart/cart.service';
import { AppError } from '../../../lib/errors';
import type { OrderRow } from './order.mapper';
import type { ChangeFeed } from '../../../lib/change-feed';
import { byProduct, retakeStock } from './stock-hold';
import { enqueueOrderPaidMails } from '../../mail';

export interface CompletionResult {
  order: OrderRow;
  /** false when the order was already paid (nothing changed) */
  completed: boolean;
  /** products whose stock or units sold changed */
  productIds: string[];
}

/**
 * The single place an order becomes paid, used by the return-page capture and the PayPal webhook alike.
 * The order row is locked, so whichever caller comes first completes it and every later caller (or a racing one)
 * sees it paid and changes nothing: held stock becomes sold once, the cart is emptied once.
 */
export async function completeOrderPayment(
  db: Db,
  changes: ChangeFeed,
  orderId: string,
  capture: { captureId: string | null; payerId: string | null },
): Promise<CompletionResult> {
  const result = await db.transaction(async (tx): Promise<CompletionResult> => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!order) throw new AppError(404, 'NOT_FOUND', 'Order not found');
    if (order.paymentStatus === 'paid') return { order, completed: false, productIds: [] };

    const lateCapture = !order.stockHeld;
    if (lateCapture) {
      // The money arrived after the hold ended (cancelled or expired): sell the stock only if it is still there.
      if (!(await retakeStock(tx, order.id))) {
        throw new AppError(
          409,
          'OUT_OF_STOCK',
          'The payment arrived after this order expired and the items are no longer in stock; it will be refunded.',
        );
      }
    }

    const [paid] = await tx
      .update(orders)
      .set({
        paymentStatus: 'paid',
        orderStatus: 'confirmed',
        paidAt: sql`now()`,
        payerId: capture.payerId ?? order.payerId,
        captureId: capture.captureId ?? order.captureId,
        stockHeld: false,
        updatedAt: sql`now()`,
      })
      .where(eq(orders.id, orderId))
      .returning();
    await tx
      .update(orderLines)
      .set({ status: 'confirmed', updatedAt: sql`now()` })
      .where(eq(orderLines.orderId, orderId));

    const lines = await tx
      .select({ productId: orderLines.productId, quantity: orderLines.quantity })
      .from(orderLines)
      .where(eq(orderLines.orderId, orderId));
    const sold = byProduct(lines);
    for (const l of sold) {
      await tx
        .update(products)
        .set({ unitsSold: sql`${products.unitsSold} + ${l.quantity}` })
        .where(eq(products.id, l.productId));
    }

    // The order took its lines out of the cart when it was placed; lines added since stay. A late capture's lines
    // went back to the cart when its hold ended: they leave it again (docs/orders-and-stock.md).
    if (lateCapture && order.cartId) await takeOutOfCart(tx, order.cartId, lines);
    await enqueueOrderPaidMails(tx, orderId);
    return { order: paid!, completed: true, productIds: sold.map((l) => l.productId) };
  });
  // stock and units sold changed: cached shop listings and home rows must not show the old figures
  if (result.completed) changes.publish({ type: 'stock', ids: result.productIds });
  return result;
}
