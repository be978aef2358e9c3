import { and, asc, eq, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../../db/client';
import { orderLines, orders, products } from '../../../db/schema';
import type { ChangeFeed } from '../../../lib/change-feed';
import { putBackInCart } from '../cart/cart.service';
import { startIntervalJob } from '../../../lib/interval-job';

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
 * Locks these products' rows in product-id order, so the single statement that then changes them all cannot
 * deadlock with another order's (docs/orders-and-stock.md). One product needs no lock first: its update is the
 * only lock taken.
 */
async function lockInOrder(tx: DbOrTx, lines: { productId: string }[]): Promise<void> {
  if (lines.length < 2) return;
  await tx
    .select({ id: products.id })
    .from(products)
    .where(
      inArray(
        products.id,
        lines.map((l) => l.productId),
      ),
    )
    .orderBy(asc(products.id))
    .for('update');
}

/** The lines as a relation `o(id, q)` for one statement over all of them (quantities summed per product). */
function linesRelation(lines: { productId: string; quantity: number }[]): SQL {
  const sum = new Map<string, number>();
  for (const l of lines) sum.set(l.productId, (sum.get(l.productId) ?? 0) + l.quantity);
  // array literals of uuids and integers (nothing to quote), one parameter each, as cart.service.ts passes them
  const ids = `{${[...sum.keys()].join(',')}}`;
  const quantities = `{${[...sum.values()].join(',')}}`;
  return sql`(select * from unnest(${ids}::uuid[], ${quantities}::int[]) as u(id, q)) as o`;
}

/** A product as taking stock answers it: what the order line records and is priced from. */
export type TakenProduct = {
  id: string;
  title: string;
  image: string;
  pricePaise: number;
  salePricePaise: number | null;
  discount: number;
  sellerId: string | null;
};

/**
 * Takes each line's quantity from its live product's stock, all or nothing: one conditional update for every
 * line (no concurrency can push stock below zero). Answers the products as they are now, or the first line (in
 * product-id order) whose product has too little stock or is gone; the caller's transaction then rolls back.
 * Stock changes (here and below) write no indexed column, not even updated_at (a product's last edit), so each
 * row is updated in place, HOT (docs/search-and-listing.md, "Sales do not touch the indexes").
 */
export async function takeStock<T extends { productId: string; quantity: number }>(
  tx: DbOrTx,
  lines: T[],
): Promise<{ taken: TakenProduct[] } | { refused: T }> {
  const sorted = byProduct(lines);
  await lockInOrder(tx, sorted);
  const taken = await tx
    .update(products)
    .set({ totalStock: sql`${products.totalStock} - o.q` })
    .from(linesRelation(sorted))
    .where(and(sql`${products.id} = o.id`, sql`${products.totalStock} >= o.q`, isNull(products.deletedAt)))
    .returning({
      id: products.id,
      title: products.title,
      image: products.image,
      pricePaise: products.pricePaise,
      salePricePaise: products.salePricePaise,
      discount: products.discount,
      sellerId: products.sellerId,
    });
  const ids = new Set(taken.map((p) => p.id));
  const refused = sorted.find((l) => !ids.has(l.productId));
  return refused ? { refused } : { taken };
}

/** The products of an order's lines (the ids a stock change publishes). */
export async function orderProductIds(db: DbOrTx, orderId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ productId: orderLines.productId })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId));
  return rows.flatMap((r) => (r.productId ? [r.productId] : []));
}

/**
 * Moves these lines' units into (+1) or out of (-1) stock and units sold, in product-id order. Taking stock is
 * never done here (it must be conditional: takeStock / retakeStock); units sold never go below zero.
 */
export async function adjustProducts(
  tx: DbOrTx,
  lines: HeldLine[],
  change: { stock: 0 | 1; sold: -1 | 0 | 1 },
): Promise<void> {
  const sorted = byProduct(lines);
  if (!sorted.length) return;
  await lockInOrder(tx, sorted);
  await tx
    .update(products)
    .set({
      ...(change.stock ? { totalStock: sql`${products.totalStock} + o.q` } : {}),
      ...(change.sold ? { unitsSold: sql`greatest(${products.unitsSold} + ${change.sold} * o.q, 0)` } : {}),
    })
    .from(linesRelation(sorted))
    .where(sql`${products.id} = o.id`);
}

async function giveBack(tx: DbOrTx, orderId: string, cartId: string | null): Promise<void> {
  const lines = await tx
    .select({ productId: orderLines.productId, quantity: orderLines.quantity })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId));
  await adjustProducts(tx, lines, { stock: 1, sold: 0 });
  if (cartId) await putBackInCart(tx, cartId, lines);
}

/**
 * Inside the caller's transaction: ends a pending order's hold, gives its stock back and puts its lines back in
 * the cart, exactly once: only the transaction whose conditional update flips stock_held from true to false
 * does it. Answers whether this call released it.
 */
export async function releaseHoldIn(
  tx: DbOrTx,
  orderId: string,
  paymentStatus: 'cancelled' | 'failed',
  opts: { expiredBefore?: Date; withoutPaymentBefore?: Date } = {},
): Promise<boolean> {
  const released = await tx
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
    .returning({ id: orders.id, cartId: orders.cartId });
  if (released.length === 0) return false;
  await giveBack(tx, orderId, released[0]!.cartId);
  return true;
}

/** releaseHoldIn in a transaction of its own, then the catalogue caches learn that stock changed. */
export async function releaseHold(
  db: Db,
  changes: ChangeFeed,
  orderId: string,
  paymentStatus: 'cancelled' | 'failed',
  opts: { expiredBefore?: Date; withoutPaymentBefore?: Date } = {},
): Promise<boolean> {
  const didRelease = await db.transaction((tx) => releaseHoldIn(tx, orderId, paymentStatus, opts));
  // stock came back: cached answers showing these products must not keep the old figures
  if (didRelease) changes.publish({ type: 'stock', ids: await orderProductIds(db, orderId) });
  return didRelease;
}

/** Gives back the stock of every pending order whose hold ended before `now`; answers how many were released. */
export async function releaseExpiredHolds(
  db: Db,
  changes: ChangeFeed,
  now: Date = new Date(),
): Promise<number> {
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
    if (await releaseHold(db, changes, id, 'cancelled', { expiredBefore: now })) count++;
  }
  return count;
}

/**
 * How long an order may stay without a payment before it counts as half-created (the process placing it died
 * between the order insert and the provider's answer). Longer than any provider call may take, so an order being
 * placed right now by another instance is never touched.
 */
export const HALF_CREATED_GRACE_MS = 60_000;

/**
 * Releases at once every held order that never got its payment (a crash between order insert and payment
 * creation), instead of waiting for its hold to end. Start-up calls it; the sweeper runs it too.
 */
export async function releaseHalfCreatedOrders(
  db: Db,
  changes: ChangeFeed,
  opts: { now?: Date; graceMs?: number } = {},
): Promise<number> {
  const before = new Date((opts.now ?? new Date()).getTime() - (opts.graceMs ?? HALF_CREATED_GRACE_MS));
  const stuck = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.stockHeld, true),
        eq(orders.paymentStatus, 'pending'),
        isNull(orders.paymentId),
        lt(orders.createdAt, before),
      ),
    )
    .limit(500);
  let count = 0;
  for (const { id } of stuck) {
    if (await releaseHold(db, changes, id, 'failed', { withoutPaymentBefore: before })) count++;
  }
  return count;
}

/** Takes the stock of an order's lines again (a capture that arrived after its hold ended). All or nothing. */
export async function retakeStock(tx: DbOrTx, orderId: string): Promise<boolean> {
  const lines = await tx
    .select({ productId: orderLines.productId, quantity: orderLines.quantity })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId));
  const sorted = byProduct(lines);
  if (!sorted.length) return true;
  await lockInOrder(tx, sorted);
  const taken = await tx
    .update(products)
    .set({ totalStock: sql`${products.totalStock} - o.q` })
    .from(linesRelation(sorted))
    .where(and(sql`${products.id} = o.id`, sql`${products.totalStock} >= o.q`))
    .returning({ id: products.id });
  return taken.length === new Set(sorted.map((l) => l.productId)).size;
}

/** Starts a timer that runs releaseExpiredHolds; answers a stop function. The timer never keeps the process up. */
export function startHoldSweeper(
  db: Db,
  changes: ChangeFeed,
  opts: {
    intervalMs?: number;
    onError?: (err: unknown) => void;
    onReleased?: (n: number) => void;
    /** after every successful sweep, with how many holds it released (metrics) */
    onSwept?: (released: number) => void;
  } = {},
): () => void {
  return startIntervalJob(
    async () => {
      const [expired, halfCreated] = await Promise.all([
        releaseExpiredHolds(db, changes),
        releaseHalfCreatedOrders(db, changes),
      ]);
      const n = expired + halfCreated;
      opts.onSwept?.(n);
      if (n > 0) opts.onReleased?.(n);
    },
    { intervalMs: opts.intervalMs ?? 60_000, onError: opts.onError },
  );
}
