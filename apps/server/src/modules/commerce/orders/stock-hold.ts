/**
 * The stock hold's life (docs/orders-and-stock.md): a pending order holds its stock until it is paid, cancelled,
 * or its hold ends (the sweeper). Ending a hold is one decision in three writes: the order's (order.repository.ts),
 * the stock's (stock.repository.ts) and the cart's (its lines go back).
 */
import type { Db, DbOrTx } from '../../../db/client';
import type { ChangeFeed } from '../../../lib/change-feed';
import { putBackInCart } from '../cart/cart.service';
import { startIntervalJob } from '../../../lib/interval-job';
import * as stock from '../stock/stock.repository';
import { inTransaction, type Touched } from '../unit-of-work';
import { endHold, heldOrders, stockLinesOf } from './order.repository';
import { releaseCouponUsesIn } from '../coupons/coupon-checkout';

/**
 * Inside the caller's transaction: ends a pending order's hold, gives its stock back and puts its lines back in
 * the cart, exactly once (endHold). Answers whether this call released it.
 */
export async function releaseHoldIn(
  tx: DbOrTx,
  touched: Touched,
  orderId: string,
  paymentStatus: 'cancelled' | 'failed',
  opts: { expiredBefore?: Date; withoutPaymentBefore?: Date } = {},
): Promise<boolean> {
  const released = await endHold(tx, orderId, paymentStatus, opts);
  if (!released) return false;
  const lines = await stockLinesOf(tx, orderId);
  await stock.giveBack(tx, touched, lines, { sold: false });
  if (released.cartId) await putBackInCart(tx, released.cartId, lines);
  await releaseCouponUsesIn(tx, orderId);
  return true;
}

/** releaseHoldIn in a transaction of its own; the catalogue caches then learn that stock changed. */
export function releaseHold(
  db: Db,
  changes: ChangeFeed,
  orderId: string,
  paymentStatus: 'cancelled' | 'failed',
  opts: { expiredBefore?: Date; withoutPaymentBefore?: Date } = {},
): Promise<boolean> {
  return inTransaction(db, changes, (tx, touched) =>
    releaseHoldIn(tx, touched, orderId, paymentStatus, opts),
  );
}

/** Gives back the stock of every pending order whose hold ended before `now`; answers how many were released. */
export async function releaseExpiredHolds(
  db: Db,
  changes: ChangeFeed,
  now: Date = new Date(),
): Promise<number> {
  const expired = await heldOrders(db, { expiredBefore: now });
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
  const stuck = await heldOrders(db, { withoutPaymentBefore: before });
  let count = 0;
  for (const { id } of stuck) {
    if (await releaseHold(db, changes, id, 'failed', { withoutPaymentBefore: before })) count++;
  }
  return count;
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
