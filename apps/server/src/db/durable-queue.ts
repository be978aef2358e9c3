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

/** The columns a successful attempt sets: no error, nothing more to try. */
export const attemptDone = () => ({ lastError: null, nextAttemptAt: null, updatedAt: sql`now()` });

/** A queue's table: its rows have an `id` and count their `attempts`. */
type QueueTable = PgTable & { id: AnyPgColumn; attempts: AnyPgColumn };

/**
 * Records a failed attempt on row `id` (while `pending` holds, when given) with the queue's own columns `set` (its
 * state: tried again, or given up).
 */
export async function recordFailedAttempt(
  db: DbOrTx,
  table: QueueTable,
  id: string,
  attempt: { error: string; retryInMs: number | null; set: Record<string, unknown>; pending?: SQL },
) {
  await db
    .update(table)
    .set({ ...failedAttempt(table.attempts, attempt.error, attempt.retryInMs), ...attempt.set } as never)
    .where(and(eq(table.id, id), attempt.pending));
}

/** How many rows of `table` match `pending` (the /metrics backlog gauges). */
export async function backlogOf(db: DbOrTx, table: PgTable, pending: SQL): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(table)
    .where(pending);
  return row?.n ?? 0;
}
