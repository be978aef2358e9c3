/**
 * The only writer of `cod_refund_payouts` (docs/money.md, "Refunds of cash-on-delivery returns"): a return's payout
 * inserted once in the returns core's refund transaction, claimed by the payout worker under a lease, and moved by
 * the gateway's answers (forward only; a processed payout the bank later reverses is failed for the admin).
 */
import type { RefundToInput } from '@mp/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { claimDue, recordAttempt, retryAt } from '../../../db/durable-queue';
import { countWhere, selectWhereIn } from '../../../db/paging';
import { pick } from '../../../lib/pick';
import { codRefundPayouts } from '../../../db/schema';
import type { Payout } from './razorpayx-payouts';

export type CodRefundPayoutRow = typeof codRefundPayouts.$inferSelect;

/** A payout the gateway has not settled yet: to make, or to ask about. */
const unsettled = inArray(codRefundPayouts.state, ['queued', 'processing']);

/** Inserts the return's payout once (a second refund of the same return adds nothing); answers its row id. */
export async function insertPayout(
  tx: DbOrTx,
  p: { returnId: string; amountPaise: number; destination: RefundToInput },
): Promise<string> {
  const [made] = await tx
    .insert(codRefundPayouts)
    .values(p)
    .onConflictDoNothing({ target: codRefundPayouts.returnId })
    .returning({ id: codRefundPayouts.id });
  if (made) return made.id;
  const [row] = await tx
    .select({ id: codRefundPayouts.id })
    .from(codRefundPayouts)
    .where(eq(codRefundPayouts.returnId, p.returnId));
  return row!.id;
}

/** Claims due payouts (to make, or to ask the gateway about) under a lease another worker skips. */
export async function claimDuePayouts(
  db: DbOrTx,
  leaseMs: number,
  limit = 20,
): Promise<CodRefundPayoutRow[]> {
  const ids = await claimDue(db, codRefundPayouts, sql`state in ('queued', 'processing')`, leaseMs, limit);
  if (ids.length === 0) return [];
  return db.select().from(codRefundPayouts).where(inArray(codRefundPayouts.id, ids));
}

/**
 * The return's failed payout, made again to another destination: queued for the worker as a new round (a new
 * idempotency key, so the gateway makes a new payout). Answers false when the return has no failed payout.
 */
export async function payAgain(tx: DbOrTx, returnId: string, destination: RefundToInput): Promise<boolean> {
  const again = await tx
    .update(codRefundPayouts)
    .set({
      destination,
      state: 'queued',
      round: sql`${codRefundPayouts.round} + 1`,
      attempts: 0,
      nextAttemptAt: sql`now()`,
      fundAccountId: null,
      payoutId: null,
      failureReason: null,
      lastError: null,
      updatedAt: sql`now()`,
    })
    .where(and(eq(codRefundPayouts.returnId, returnId), eq(codRefundPayouts.state, 'failed')))
    .returning({ id: codRefundPayouts.id });
  return again.length > 0;
}

export async function setFundAccount(db: DbOrTx, id: string, fundAccountId: string) {
  await db
    .update(codRefundPayouts)
    .set({ fundAccountId, updatedAt: sql`now()` })
    .where(eq(codRefundPayouts.id, id));
}

const GONE = new Set(['reversed', 'failed', 'rejected', 'cancelled']);

/**
 * The gateway's word on a payout: processed; reversed, failed, rejected or cancelled (failed, with the reason, for
 * the admin); else still on its way (asked again in `askAgainMs`). Answers the state it left.
 */
export async function payoutAnswered(
  db: DbOrTx,
  id: string,
  p: Payout,
  askAgainMs: number,
): Promise<CodRefundPayoutRow['state'] | undefined> {
  const base = { payoutId: p.id, lastError: null, updatedAt: sql`now()` };
  const [row] = GONE.has(p.status)
    ? await db
        .update(codRefundPayouts)
        .set({
          ...base,
          state: 'failed',
          failureReason: p.failureReason ?? `payout ${p.status}`,
          nextAttemptAt: null,
        })
        .where(
          and(
            eq(codRefundPayouts.id, id),
            inArray(codRefundPayouts.state, ['queued', 'processing', 'processed']),
          ),
        )
        .returning({ state: codRefundPayouts.state })
    : p.status === 'processed'
      ? await db
          .update(codRefundPayouts)
          .set({ ...base, state: 'processed', processedAt: sql`now()`, nextAttemptAt: null })
          .where(and(eq(codRefundPayouts.id, id), unsettled))
          .returning({ state: codRefundPayouts.state })
      : await db
          .update(codRefundPayouts)
          .set({
            ...base,
            state: 'processing',
            nextAttemptAt: retryAt(askAgainMs),
          })
          .where(and(eq(codRefundPayouts.id, id), unsettled))
          .returning({ state: codRefundPayouts.state });
  return row?.state;
}

/** A failed attempt: tried again in `retryInMs` (the same idempotency key), or failed with the refusal's reason. */
export const payoutAttemptFailed = (db: DbOrTx, id: string, error: string, retryInMs: number | null) =>
  recordAttempt(db, codRefundPayouts, id, {
    failed: { error, retryInMs },
    set: retryInMs === null ? { state: 'failed', failureReason: error.slice(0, 500) } : {},
    pending: unsettled,
  });

export async function payoutRowOf(db: DbOrTx, by: { payoutId: string } | { id: string }) {
  const where = 'id' in by ? eq(codRefundPayouts.id, by.id) : eq(codRefundPayouts.payoutId, by.payoutId);
  const [row] = await db.select().from(codRefundPayouts).where(where).limit(1);
  return row;
}

/** The payouts of these returns, for the returns' views: one query for a whole page. */
export const payoutsOf = (db: DbOrTx, returnIds: string[]) =>
  selectWhereIn(
    db,
    pick(codRefundPayouts, ['returnId', 'state', 'failureReason']),
    codRefundPayouts,
    codRefundPayouts.returnId,
    returnIds,
  );

/** How many payouts are not settled yet (the /metrics backlog gauge). */
export const payoutBacklog = (db: DbOrTx) => countWhere(db, codRefundPayouts, unsettled);
