import { and, asc, eq, lt, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../../db/client';
import { orderLines, orders, products } from '../../../db/schema';
import { invalidateCatalog } from '../../catalog';

export interface HeldLine {
  productId: string | null;
  quantity: number;
}

/** Stock changes in product-id order, so concurrent transactions lock rows in the same order (no deadlocks). */
export function byProduct<T extends HeldLine>(lines: T[]): (T & { productId: string })[] {
  return lines
    .filter((l): l is T & { productId: string } => l.productId !== null)
    .sort((a, b) => (a.productId < b.productId ? -1 : a.productId > b.productId ? 1 : 0));
}

/**
 * Takes `quantity` from a live product's stock only if that much is left (one conditional update, so no
 * concurrency can push stock below zero). Answers the product as it is now, or undefined when refused.
 */
export async function takeStock(tx: DbOrTx, productId: string, quantity: number) {
  const [row] = await tx
    .update(products)
    .set({ totalStock: sql`${products.totalStock} - ${quantity}`, updatedAt: sql`now()` })
    .where(
      and(
        eq(products.id, productId),
        sql`${products.totalStock} >= ${quantity}`,
        sql`${products.deletedAt} is null`,
      ),
    )
    .returning({
      id: products.id,
      title: products.title,
      image: products.image,
      pricePaise: products.pricePaise,
      salePricePaise: products.salePricePaise,
      discount: products.discount,
      sellerId: products.sellerId,
    });
  return row;
}

async function giveBack(tx: DbOrTx, orderId: string): Promise<void> {
  const lines = await tx
    .select({ productId: orderLines.productId, quantity: orderLines.quantity })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId));
  for (const l of byProduct(lines)) {
    await tx
      .update(products)
      .set({ totalStock: sql`${products.totalStock} + ${l.quantity}`, updatedAt: sql`now()` })
      .where(eq(products.id, l.productId));
  }
}

/**
 * Ends a pending order's hold and gives its stock back, exactly once: only the transaction whose conditional
 * update flips stock_held from true to false returns the stock. Answers whether this call released it.
 */
export async function releaseHold(
  db: Db,
  orderId: string,
  paymentStatus: 'cancelled' | 'failed',
  opts: { expiredBefore?: Date } = {},
): Promise<boolean> {
  const didRelease = await db.transaction(async (tx) => {
    const released = await tx
      .update(orders)
      .set({ stockHeld: false, paymentStatus, updatedAt: sql`now()` })
      .where(
        and(
          eq(orders.id, orderId),
          eq(orders.stockHeld, true),
          eq(orders.paymentStatus, 'pending'),
          opts.expiredBefore ? lt(orders.holdExpiresAt, opts.expiredBefore) : undefined,
        ),
      )
      .returning({ id: orders.id });
    if (released.length === 0) return false;
    await giveBack(tx, orderId);
    return true;
  });
  if (didRelease) invalidateCatalog(db);
  return didRelease;
}

/** Gives back the stock of every pending order whose hold ended before `now`; answers how many were released. */
export async function releaseExpiredHolds(db: Db, now: Date = new Date()): Promise<number> {
  const expired = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(eq(orders.stockHeld, true), eq(orders.paymentStatus, 'pending'), lt(orders.holdExpiresAt, now)),
    )
    .orderBy(asc(orders.holdExpiresAt))
    .limit(500);
  let count = 0;
  for (const { id } of expired) {
    if (await releaseHold(db, id, 'cancelled', { expiredBefore: now })) count++;
  }
  return count;
}

/** Takes the stock of an order's lines again (a capture that arrived after its hold ended). All or nothing. */
export async function retakeStock(tx: DbOrTx, orderId: string): Promise<boolean> {
  const lines = await tx
    .select({ productId: orderLines.productId, quantity: orderLines.quantity })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId));
  for (const l of byProduct(lines)) {
    const [row] = await tx
      .update(products)
      .set({ totalStock: sql`${products.totalStock} - ${l.quantity}` })
      .where(and(eq(products.id, l.productId), sql`${products.totalStock} >= ${l.quantity}`))
      .returning({ id: products.id });
    if (!row) return false;
  }
  return true;
}

/** Starts a timer that runs releaseExpiredHolds; answers a stop function. The timer never keeps the process up. */
export function startHoldSweeper(
  db: Db,
  opts: { intervalMs?: number; onError?: (err: unknown) => void; onReleased?: (n: number) => void } = {},
): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    releaseExpiredHolds(db)
      .then((n) => {
        if (n > 0) opts.onReleased?.(n);
      })
      .catch((err: unknown) => opts.onError?.(err))
      .finally(() => {
        running = false;
      });
  }, opts.intervalMs ?? 60_000);
  timer.unref();
  return () => clearInterval(timer);
}
