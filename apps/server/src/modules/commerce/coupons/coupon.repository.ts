/**
 * The only writer of coupons, their scopes, the codes applied to carts and the uses (docs/money.md, "Coupons").
 * A use is taken by one conditional update (`used + reserved < total_uses`), so racing checkouts can never take
 * more uses than the code has.
 */
import { and, desc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { CouponScope } from '@mp/shared';
import type { DbOrTx, Tx } from '../../../db/client';
import { cartCoupons, couponScopes, couponUses, coupons, orders, sellers } from '../../../db/schema';

export type CouponRow = typeof coupons.$inferSelect;
export type NewCoupon = typeof coupons.$inferInsert;
export type CouponWithScope = CouponRow & { scopeIds: string[]; storeName: string | null };

const withScopes = async (db: DbOrTx, rows: (CouponRow & { storeName: string | null })[]) => {
  const ids = rows.map((r) => r.id);
  const scopes = ids.length
    ? await db.select().from(couponScopes).where(inArray(couponScopes.couponId, ids))
    : [];
  return rows.map((r) => ({
    ...r,
    scopeIds: scopes.filter((s) => s.couponId === r.id).map((s) => s.value),
  }));
};

const couponColumns = { ...getTableColumns(coupons), storeName: sellers.storename };

/** Coupons (of one seller, or all), newest first, with their scopes: two statements. */
export async function listCoupons(
  db: DbOrTx,
  where: { sellerId?: string; ids?: string[]; platformActiveAt?: Date } = {},
): Promise<CouponWithScope[]> {
  if (where.ids && where.ids.length === 0) return [];
  const rows = await db
    .select(couponColumns)
    .from(coupons)
    .leftJoin(sellers, eq(sellers.id, coupons.sellerId))
    .where(
      and(
        where.sellerId ? eq(coupons.sellerId, where.sellerId) : undefined,
        where.ids ? inArray(coupons.id, where.ids) : undefined,
        where.platformActiveAt
          ? and(
              eq(coupons.funder, 'platform'),
              eq(coupons.active, true),
              sql`${coupons.startsAt} <= ${where.platformActiveAt}`,
              sql`${coupons.endsAt} > ${where.platformActiveAt}`,
              sql`(${coupons.totalUses} is null or ${coupons.used} + ${coupons.reserved} < ${coupons.totalUses})`,
            )
          : undefined,
      ),
    )
    .orderBy(desc(coupons.createdAt))
    .limit(500);
  return withScopes(db, rows);
}

/** The coupon with this code (any case), or undefined. */
export async function couponByCode(db: DbOrTx, code: string): Promise<CouponWithScope | undefined> {
  const rows = await db
    .select(couponColumns)
    .from(coupons)
    .leftJoin(sellers, eq(sellers.id, coupons.sellerId))
    .where(sql`lower(${coupons.code}) = lower(${code})`)
    .limit(1);
  return (await withScopes(db, rows))[0];
}

/** Inserts a coupon and its scope; undefined when the code is taken (the unique index on lower(code)). */
export async function insertCoupon(
  tx: Tx,
  values: NewCoupon,
  scopeIds: readonly string[],
): Promise<string | undefined> {
  const [row] = await tx.insert(coupons).values(values).onConflictDoNothing().returning({ id: coupons.id });
  if (!row) return undefined;
  await setScope(tx, row.id, scopeIds);
  return row.id;
}

async function setScope(tx: Tx, couponId: string, scopeIds: readonly string[]) {
  await tx.delete(couponScopes).where(eq(couponScopes.couponId, couponId));
  const unique = [...new Set(scopeIds)];
  if (unique.length) await tx.insert(couponScopes).values(unique.map((value) => ({ couponId, value })));
}

/** Changes a coupon (and its scope when given); answers whether it exists. */
export async function updateCoupon(
  tx: Tx,
  id: string,
  values: Partial<NewCoupon> & { scope?: CouponScope },
  scopeIds: readonly string[] | undefined,
): Promise<boolean> {
  const [row] = await tx
    .update(coupons)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(coupons.id, id))
    .returning({ id: coupons.id });
  if (!row) return false;
  if (scopeIds) await setScope(tx, id, scopeIds);
  return true;
}

// ---- the cart's codes ---------------------------------------------------------------------------------------------

export async function cartCouponIds(db: DbOrTx, userId: string): Promise<string[]> {
  const rows = await db
    .select({ id: cartCoupons.couponId })
    .from(cartCoupons)
    .where(eq(cartCoupons.userId, userId))
    .orderBy(cartCoupons.createdAt);
  return rows.map((r) => r.id);
}

export async function addCartCoupon(db: DbOrTx, userId: string, couponId: string): Promise<void> {
  await db.insert(cartCoupons).values({ userId, couponId }).onConflictDoNothing();
}

export async function removeCartCoupon(db: DbOrTx, userId: string, couponId: string): Promise<boolean> {
  const gone = await db
    .delete(cartCoupons)
    .where(and(eq(cartCoupons.userId, userId), eq(cartCoupons.couponId, couponId)))
    .returning({ id: cartCoupons.couponId });
  return gone.length > 0;
}

// ---- uses ---------------------------------------------------------------------------------------------------------

/** The shopper's uses (reserved or redeemed) of these coupons, and whether the shopper has a paid order. */
export async function shopperHistory(
  db: DbOrTx,
  userId: string,
  couponIds: readonly string[],
): Promise<{ uses: Map<string, number>; hasOrdered: boolean }> {
  const [uses, paid] = await Promise.all([
    couponIds.length
      ? db
          .select({ couponId: couponUses.couponId, n: sql<number>`count(*)::int` })
          .from(couponUses)
          .where(
            and(
              eq(couponUses.userId, userId),
              inArray(couponUses.couponId, [...couponIds]),
              inArray(couponUses.state, ['reserved', 'redeemed']),
            ),
          )
          .groupBy(couponUses.couponId)
      : [],
    db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.userId, userId), eq(orders.paymentStatus, 'paid')))
      .limit(1),
  ]);
  return { uses: new Map(uses.map((u) => [u.couponId, Number(u.n)])), hasOrdered: paid.length > 0 };
}

/**
 * Takes one use of a coupon for an order, in the order's transaction: the database guard is the condition of the
 * update (a use is free while used + reserved < total_uses). Answers false when none is left.
 */
export async function reserveUse(
  tx: Tx,
  use: { couponId: string; userId: string; orderId: string; discountPaise: number },
): Promise<boolean> {
  const taken = await tx
    .update(coupons)
    .set({ reserved: sql`${coupons.reserved} + 1`, updatedAt: sql`now()` })
    .where(
      and(
        eq(coupons.id, use.couponId),
        sql`(${coupons.totalUses} is null or ${coupons.used} + ${coupons.reserved} < ${coupons.totalUses})`,
      ),
    )
    .returning({ id: coupons.id });
  if (taken.length === 0) return false;
  await tx.insert(couponUses).values(use);
  return true;
}

/**
 * A payment after the order's hold ended may take its released uses again only while each code still has a use left
 * (its rows locked until the transaction ends, so two late payments cannot both take the last one).
 */
export async function releasedUsesFit(tx: Tx, orderId: string): Promise<boolean> {
  const rows = await tx
    .select({ used: coupons.used, reserved: coupons.reserved, total: coupons.totalUses })
    .from(couponUses)
    .innerJoin(coupons, eq(coupons.id, couponUses.couponId))
    .where(and(eq(couponUses.orderId, orderId), eq(couponUses.state, 'released')))
    .for('update', { of: coupons });
  return rows.every((r) => r.total === null || r.used + r.reserved < r.total);
}

/** The order is paid: its uses are redeemed (a use released by an ended hold is taken again by a late payment). */
export async function redeemUses(tx: Tx, orderId: string): Promise<void> {
  const uses = await tx
    .select()
    .from(couponUses)
    .where(and(eq(couponUses.orderId, orderId), inArray(couponUses.state, ['reserved', 'released'])))
    .for('update');
  for (const u of uses) {
    await tx
      .update(couponUses)
      .set({ state: 'redeemed', updatedAt: sql`now()` })
      .where(eq(couponUses.id, u.id));
    await tx
      .update(coupons)
      .set({
        used: sql`${coupons.used} + 1`,
        reserved: u.state === 'reserved' ? sql`${coupons.reserved} - 1` : coupons.reserved,
        discountGivenPaise: sql`${coupons.discountGivenPaise} + ${u.discountPaise}`,
        updatedAt: sql`now()`,
      })
      .where(eq(coupons.id, u.couponId));
  }
}

/** The order ended (unpaid, or cancelled whole): its uses are given back. */
export async function releaseUses(tx: DbOrTx, orderId: string): Promise<void> {
  const uses = await tx
    .select()
    .from(couponUses)
    .where(and(eq(couponUses.orderId, orderId), inArray(couponUses.state, ['reserved', 'redeemed'])))
    .for('update');
  for (const u of uses) {
    await tx
      .update(couponUses)
      .set({ state: 'released', updatedAt: sql`now()` })
      .where(eq(couponUses.id, u.id));
    await tx
      .update(coupons)
      .set(
        u.state === 'reserved'
          ? { reserved: sql`${coupons.reserved} - 1`, updatedAt: sql`now()` }
          : {
              used: sql`${coupons.used} - 1`,
              discountGivenPaise: sql`${coupons.discountGivenPaise} - ${u.discountPaise}`,
              updatedAt: sql`now()`,
            },
      )
      .where(eq(coupons.id, u.couponId));
  }
}

/** The codes frozen on orders, by order id (one statement for a page of orders). */
export async function usesOfOrders(db: DbOrTx, orderIds: readonly string[]) {
  if (!orderIds.length) return [];
  return db
    .select({
      orderId: couponUses.orderId,
      code: coupons.code,
      funder: coupons.funder,
      sellerId: coupons.sellerId,
      kind: coupons.kind,
      state: couponUses.state,
      discountPaise: couponUses.discountPaise,
    })
    .from(couponUses)
    .innerJoin(coupons, eq(coupons.id, couponUses.couponId))
    .where(inArray(couponUses.orderId, [...orderIds]));
}
