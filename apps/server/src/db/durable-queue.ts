/**
 * The durable queues' shared SQL (docs/delivery.md "Shipments" and "Reverse pickup", docs/money.md "Refunds of
 * cash-on-delivery returns"): a table row per call to an outside party, tried by a worker after the commit and again
 * at `next_attempt_at` with back-off. Each queue's repository owns its table; these are the pieces they share.
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client';

/** Back-off of a failed attempt: 30 s, doubling, at most an hour. */
export const retryDelayMs = (attempts: number) => Math.min(3_600_000, 30_000 * 2 ** attempts);

/** `next_attempt_at` of a failed attempt: in `retryInMs`, or never (null) when it is not to be tried again. */
export const retryAt = (retryInMs: number | null): SQL | null =>
  retryInMs === null ? null : sql`now() + ${`${retryInMs} milliseconds`}::interval`;

/** The columns every failed attempt sets: one more attempt, its error, when to try again. */
export const failedAttempt = (attempts: AnyPgColumn, error: string, retryInMs: number | null) => ({
  attempts: sql`${attempts} + 1`,
  lastError: error.slice(0, 500),
  nextAttemptAt: retryAt(retryInMs),
  updatedAt: sql`now()`,
});

/**
 * Claims the due rows of `table` matching `pending` for one attempt: each is leased for `leaseMs` (its
 * `next_attempt_at` moved on), so a worker on another instance skips it, and a crash mid-attempt leaves it due again
 * when the lease ends. Answers the claimed ids.
 */
export async function claimDue(
  db: DbOrTx,
  table: PgTable,
  pending: SQL,
  leaseMs: number,
  limit = 20,
): Promise<string[]> {
  const res = await db.execute(sql`
    update ${table} set next_attempt_at = now() + ${`${leaseMs} milliseconds`}::interval
    where id in (
      select id from ${table}
      where ${pending} and next_attempt_at <= now()
      order by next_attempt_at limit ${limit}
      for update skip locked
    )
    returning id`);
  return (res as unknown as { rows: { id: string }[] }).rows.map((r) => r.id);
}

/** A queue's table: its rows have an `id` and count their `attempts`. */
type QueueTable = PgTable & { id: AnyPgColumn; attempts: AnyPgColumn };

/**
 * Records an attempt on row `id` (while `pending` holds, when given) with the queue's own columns `set` (the outside
 * party's answer, the row's next state). Done: no error, nothing more to try; `failed`: one more attempt, its error
 * and when to try again (failedAttempt). Answers whether the row was still pending (so it moved).
 */
export async function recordAttempt(
  db: DbOrTx,
  table: QueueTable,
  id: string,
  a: { set: Record<string, unknown>; pending?: SQL; failed?: { error: string; retryInMs: number | null } },
) {
  const outcome = a.failed
    ? failedAttempt(table.attempts, a.failed.error, a.failed.retryInMs)
    : { lastError: null, nextAttemptAt: null, updatedAt: sql`now()` };
  const moved = await db
    .update(table)
    .set({ ...a.set, ...outcome } as never)
    .where(and(eq(table.id, id), a.pending))
    .returning({ id: table.id });
  return moved.length > 0;
}
