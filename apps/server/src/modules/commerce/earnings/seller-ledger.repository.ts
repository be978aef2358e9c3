/**
 * The seller ledger, payouts and commission rates (docs/money.md, "Seller earnings"): the only Drizzle-aware code
 * of seller earnings. Every writer first locks the seller row (`lockSeller`), so a payout and a refund of the same
 * seller run one after the other and the balance they read is the balance they change.
 */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { SellerEntryType } from '@mp/shared';
import type { DbOrTx, Tx } from '../../../db/client';
import { orderStatusHistory, orders, payouts, sellerLedger, sellers, users } from '../../../db/schema';

export interface NewSellerEntry {
  sellerId: string;
  type: SellerEntryType;
  deltaPaise: number;
  orderId?: string | null;
  orderLineId?: string | null;
  refundId?: string | null;
  payoutId?: string | null;
  description: string;
  /** when it counts in the payable balance (docs/money.md, "Earned and payable"); default: now */
  payableAt?: Date;
}

/** Locks the seller's row for the rest of the transaction; answers its commission rate (null: the platform's). */
export async function lockSeller(
  tx: Tx,
  sellerId: string,
): Promise<{ commissionBps: number | null } | undefined> {
  const [row] = await tx
    .select({ commissionBps: sellers.commissionBps })
    .from(sellers)
    .where(eq(sellers.id, sellerId))
    .for('update');
  return row;
}

export async function commissionBpsOf(db: DbOrTx, sellerId: string): Promise<number | null> {
  const [row] = await db
    .select({ commissionBps: sellers.commissionBps })
    .from(sellers)
    .where(eq(sellers.id, sellerId));
  return row?.commissionBps ?? null;
}

/** Locks several sellers in a fixed order (no deadlock between two transactions locking the same ones). */
export async function lockSellers(tx: Tx, sellerIds: string[]): Promise<Map<string, number | null>> {
  const out = new Map<string, number | null>();
  for (const id of [...new Set(sellerIds)].sort()) {
    const row = await lockSeller(tx, id);
    if (row) out.set(id, row.commissionBps);
  }
  return out;
}

export async function appendEntries(tx: Tx, entries: NewSellerEntry[]): Promise<void> {
  const rows = entries.filter((e) => e.deltaPaise !== 0);
  if (rows.length === 0) return;
  await tx.insert(sellerLedger).values(
    rows.map((e) => ({
      sellerId: e.sellerId,
      type: e.type,
      deltaPaise: e.deltaPaise,
      orderId: e.orderId ?? null,
      orderLineId: e.orderLineId ?? null,
      refundId: e.refundId ?? null,
      payoutId: e.payoutId ?? null,
      description: e.description,
      ...(e.payableAt ? { payableAt: e.payableAt } : {}),
    })),
  );
}

/** The parcels (`orderId:sellerId`) of these orders already charged their waived shipping (docs/money.md, "Coupons"). */
export async function waivedChargedOf(tx: DbOrTx, orderIds: readonly string[]): Promise<Set<string>> {
  if (!orderIds.length) return new Set();
  const rows = await tx
    .select({ orderId: sellerLedger.orderId, sellerId: sellerLedger.sellerId })
    .from(sellerLedger)
    .where(
      and(eq(sellerLedger.type, 'delivery_waived'), inArray(sellerLedger.orderId, [...new Set(orderIds)])),
    );
  return new Set(rows.map((r) => `${r.orderId}:${r.sellerId}`));
}

/** The sum of a seller's entries per type (paise, each the entry's effect on the balance). */
export async function sumsByType(db: DbOrTx, sellerId: string) {
  return db
    .select({
      type: sellerLedger.type,
      deltaPaise: sql<number>`coalesce(sum(${sellerLedger.deltaPaise}), 0)::int`,
    })
    .from(sellerLedger)
    .where(eq(sellerLedger.sellerId, sellerId))
    .groupBy(sellerLedger.type);
}

/** When the seller's lines of an order were delivered (the first change to `delivered`), if they were. */
export async function deliveredAtOf(db: DbOrTx, orderId: string, sellerId: string): Promise<Date | null> {
  const [row] = await db
    .select({ at: sql<string | null>`min(${orderStatusHistory.createdAt})` })
    .from(orderStatusHistory)
    .where(
      and(
        eq(orderStatusHistory.orderId, orderId),
        eq(orderStatusHistory.sellerId, sellerId),
        eq(orderStatusHistory.toStatus, 'delivered'),
      ),
    );
  return row?.at ? new Date(row.at) : null;
}

/** The balance split by `now`: payable (entries past their line's return window) and still in the window. */
const splitSums = (now: Date) => ({
  payablePaise: sql<number>`coalesce(sum(${sellerLedger.deltaPaise}) filter (where ${sellerLedger.payableAt} <= ${now.toISOString()}), 0)::int`,
  inWindowPaise: sql<number>`coalesce(sum(${sellerLedger.deltaPaise}) filter (where ${sellerLedger.payableAt} > ${now.toISOString()}), 0)::int`,
});

export async function payableOf(
  db: DbOrTx,
  sellerId: string,
  now: Date,
): Promise<{ payablePaise: number; inWindowPaise: number }> {
  const [row] = await db.select(splitSums(now)).from(sellerLedger).where(eq(sellerLedger.sellerId, sellerId));
  return { payablePaise: Number(row?.payablePaise ?? 0), inWindowPaise: Number(row?.inWindowPaise ?? 0) };
}

/** The entries of these lines (their earning, commission and refunds). */
export const entriesOfLines = async (
  db: DbOrTx,
  lineIds: string[],
): Promise<{ orderLineId: string | null; type: SellerEntryType; deltaPaise: number; payableAt: Date }[]> =>
  lineIds.length === 0
    ? []
    : db
        .select({
          orderLineId: sellerLedger.orderLineId,
          type: sellerLedger.type,
          deltaPaise: sellerLedger.deltaPaise,
          payableAt: sellerLedger.payableAt,
        })
        .from(sellerLedger)
        .where(inArray(sellerLedger.orderLineId, lineIds));

/** A page of the seller's entries, newest first, each with its order's short number (null: no order). */
export async function entriesPage(db: DbOrTx, sellerId: string, page: number, limit: number) {
  const [rows, [count]] = await Promise.all([
    db
      .select({ entry: sellerLedger, orderNumber: orders.orderNumber })
      .from(sellerLedger)
      .leftJoin(orders, eq(orders.id, sellerLedger.orderId))
      .where(eq(sellerLedger.sellerId, sellerId))
      .orderBy(desc(sellerLedger.createdAt), desc(sellerLedger.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(sellerLedger)
      .where(eq(sellerLedger.sellerId, sellerId)),
  ]);
  return { rows, total: Number(count?.n ?? 0) };
}

export async function payoutByReference(tx: DbOrTx, sellerId: string, reference: string) {
  const [row] = await tx
    .select()
    .from(payouts)
    .where(and(eq(payouts.sellerId, sellerId), eq(payouts.reference, reference)));
  return row;
}

export async function insertPayout(
  tx: Tx,
  p: { sellerId: string; amountPaise: number; reference: string; actorUserId: string | null },
) {
  const [row] = await tx.insert(payouts).values(p).returning();
  return row!;
}

const payoutColumns = {
  id: payouts.id,
  sellerId: payouts.sellerId,
  storename: sellers.storename,
  amountPaise: payouts.amountPaise,
  reference: payouts.reference,
  createdAt: payouts.createdAt,
};

export async function payoutsPage(db: DbOrTx, q: { sellerId?: string; page: number; limit: number }) {
  const where = q.sellerId ? eq(payouts.sellerId, q.sellerId) : undefined;
  const [rows, [count]] = await Promise.all([
    db
      .select(payoutColumns)
      .from(payouts)
      .innerJoin(sellers, eq(sellers.id, payouts.sellerId))
      .where(where)
      .orderBy(desc(payouts.createdAt), desc(payouts.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(payouts)
      .where(where),
  ]);
  return { rows, total: Number(count?.n ?? 0) };
}

export async function payoutById(db: DbOrTx, id: string) {
  const [row] = await db
    .select(payoutColumns)
    .from(payouts)
    .innerJoin(sellers, eq(sellers.id, payouts.sellerId))
    .where(eq(payouts.id, id));
  return row!;
}

/**
 * Every seller with its rate and ledger sums (earned, paid out, the charges of return shipping and waived delivery,
 * balance, payable by `now`), by store name.
 */
export async function sellerAccounts(db: DbOrTx, now: Date) {
  const sum = (type: SellerEntryType | null) =>
    type
      ? sql<number>`coalesce(sum(${sellerLedger.deltaPaise}) filter (where ${sellerLedger.type} = ${type}), 0)::int`
      : sql<number>`coalesce(sum(${sellerLedger.deltaPaise}), 0)::int`;
  return db
    .select({
      sellerId: sellers.id,
      storename: sellers.storename,
      email: users.email,
      commissionBps: sellers.commissionBps,
      balancePaise: sum(null),
      earnedPaise: sum('earned'),
      payoutPaise: sum('payout'),
      returnShippingPaise: sum('return_shipping'),
      deliveryWaivedPaise: sum('delivery_waived'),
      ...splitSums(now),
    })
    .from(sellers)
    .innerJoin(users, eq(users.id, sellers.userId))
    .leftJoin(sellerLedger, eq(sellerLedger.sellerId, sellers.id))
    .groupBy(sellers.id, users.email)
    .orderBy(sellers.storename, sellers.id);
}

export async function setCommissionBps(tx: Tx, sellerId: string, bps: number | null) {
  const [row] = await tx
    .update(sellers)
    .set({ commissionBps: bps, updatedAt: sql`now()` })
    .where(eq(sellers.id, sellerId))
    .returning({ id: sellers.id });
  return row;
}
