/**
 * A demo return (docs/returns.md): the demo shopper's paid order of two units from Meera's store, delivered by the
 * courier two days ago, with one unit asked back ("size doesn't fit"), waiting for the seller's decision. Written
 * straight to the tables like the rest of the demo data; the seller's console shows it in its returns queue.
 */
import { RETURN_DECISION_HOURS } from '@mp/shared';
import type { Tx } from '../db/client';
import {
  orderLines,
  orderStatusHistory,
  orders,
  returnEvents,
  returnLines,
  returns,
  sandboxPayments,
} from '../db/schema';

const HOUR_MS = 3_600_000;

export async function seedDemoReturn(
  tx: Tx,
  a: {
    shopperId: string;
    buyerName: string;
    sellerId: string;
    product: { id: string; title: string; image: string; pricePaise: number };
  },
): Promise<void> {
  const now = Date.now();
  const paidAt = new Date(now - 5 * 24 * HOUR_MS);
  const deliveredAt = new Date(now - 2 * 24 * HOUR_MS);
  const total = a.product.pricePaise * 2;
  await tx.insert(sandboxPayments).values({
    paymentId: 'SBX-DEMO-RETURN',
    amountPaise: total,
    currency: 'INR',
    payerId: 'DEMO-PAYER',
    captureId: 'SBX-CAP-DEMO-RETURN',
  });
  const [order] = await tx
    .insert(orders)
    .values({
      userId: a.shopperId,
      buyerName: a.buyerName,
      recipientName: a.buyerName,
      address: '21 Residency Road',
      city: 'Bengaluru',
      state: 'Karnataka',
      pincode: '560025',
      phone: '9876543210',
      orderStatus: 'delivered',
      paymentMethod: 'paypal',
      paymentStatus: 'paid',
      subtotalPaise: total,
      discountPaise: 0,
      shippingPaise: 0,
      totalPaise: total,
      paymentId: 'SBX-DEMO-RETURN',
      payerId: 'DEMO-PAYER',
      captureId: 'SBX-CAP-DEMO-RETURN',
      capturedPaise: total,
      paidAt,
      createdAt: paidAt,
    })
    .returning({ id: orders.id });
  const [line] = await tx
    .insert(orderLines)
    .values({
      orderId: order!.id,
      productId: a.product.id,
      sellerId: a.sellerId,
      title: a.product.title,
      image: a.product.image,
      unitPricePaise: a.product.pricePaise,
      linePricePaise: a.product.pricePaise,
      quantity: 2,
      status: 'delivered',
      returnWindowDays: 7,
      returnUnits: 1,
    })
    .returning({ id: orderLines.id });
  await tx.insert(orderStatusHistory).values([
    {
      orderId: order!.id,
      sellerId: a.sellerId,
      fromStatus: 'pending',
      toStatus: 'confirmed',
      actorRole: 'system',
      createdAt: paidAt,
    },
    {
      orderId: order!.id,
      sellerId: a.sellerId,
      fromStatus: 'confirmed',
      toStatus: 'delivered',
      actorRole: 'courier',
      createdAt: deliveredAt,
    },
  ]);
  const asked = new Date(now - 3 * HOUR_MS);
  const [ret] = await tx
    .insert(returns)
    .values({
      orderId: order!.id,
      sellerId: a.sellerId,
      userId: a.shopperId,
      reason: 'size_fit',
      comment: 'Too tight at the shoulders',
      decisionDueAt: new Date(asked.getTime() + RETURN_DECISION_HOURS * HOUR_MS),
      createdAt: asked,
      updatedAt: asked,
    })
    .returning({ id: returns.id });
  await tx
    .insert(returnLines)
    .values({ returnId: ret!.id, orderLineId: line!.id, quantity: 1, refundPaise: a.product.pricePaise });
  await tx.insert(returnEvents).values({
    returnId: ret!.id,
    kind: 'requested',
    state: 'requested',
    actor: 'shopper',
    actorUserId: a.shopperId,
    note: 'Too tight at the shoulders',
    createdAt: asked,
  });
}
