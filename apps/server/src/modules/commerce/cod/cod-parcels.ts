/**
 * Cash-on-delivery parcels (docs/money.md, "Cash on delivery"): the only writer of `cod_parcels`. One parcel per COD
 * order and seller, made when the order is confirmed; the courier's code sets its air waybill and its refusal
 * (`setCodParcelAwb`, `markCodParcelRefused`, called inside the caller's transaction); a matched remittance marks
 * it remitted.
 */
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { linePaidOf } from '@mp/shared';
import type { DbOrTx, Tx } from '../../../db/client';
import { ofSubOrder } from '../../../db/sub-order';
import { codParcels, orderLines, orders } from '../../../db/schema';
import type { OrderRow } from '../orders/order.mapper';
import { linesOf } from '../orders/order.repository';
import { shippingOfOrder } from '../../delivery/delivery.repository';

export type CodParcel = typeof codParcels.$inferSelect;

/** How long a refused parcel counts against the shopper, and how many refusals end cash on delivery. */
export const REFUSAL_WINDOW_DAYS = 90;
export const REFUSALS_MAX = 2;

/**
 * The order's parcels, one per seller: each collects its seller's lines and its own sub-order's shipping
 * (docs/delivery.md, "Shipping charges"); the rest of the total (the platform's own products and their parcel, or
 * the order-wide charge when delivery is off) rides on the first parcel (by seller id), so the parcels add up to
 * the order's total.
 */
export async function createParcelsIn(tx: Tx, order: OrderRow): Promise<void> {
  const bySeller = new Map<string, number>();
  for (const l of await linesOf(tx, order.id)) {
    if (!l.sellerId) continue;
    // what the shopper pays for it: a coupon's shares are not collected (docs/money.md, "Coupons")
    bySeller.set(l.sellerId, (bySeller.get(l.sellerId) ?? 0) + linePaidOf(l));
  }
  for (const s of await shippingOfOrder(tx, order.id)) {
    if (bySeller.has(s.key)) bySeller.set(s.key, bySeller.get(s.key)! + s.shippingPaise);
  }
  const sellers = [...bySeller.keys()].sort();
  const rest = order.totalPaise - [...bySeller.values()].reduce((a, b) => a + b, 0);
  const rows = sellers.map((sellerId, i) => ({
    orderId: order.id,
    sellerId,
    userId: order.userId,
    amountPaise: bySeller.get(sellerId)! + (i === 0 ? rest : 0),
  }));
  if (rows.length) await tx.insert(codParcels).values(rows).onConflictDoNothing();
}

/** The courier's air waybill of a seller's parcel of a COD order (the delivery code calls this when it ships). */
export async function setCodParcelAwb(tx: Tx, orderId: string, sellerId: string, awb: string): Promise<void> {
  await tx
    .update(codParcels)
    .set({ awb })
    .where(ofSubOrder(codParcels, orderId, sellerId));
}

/** The shopper refused the parcel at the door (counted against cash on delivery for 90 days). */
export async function markCodParcelRefused(tx: Tx, orderId: string, sellerId: string): Promise<void> {
  await tx
    .update(codParcels)
    .set({ state: 'refused', refusedAt: sql`now()` })
    .where(and(ofSubOrder(codParcels, orderId, sellerId), eq(codParcels.state, 'awaiting')));
}

export async function refusedLately(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(codParcels)
    .where(
      and(
        eq(codParcels.userId, userId),
        eq(codParcels.state, 'refused'),
        gt(codParcels.refusedAt, sql`now() - make_interval(days => ${REFUSAL_WINDOW_DAYS})`),
      ),
    );
  return row!.n;
}

export const parcelByAwb = async (tx: DbOrTx, awb: string): Promise<CodParcel | undefined> =>
  (await tx.select().from(codParcels).where(eq(codParcels.awb, awb)).for('update'))[0];

/** A seller's parcel of an order still waiting for the courier's cash (its delivered lines earn nothing yet). */
export async function awaitingParcelOf(tx: DbOrTx, orderId: string, sellerId: string): Promise<boolean> {
  const [row] = await tx
    .select({ state: codParcels.state })
    .from(codParcels)
    .where(ofSubOrder(codParcels, orderId, sellerId));
  return row !== undefined && row.state !== 'remitted';
}

export async function markRemitted(
  tx: Tx,
  parcelId: string,
  remittance: { reference: string; date: string },
): Promise<void> {
  await tx
    .update(codParcels)
    .set({
      state: 'remitted',
      remittanceReference: remittance.reference,
      remittedAt: new Date(remittance.date),
    })
    .where(eq(codParcels.id, parcelId));
}

/** A seller's COD money not yet remitted by the courier (the seller statement shows it as pending). */
export async function pendingRemittanceOf(db: DbOrTx, sellerId: string): Promise<number> {
  const [row] = await db
    .select({ sum: sql<number>`coalesce(sum(${codParcels.amountPaise}), 0)::int` })
    .from(codParcels)
    .innerJoin(orders, eq(orders.id, codParcels.orderId))
    // a cancelled order's parcel never ships, nor one whose lines the seller rejected: nothing to wait for
    .where(
      and(
        eq(codParcels.sellerId, sellerId),
        eq(codParcels.state, 'awaiting'),
        isNull(orders.cancelledAt),
        sql`exists (select 1 from ${orderLines} where ${orderLines.orderId} = ${codParcels.orderId}
          and ${orderLines.sellerId} = ${codParcels.sellerId} and ${orderLines.status} <> 'rejected')`,
      ),
    );
  return row!.sum;
}

/** The order's parcels, by seller id (the delivery charge rides on the first), locked for the caller's change. */
export const parcelsOf = async (tx: Tx, orderId: string): Promise<CodParcel[]> =>
  tx
    .select()
    .from(codParcels)
    .where(eq(codParcels.orderId, orderId))
    .orderBy(codParcels.sellerId)
    .for('update');

/** What a parcel collects changes (lines taken off it, the delivery charge moved); never below nothing. */
export async function setParcelAmountIn(tx: Tx, parcelId: string, amountPaise: number): Promise<void> {
  await tx
    .update(codParcels)
    .set({ amountPaise: Math.max(0, amountPaise) })
    .where(and(eq(codParcels.id, parcelId), eq(codParcels.state, 'awaiting')));
}
