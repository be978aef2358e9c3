import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  sellerStatusChoices,
  sellerStatusMove,
  type SellerOrderDto,
  type SellerOrderStatus,
} from '@mp/shared';
import type { Db, DbOrTx } from '../../../db/client';
import { orderLines, orders } from '../../../db/schema';
import { AppError, notFound } from '../../../lib/errors';
import { enqueueLineStatusMail } from '../../mail';
import type { MoneyService } from '../money/money.service';
import type { Earnings } from '../earnings/earnings.service';
import { deriveOrderStatus, type OrderRow } from '../orders/order.mapper';
import { recordStatusChangesIn } from '../orders/order-history';
import { sellerOrderViews } from '../orders/order-views';

/** Sellers see paid orders only: an unpaid checkout is not something to pack and ship. */
const visible = (sellerId: string) =>
  and(eq(orderLines.sellerId, sellerId), eq(orders.paymentStatus, 'paid'));

/** The seller's orders, newest first, each showing only that seller's lines. */
export async function listSellerOrders(db: Db, sellerId: string): Promise<SellerOrderDto[]> {
  const ids = db
    .selectDistinct({ id: orderLines.orderId })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(visible(sellerId));
  const rows = await db
    .select()
    .from(orders)
    .where(inArray(orders.id, ids))
    .orderBy(desc(orders.createdAt), desc(orders.id));
  return sellerOrderViews(db, sellerId, rows);
}

async function sellerOrder(db: DbOrTx, sellerId: string, orderId: string, lock = false): Promise<OrderRow> {
  const q = db
    .select({ order: orders })
    .from(orders)
    .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
    .where(and(eq(orders.id, orderId), visible(sellerId)))
    .limit(1);
  const [row] = lock ? await q.for('update', { of: orders }) : await q;
  if (!row) throw notFound('Order');
  return row.order;
}

export async function sellerOrderDetails(db: Db, sellerId: string, orderId: string): Promise<SellerOrderDto> {
  const order = await sellerOrder(db, sellerId, orderId);
  return (await sellerOrderViews(db, sellerId, [order]))[0]!;
}

/**
 * A seller moves its lines of one order along the status machine (docs/orders-and-stock.md): forward only,
 * rejected only before shipping and with a reason the shopper sees (docs/order-views.md); rejecting refunds those
 * lines and returns their stock (docs/money.md). Each move is recorded in order_status_history with its actor
 * (order-history.ts); asking for the status the lines already have changes nothing; any other move is refused with
 * 409 INVALID_STATUS_TRANSITION.
 */
export async function updateSellerOrderStatus(
  db: Db,
  { money, earnings }: { money: MoneyService; earnings: Earnings },
  sellerId: string,
  orderId: string,
  status: SellerOrderStatus,
  actor: { userId: string; role: string },
  /** required when rejecting (the input schema checks it); kept on the lines for the shopper */
  reason?: string,
): Promise<SellerOrderDto> {
  let refundId: string | null = null;
  const dto = await db.transaction(async (tx) => {
    const locked = await sellerOrder(tx, sellerId, orderId, true);
    const own = await tx
      .select({ status: orderLines.status, sellerId: orderLines.sellerId })
      .from(orderLines)
      .where(and(eq(orderLines.orderId, orderId), eq(orderLines.sellerId, sellerId)));
    const current = deriveOrderStatus(own.map((l) => l.status));
    const move = sellerStatusMove(current, status);
    if (move === 'refused') {
      const allowed = sellerStatusChoices(current).filter((s) => sellerStatusMove(current, s) === 'move');
      throw new AppError(
        409,
        'INVALID_STATUS_TRANSITION',
        allowed.length
          ? `This order is ${current}: it can only move to ${allowed.join(', ')}`
          : `This order is ${current}: its status can no longer change`,
        undefined,
        { current, allowed },
      );
    }
    if (move === 'same') return (await sellerOrderViews(tx, sellerId, [locked]))[0]!;
    await recordStatusChangesIn(tx, orderId, own, status, actor);
    if (status === 'rejected') {
      await tx
        .update(orderLines)
        .set({ rejectionReason: reason ?? null })
        .where(and(eq(orderLines.orderId, orderId), eq(orderLines.sellerId, sellerId)));
      const target = await tx
        .select()
        .from(orderLines)
        .where(
          and(
            eq(orderLines.orderId, orderId),
            eq(orderLines.sellerId, sellerId),
            isNull(orderLines.refundId),
          ),
        );
      refundId = await money.refundLinesIn(tx, locked, target, {
        kind: 'seller_reject',
        reason: 'rejected by the seller',
        dedupeKey: `reject:${orderId}:${sellerId}`,
        actor: { userId: actor.userId, role: actor.role },
      });
    } else {
      if (status === 'delivered') {
        // the seller earns its delivered lines, less the commission (docs/money.md, "Seller earnings")
        const lines = await tx
          .select()
          .from(orderLines)
          .where(and(eq(orderLines.orderId, orderId), eq(orderLines.sellerId, sellerId)));
        await earnings.recordDeliveryIn(tx, lines);
      }
      await tx
        .update(orderLines)
        .set({ status, updatedAt: sql`now()` })
        .where(and(eq(orderLines.orderId, orderId), eq(orderLines.sellerId, sellerId)));
    }
    const all = await tx
      .select({ status: orderLines.status })
      .from(orderLines)
      .where(eq(orderLines.orderId, orderId));
    const [order] = await tx
      .update(orders)
      .set({ orderStatus: deriveOrderStatus(all.map((l) => l.status)), updatedAt: sql`now()` })
      .where(eq(orders.id, orderId))
      .returning();
    await enqueueLineStatusMail(tx, { orderId, sellerId, status, ...(reason ? { reason } : {}) });
    return (await sellerOrderViews(tx, sellerId, [order!]))[0]!;
  });
  if (refundId === null) return dto;
  // stock came back; the refund goes to the provider now that the decision is committed
  await money.stockChanged(orderId);
  await money.sendAll([refundId]);
  return sellerOrderDetails(db, sellerId, orderId);
}
