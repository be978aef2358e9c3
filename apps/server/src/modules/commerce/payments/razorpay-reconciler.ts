/**
 * The gateway reconciler (docs/money.md, "Exactly once"): every few minutes, gateway attempts still open after
 * 10 minutes — and those ended (expired or cancelled) in the last day without money — are asked of the gateway;
 * a payment it took goes to the one completion (razorpay-completion.ts: paid once, or refunded); an attempt past
 * its hold with no payment releases its stock. Webhook rows left unprocessed are processed again.
 */
import { and, eq, gt, inArray, isNotNull, lt, or, sql } from 'drizzle-orm';
import { GATEWAY_PAYMENT_METHODS } from '@mp/shared';
import { orders } from '../../../db/schema';
import type { ChangeFeed } from '../../../lib/change-feed';
import { startIntervalJob } from '../../../lib/interval-job';
import { releaseHold } from '../orders/stock-hold';
import { completeGatewayPayment, type CompletionDeps } from './razorpay-completion';
import { processLeftEvents } from './razorpay-webhook';

export const RECONCILE_OPEN_FOR_MS = 10 * 60_000;
const LOOK_BACK_MS = 24 * 3_600_000;
const BATCH = 100;

export interface ReconcilerDeps extends CompletionDeps {
  changes: ChangeFeed;
}

/** The gateway attempts to ask about: open for 10 minutes, or ended without money in the last day. */
function attemptsToAsk(deps: ReconcilerDeps, now: Date, openForMs: number) {
  return deps.db
    .select({
      id: orders.id,
      paymentId: orders.paymentId,
      paymentStatus: orders.paymentStatus,
      stockHeld: orders.stockHeld,
      holdExpiresAt: orders.holdExpiresAt,
    })
    .from(orders)
    .where(
      and(
        inArray(orders.paymentMethod, [...GATEWAY_PAYMENT_METHODS]),
        isNotNull(orders.paymentId),
        lt(orders.createdAt, new Date(now.getTime() - openForMs)),
        gt(orders.createdAt, new Date(now.getTime() - LOOK_BACK_MS)),
        or(
          eq(orders.paymentStatus, 'pending'),
          and(inArray(orders.paymentStatus, ['cancelled', 'failed']), eq(orders.capturedPaise, 0)),
        ),
      ),
    )
    .orderBy(sql`${orders.createdAt}`)
    .limit(BATCH);
}

/** One pass; answers how many attempts were completed (paid or refunded) and how many holds were released. */
export async function reconcileGatewayPayments(
  deps: ReconcilerDeps,
  now: Date = new Date(),
  openForMs = RECONCILE_OPEN_FOR_MS,
): Promise<{ completed: number; released: number }> {
  await processLeftEvents(deps, 60_000);
  let completed = 0;
  let released = 0;
  for (const attempt of await attemptsToAsk(deps, now, openForMs)) {
    const payments = await deps.gateway.orderPayments(attempt.paymentId!);
    const taking = payments.filter((p) => p.status !== 'failed' && p.status !== 'created');
    for (const p of taking) {
      const done = await completeGatewayPayment(deps, p.id);
      if (done.outcome === 'paid' || done.outcome === 'refunded') completed++;
    }
    const expired = attempt.holdExpiresAt !== null && attempt.holdExpiresAt < now;
    if (taking.length === 0 && attempt.stockHeld && attempt.paymentStatus === 'pending' && expired) {
      if (await releaseHold(deps.db, deps.changes, attempt.id, 'cancelled', { expiredBefore: now }))
        released++;
    }
  }
  return { completed, released };
}

export function startGatewayReconciler(
  deps: ReconcilerDeps,
  opts: { intervalMs: number; onError?: (err: unknown) => void },
): () => void {
  return startIntervalJob(() => reconcileGatewayPayments(deps), opts);
}
