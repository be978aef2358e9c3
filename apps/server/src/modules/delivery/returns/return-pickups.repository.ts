/**
 * The only writer of `return_pickups` (docs/delivery.md, "Reverse pickup"): a return's pickup queued in the
 * returns core's transaction, claimed by the booking worker under a lease, booked, and moved forward only by the
 * courier's events.
 */
import { packageFor, parcelBilledGrams, type ReturnPickupState } from '@mp/shared';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { claimDue, recordAttempt } from '../../../db/durable-queue';
import { countWhere, selectWhereIn } from '../../../db/paging';
import { pick } from '../../../lib/pick';
import { orderLines, orders, products, returnPickups, returns, sellers, users } from '../../../db/schema';
import { ownPackage } from '../delivery-estimate';
import { productBoxColumns } from '../delivery.repository';

export type ReturnPickupRow = typeof returnPickups.$inferSelect;

/** What goes back: the return's order, its seller, and the units of each line. */
export interface ReturnParcel {
  orderId: string;
  sellerId: string;
  lines: { lineId: string; quantity: number }[];
}

/** The pickup's row from the order's shipping address, the seller's pickup address and the returned units. */
async function pickupValues(tx: DbOrTx, returnId: string, parcel: ReturnParcel) {
  const [head] = await tx
    .select({
      name: sql<string>`coalesce(nullif(${orders.recipientName}, ''), ${orders.buyerName})`,
      phone: orders.phone,
      address: orders.address,
      city: orders.city,
      state: sql<string>`coalesce(${orders.state}, '')`,
      pincode: orders.pincode,
      storeName: sellers.storename,
      sellerPhone: sql<string>`coalesce(${users.phone}, '')`,
      ...pick(sellers, ['pickupAddress', 'pickupPincode']),
    })
    .from(orders)
    .innerJoin(sellers, eq(sellers.id, parcel.sellerId))
    .innerJoin(users, eq(users.id, sellers.userId))
    .where(eq(orders.id, parcel.orderId))
    .limit(1);
  if (!head) throw new Error(`return ${returnId}: order ${parcel.orderId} not found`);
  const ids = parcel.lines.map((l) => l.lineId);
  const rows = await tx
    .select({
      id: orderLines.id,
      title: orderLines.title,
      productId: orderLines.productId,
      unitPricePaise: orderLines.linePricePaise,
      ...productBoxColumns,
    })
    .from(orderLines)
    .leftJoin(products, eq(products.id, orderLines.productId))
    .where(and(eq(orderLines.orderId, parcel.orderId), inArray(orderLines.id, ids)));
  const units = new Map(parcel.lines.map((l) => [l.lineId, l.quantity]));
  const pkgs = rows.map((r) => ({
    pkg: packageFor(r.category ?? 'accessories', ownPackage(r)),
    quantity: units.get(r.id) ?? 0,
  }));
  const box = pkgs
    .map((p) => p.pkg)
    .sort((a, b) => b.lengthCm * b.widthCm * b.heightCm - a.lengthCm * a.widthCm * a.heightCm)[0];
  return {
    returnId,
    orderId: parcel.orderId,
    sellerId: parcel.sellerId,
    fromName: head.name,
    fromPhone: head.phone,
    fromAddress: head.address,
    fromCity: head.city,
    fromState: head.state,
    fromPincode: head.pincode,
    toName: head.storeName,
    toPhone: head.sellerPhone,
    toAddress: head.pickupAddress,
    toPincode: head.pickupPincode,
    items: rows.map((r) => ({
      name: r.title,
      sku: r.productId ?? r.id,
      units: units.get(r.id) ?? 0,
      unitPricePaise: r.unitPricePaise,
    })),
    weightGrams: parcelBilledGrams(pkgs),
    box: box
      ? { lengthCm: box.lengthCm, widthCm: box.widthCm, heightCm: box.heightCm }
      : { lengthCm: 10, widthCm: 10, heightCm: 10 },
  };
}

/** Queues the return's pickup once (a second approval of the same return changes nothing); answers whether new. */
export async function insertPickup(tx: DbOrTx, returnId: string, parcel: ReturnParcel): Promise<boolean> {
  const values = await pickupValues(tx, returnId, parcel);
  const made = await tx
    .insert(returnPickups)
    .values(values)
    .onConflictDoNothing({ target: returnPickups.returnId })
    .returning({ id: returnPickups.id });
  return made.length > 0;
}

/**
 * Claims due pickups for one booking attempt: each is leased for `leaseMs` (another instance's worker skips it), so
 * two workers never book the same row at once; a crash mid-attempt leaves it due again when the lease ends.
 */
export const claimDuePickups = (db: DbOrTx, leaseMs: number, limit = 20) =>
  claimDueRows(db, sql`state = 'queued'`, leaseMs, limit);

/** Leases the due rows matching `due` (db/durable-queue.ts, claimDue) and reads them whole. */
async function claimDueRows(
  db: DbOrTx,
  due: SQL,
  leaseMs: number,
  limit: number,
): Promise<ReturnPickupRow[]> {
  const ids = await claimDue(db, returnPickups, due, leaseMs, limit);
  if (ids.length === 0) return [];
  return db.select().from(returnPickups).where(inArray(returnPickups.id, ids));
}

export const pickupBooked = (
  db: DbOrTx,
  id: string,
  made: { courierShipmentId: string; awb: string; courierName: string; trackingUrl: string },
) =>
  recordAttempt(db, returnPickups, id, {
    set: { ...made, state: 'scheduled' },
    pending: eq(returnPickups.state, 'queued'),
  });

/** A failed attempt: tried again in `retryInMs`, or `failed` (the courier refused) for the admin. */
export const pickupAttemptFailed = (db: DbOrTx, id: string, error: string, retryInMs: number | null) =>
  recordAttempt(db, returnPickups, id, {
    failed: { error, retryInMs },
    set: { state: retryInMs === null ? 'failed' : 'queued' },
    pending: eq(returnPickups.state, 'queued'),
  });

export async function pickupByAwb(db: DbOrTx, awb: string): Promise<ReturnPickupRow | undefined> {
  const [row] = await db.select().from(returnPickups).where(eq(returnPickups.awb, awb)).limit(1);
  return row;
}

/** Moves a pickup forward to `state` (never back); answers whether it moved. */
export async function advancePickup(
  db: DbOrTx,
  id: string,
  state: 'pickedUp' | 'delivered',
  at: string,
): Promise<boolean> {
  const from: ReturnPickupState[] = state === 'pickedUp' ? ['scheduled'] : ['scheduled', 'pickedUp'];
  const moved = await db
    .update(returnPickups)
    .set({
      state,
      ...(state === 'pickedUp' ? { pickedUpAt: new Date(at) } : { deliveredAt: new Date(at) }),
      updatedAt: sql`now()`,
    })
    .where(and(eq(returnPickups.id, id), inArray(returnPickups.state, from)))
    .returning({ id: returnPickups.id });
  return moved.length > 0;
}

/**
 * The shopper cancelled the return before pickup: the pickup is `cancelled` (a queued one is never booked; a booked
 * one's later events change nothing). A booked one is due at once to be called off with the courier (its AWB
 * stays, `next_attempt_at` set until the courier has it). Answers whether it was booked.
 */
export async function cancelPickup(tx: DbOrTx, returnId: string): Promise<boolean> {
  const [row] = await tx
    .update(returnPickups)
    .set({
      state: 'cancelled',
      nextAttemptAt: sql`case when ${returnPickups.awb} is not null then now() end`,
      attempts: 0,
      lastError: null,
      updatedAt: sql`now()`,
    })
    .where(and(eq(returnPickups.returnId, returnId), inArray(returnPickups.state, ['queued', 'scheduled'])))
    .returning({ awb: returnPickups.awb });
  return Boolean(row?.awb);
}

/** Claims booked pickups of cancelled returns due to be called off with the courier (leased like the bookings). */
export const claimDueCancels = (db: DbOrTx, leaseMs: number, limit = 20) =>
  claimDueRows(
    db,
    sql`state = 'cancelled' and awb is not null and next_attempt_at is not null`,
    leaseMs,
    limit,
  );

/**
 * A call-off attempt's outcome: done (null error), tried again in `retryInMs`, or given up (the courier refused:
 * it has the parcel already) with its reason for the admin.
 */
export const cancelAttempted = (
  db: DbOrTx,
  id: string,
  outcome: { error: string; retryInMs: number | null } | null,
) =>
  recordAttempt(db, returnPickups, id, {
    set: {},
    pending: eq(returnPickups.state, 'cancelled'),
    ...(outcome ? { failed: outcome } : {}),
  });

/** Queued pickups of returns the shopper cancelled meanwhile are cancelled, never booked; answers how many. */
export async function dropCancelledReturns(db: DbOrTx): Promise<number> {
  const dropped = await db
    .update(returnPickups)
    .set({ state: 'cancelled', nextAttemptAt: null, updatedAt: sql`now()` })
    .where(
      and(
        eq(returnPickups.state, 'queued'),
        inArray(
          returnPickups.returnId,
          db.select({ id: returns.id }).from(returns).where(eq(returns.state, 'cancelled')),
        ),
      ),
    )
    .returning({ id: returnPickups.id });
  return dropped.length;
}

/** AWBs of pickups on their way (the polling safety net), least recently changed first. */
export async function pickupsInTransit(db: DbOrTx, limit = 100): Promise<string[]> {
  const rows = await db
    .select({ awb: returnPickups.awb })
    .from(returnPickups)
    .where(inArray(returnPickups.state, ['scheduled', 'pickedUp']))
    .orderBy(returnPickups.updatedAt)
    .limit(limit);
  return rows.map((r) => r.awb!).filter(Boolean);
}

/** The pickups of these returns, for the returns' views: one query for a whole page. */
export const pickupsOf = (db: DbOrTx, returnIds: string[]) =>
  selectWhereIn(
    db,
    pick(returnPickups, ['returnId', 'state', 'awb', 'trackingUrl']),
    returnPickups,
    returnPickups.returnId,
    returnIds,
  );

/** How many pickups wait to be booked (the /metrics backlog gauge). */
export const pickupBacklog = (db: DbOrTx) => countWhere(db, returnPickups, eq(returnPickups.state, 'queued'));
