/**
 * Orders and their lines: the only writer of `orders` and `order_lines` (docs/orders-and-stock.md, "Owners"). Each
 * write runs in the caller's transaction (or alone when given the database) and is named for the decision it
 * records; the use cases that decide (orders/, money/, seller-orders/) call these and never write the tables
 * themselves. The order's status history is order-history.ts's.
 */
import { and, asc, eq, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { PgInsertValue } from 'drizzle-orm/pg-core';
import type { OrderStatus } from '@mp/shared';
import type { DbOrTx, Tx } from '../../../db/client';
import { ofSubOrder } from '../../../db/sub-order';
import { orderLines, orders, users } from '../../../db/schema';
import { deriveOrderStatus, type OrderLineRow, type OrderRow } from './order.mapper';

export type NewOrder = PgInsertValue<typeof orders>;
export type NewOrderLine = PgInsertValue<typeof orderLines>;

// ---- reads the use cases decide from

/** The order, its row locked until the transaction ends: capture, cancel, reject and refund run one at a time. */
export const lockOrder = async (tx: Tx, orderId: string): Promise<OrderRow | undefined> =>
  (await tx.select().from(orders).where(eq(orders.id, orderId)).for('update'))[0];

export const findOrder = async (db: DbOrTx, orderId: string): Promise<OrderRow | undefined> =>
  (await db.select().from(orders).where(eq(orders.id, orderId)).limit(1))[0];

export const findOrderByPaymentId = async (db: DbOrTx, paymentId: string): Promise<OrderRow | undefined> =>
  (await db.select().from(orders).where(eq(orders.paymentId, paymentId)).limit(1))[0];

/** An order's lines (or one seller's of them), oldest first. */
export const linesOf = (db: DbOrTx, orderId: string, sellerId?: string): Promise<OrderLineRow[]> =>
  db
    .select()
    .from(orderLines)
    .where(and(eq(orderLines.orderId, orderId), sellerId ? eq(orderLines.sellerId, sellerId) : undefined))
    .orderBy(asc(orderLines.createdAt), asc(orderLines.id));

/** An order's products, variants and quantities, in the order the lines were written (the cart's order). */
export const stockLinesOf = (db: DbOrTx, orderId: string) =>
  db
    .select({
      productId: orderLines.productId,
      variantId: orderLines.variantId,
      quantity: orderLines.quantity,
    })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId));

// ---- placing an order

/** The shopper's order of this checkout attempt (its idempotency key), if it was placed already. */
export const findByIdempotencyKey = async (
  tx: Tx,
  userId: string,
  key: string,
): Promise<OrderRow | undefined> =>
  (
    await tx
      .select()
      .from(orders)
      .where(and(eq(orders.userId, userId), eq(orders.idempotencyKey, key)))
      .limit(1)
  )[0];

/**
 * In one read: the shopper's held pending order (locked), and the earliest still-running deadline of the
 * shopper's unpaid checkouts (held, replaced or cancelled: a released order still counts).
 */
export async function heldOrderAndDeadline(
  tx: Tx,
  userId: string,
): Promise<{ previous: string | null; deadline: Date | null }> {
  const held = sql<string | null>`(select o.id from ${orders} o
    where o.user_id = ${userId} and o.stock_held and o.payment_status = 'pending' limit 1 for update)`;
  const running = sql<Date | null>`(select min(o.hold_expires_at) from ${orders} o
    where o.user_id = ${userId} and o.payment_status in ('pending', 'cancelled') and o.hold_expires_at > now())`;
  const [found] = await tx
    .select({ previous: held, deadline: running.mapWith(orders.holdExpiresAt) })
    .from(users)
    .where(eq(users.id, userId));
  return { previous: found?.previous ?? null, deadline: found?.deadline ?? null };
}

export async function insertOrder(tx: Tx, values: NewOrder): Promise<OrderRow> {
  const [order] = await tx.insert(orders).values(values).returning();
  return order!;
}

export async function insertLines(tx: Tx, lines: NewOrderLine[]): Promise<void> {
  await tx.insert(orderLines).values(lines);
}

/** The provider's payment for a placed order, and the page the shopper approves it on. */
export async function attachPayment(
  db: DbOrTx,
  orderId: string,
  payment: { paymentId: string; approvalURL: string },
): Promise<void> {
  await db
    .update(orders)
    .set({ paymentId: payment.paymentId, approvalUrl: payment.approvalURL, updatedAt: sql`now()` })
    .where(eq(orders.id, orderId));
}

// ---- the stock hold

/**
 * The caller's held pending order of this payment, its hold kept alive while the provider captures (so the
 * sweeper cannot release it meanwhile); the extension is bounded (created + hold time + 5 minutes), so calling
 * capture again never renews the hold. Undefined when the order is not simply held and pending.
 */
export async function keepHoldForCapture(
  db: DbOrTx,
  q: { orderId?: string; paymentId: string; userId: string; holdMinutes: number },
): Promise<OrderRow | undefined> {
  const [held] = await db
    .update(orders)
    .set({
      holdExpiresAt: sql`greatest(${orders.holdExpiresAt}, least(now() + interval '5 minutes', ${orders.createdAt} + make_interval(mins => ${q.holdMinutes + 5})))`,
    })
    .where(
      and(
        q.orderId ? eq(orders.id, q.orderId) : undefined,
        eq(orders.paymentId, q.paymentId),
        eq(orders.userId, q.userId),
        eq(orders.paymentStatus, 'pending'),
        eq(orders.stockHeld, true),
      ),
    )
    .returning();
  return held;
}

/**
 * Up to 500 held pending orders whose hold ended before `expiredBefore` (soonest first), or that got no payment
 * before `withoutPaymentBefore` (half-created).
 */
export const heldOrders = (
  db: DbOrTx,
  q: { expiredBefore: Date } | { withoutPaymentBefore: Date },
): Promise<{ id: string }[]> =>
  'expiredBefore' in q
    ? db
        .select({ id: orders.id })
        .from(orders)
        .where(heldPending(lt(orders.holdExpiresAt, q.expiredBefore)))
        .orderBy(asc(orders.holdExpiresAt))
        .limit(500)
    : db
        .select({ id: orders.id })
        .from(orders)
        .where(heldPending(isNull(orders.paymentId), lt(orders.createdAt, q.withoutPaymentBefore)))
        .limit(500);

const heldPending = (...more: SQL[]) =>
  and(eq(orders.stockHeld, true), eq(orders.paymentStatus, 'pending'), ...more);

/**
 * Ends a pending order's hold, exactly once: only the call whose conditional update flips stock_held from true
 * to false gets the order's cart back (null for buy now); the others get undefined.
 */
export async function endHold(
  tx: DbOrTx,
  orderId: string,
  paymentStatus: 'cancelled' | 'failed',
  opts: { expiredBefore?: Date; withoutPaymentBefore?: Date } = {},
): Promise<{ cartId: string | null } | undefined> {
  const [released] = await tx
    .update(orders)
    .set({ stockHeld: false, paymentStatus, updatedAt: sql`now()` })
    .where(
      and(
        eq(orders.id, orderId),
        eq(orders.stockHeld, true),
        eq(orders.paymentStatus, 'pending'),
        opts.expiredBefore ? lt(orders.holdExpiresAt, opts.expiredBefore) : undefined,
        opts.withoutPaymentBefore
          ? and(isNull(orders.paymentId), lt(orders.createdAt, opts.withoutPaymentBefore))
          : undefined,
      ),
    )
    .returning({ cartId: orders.cartId });
  return released;
}

// ---- payment

/** The provider took the money but has not settled it yet: the capture's id is kept. */
export async function setPendingCapture(
  tx: Tx,
  orderId: string,
  captureId: string | null,
): Promise<OrderRow> {
  const [updated] = await tx
    .update(orders)
    .set({ captureId, updatedAt: sql`now()` })
    .where(eq(orders.id, orderId))
    .returning();
  return updated!;
}

/** A payment that does not pay this order: still pending, it becomes failed. */
export async function markPaymentFailed(tx: Tx, orderId: string): Promise<void> {
  await tx
    .update(orders)
    .set({ paymentStatus: 'failed' })
    .where(and(eq(orders.id, orderId), eq(orders.paymentStatus, 'pending')));
}

/** Money taken that the order will not keep (it is refunded): the captured total rises. */
export async function addRefusedCapture(
  tx: Tx,
  order: OrderRow,
  capture: { captureId: string | null; amountPaise: number },
): Promise<OrderRow> {
  const [updated] = await tx
    .update(orders)
    .set({
      captureId: capture.captureId ?? order.captureId,
      capturedPaise: sql`${orders.capturedPaise} + ${capture.amountPaise}`,
      updatedAt: sql`now()`,
    })
    .where(eq(orders.id, order.id))
    .returning();
  return updated!;
}

/**
 * A cash-on-delivery order confirmed by its code (docs/money.md, "Cash on delivery"): placed like a paid order (its
 * hold becomes a sale, sellers see it) with nothing captured yet; the courier's remittances raise `captured_paise`.
 */
export async function markCodPlaced(tx: Tx, orderId: string): Promise<OrderRow> {
  const [placed] = await tx
    .update(orders)
    .set({
      paymentStatus: 'paid',
      orderStatus: 'confirmed',
      paidAt: sql`now()`,
      stockHeld: false,
      updatedAt: sql`now()`,
    })
    .where(and(eq(orders.id, orderId), eq(orders.paymentStatus, 'pending'), eq(orders.stockHeld, true)))
    .returning();
  return placed!;
}

/** The courier remitted a COD parcel's cash: the order's captured money rises by it. */
export async function addCodRemittance(tx: Tx, orderId: string, amountPaise: number): Promise<void> {
  await tx
    .update(orders)
    .set({ capturedPaise: sql`${orders.capturedPaise} + ${amountPaise}`, updatedAt: sql`now()` })
    .where(eq(orders.id, orderId));
}

/** The order is paid: its hold becomes a sale. */
export async function markPaid(
  tx: Tx,
  order: OrderRow,
  capture: { captureId: string | null; payerId: string | null; amountPaise: number },
): Promise<OrderRow> {
  const [paid] = await tx
    .update(orders)
    .set({
      paymentStatus: 'paid',
      orderStatus: 'confirmed',
      paidAt: sql`now()`,
      payerId: capture.payerId ?? order.payerId,
      captureId: capture.captureId ?? order.captureId,
      capturedPaise: capture.amountPaise,
      stockHeld: false,
      updatedAt: sql`now()`,
    })
    .where(eq(orders.id, order.id))
    .returning();
  return paid!;
}

/**
 * Every line of a paid order becomes confirmed; each answers its seller and status before (the status history:
 * the subquery reads the rows as they were when the statement began) and its product and quantity (units sold).
 */
export async function confirmLines(tx: Tx, orderId: string) {
  const before = tx
    .select({ id: orderLines.id, status: orderLines.status })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId))
    .as('before');
  return tx
    .update(orderLines)
    .set({ status: 'confirmed', updatedAt: sql`now()` })
    .from(before)
    .where(eq(orderLines.id, before.id))
    .returning({
      sellerId: orderLines.sellerId,
      status: before.status,
      productId: orderLines.productId,
      variantId: orderLines.variantId,
      quantity: orderLines.quantity,
    });
}

// ---- cancellation, rejection, refunds

/** An unpaid order is cancelled: a payment still on its way is refunded when it arrives. */
export async function markUnpaidCancelled(tx: Tx, orderId: string): Promise<OrderRow> {
  const [closed] = await tx
    .update(orders)
    .set({
      cancelledAt: sql`coalesce(${orders.cancelledAt}, now())`,
      paymentStatus: sql`case when ${orders.paymentStatus} = 'pending' then 'cancelled' else ${orders.paymentStatus} end`,
      updatedAt: sql`now()`,
    })
    .where(eq(orders.id, orderId))
    .returning();
  return closed!;
}

/** A paid order the shopper cancelled. */
export async function markCancelled(tx: Tx, orderId: string): Promise<OrderRow> {
  const [closed] = await tx
    .update(orders)
    .set({ cancelledAt: sql`now()`, updatedAt: sql`now()` })
    .where(eq(orders.id, orderId))
    .returning();
  return closed!;
}

/** Lines given back in full: rejected, pointing at their refund (null when nothing was left to refund). */
export async function rejectLines(tx: Tx, lineIds: string[], refundId: string | null): Promise<void> {
  await tx
    .update(orderLines)
    .set({
      status: 'rejected',
      refundId,
      // all that was paid for it: a coupon's shares were never paid (docs/money.md, "Coupons")
      refundedPaise: sql`${orderLines.linePricePaise} * ${orderLines.quantity} - ${orderLines.sellerDiscountPaise} - ${orderLines.platformDiscountPaise}`,
      updatedAt: sql`now()`,
    })
    .where(inArray(orderLines.id, lineIds));
}

/** The part of a refund that falls on a line. */
export async function addLineRefund(tx: Tx, lineId: string, paise: number): Promise<void> {
  await tx
    .update(orderLines)
    .set({ refundedPaise: sql`${orderLines.refundedPaise} + ${paise}`, updatedAt: sql`now()` })
    .where(eq(orderLines.id, lineId));
}

/**
 * Units of a delivered line go into a return: only while the line's returned units stay within its quantity. The
 * check and the increase are one statement on the line's row, so of two requests racing for the last unit one
 * wins and the other is told (false); the table's check constraint backs it (docs/returns.md, "Units").
 */
export async function reserveReturnUnits(tx: Tx, lineId: string, units: number): Promise<boolean> {
  const rows = await tx
    .update(orderLines)
    .set({ returnUnits: sql`${orderLines.returnUnits} + ${units}`, updatedAt: sql`now()` })
    .where(
      and(eq(orderLines.id, lineId), sql`${orderLines.returnUnits} + ${units} <= ${orderLines.quantity}`),
    )
    .returning({ id: orderLines.id });
  return rows.length > 0;
}

/** A return cancelled or rejected gives its units back to what may be returned. */
export async function releaseReturnUnits(tx: Tx, lineId: string, units: number): Promise<void> {
  await tx
    .update(orderLines)
    .set({ returnUnits: sql`greatest(0, ${orderLines.returnUnits} - ${units})`, updatedAt: sql`now()` })
    .where(eq(orderLines.id, lineId));
}

/** A refund the provider completed: the order's refunded total rises. */
export async function addRefunded(tx: Tx, orderId: string, paise: number): Promise<void> {
  await tx
    .update(orders)
    .set({ refundedPaise: sql`${orders.refundedPaise} + ${paise}`, updatedAt: sql`now()` })
    .where(eq(orders.id, orderId));
}

// ---- a seller's part

/** A seller's lines of an order move to `status` (a rejection also keeps the reason the shopper sees). */
export async function setSellerLines(
  tx: Tx,
  orderId: string,
  sellerId: string,
  change: { status: OrderStatus } | { rejectionReason: string | null },
): Promise<void> {
  await tx
    .update(orderLines)
    .set('status' in change ? { status: change.status, updatedAt: sql`now()` } : change)
    .where(ofSubOrder(orderLines, orderId, sellerId));
}

/** The order's overall status, derived from its lines' (and whether its delivery was refunded). */
export async function setOrderStatus(
  tx: Tx,
  orderId: string,
  lineStatuses: OrderStatus[],
  extra: { deliveryRefunded?: boolean } = {},
): Promise<OrderRow> {
  const [order] = await tx
    .update(orders)
    .set({ orderStatus: deriveOrderStatus(lineStatuses), ...extra, updatedAt: sql`now()` })
    .where(eq(orders.id, orderId))
    .returning();
  return order!;
}
