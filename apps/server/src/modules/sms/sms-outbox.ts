/**
 * The durable SMS outbox (docs/money.md, "Cash on delivery"): the only writer of `sms_outbox`. A message is written
 * in the caller's transaction, sent after commit (`deliver`, at once by the caller, then by the sweeper), never
 * inside a transaction: a send claims its row by pushing its next attempt a minute ahead, so two senders never send
 * it twice at once. A gateway failure leaves it pending with the error and a next attempt (10 s, doubling, at most
 * 5 minutes) until it is sent or expires; its text is blanked then.
 */
import { and, eq, lte, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { smsOutbox } from '../../db/schema';
import type { Logger } from '../../lib/logger';
import { startIntervalJob } from '../../lib/interval-job';
import type { SmsProvider } from './sms-provider';

const LEASE_MS = 60_000;
const retryMs = (attempts: number) => Math.min(5 * 60_000, 10_000 * 2 ** Math.max(0, attempts - 1));

export interface SmsOutbox {
  /** writes a message in the caller's transaction; answers its id for `deliver` after commit */
  enqueueIn(tx: DbOrTx, phone: string, body: string, validMinutes: number): Promise<string>;
  /** tries to send one message now; answers whether it was sent (a failure is retried later, never lost) */
  deliver(id: string): Promise<boolean>;
  /** sends every due message; answers how many were tried */
  sendDue(): Promise<number>;
  start(opts: { intervalMs: number }): () => void;
}

export function createSmsOutbox(deps: { db: Db; provider: SmsProvider; logger: Logger }): SmsOutbox {
  const { db, provider, logger } = deps;
  async function deliver(id: string): Promise<boolean> {
    await db
      .update(smsOutbox)
      .set({ state: 'expired', body: '' })
      .where(and(eq(smsOutbox.id, id), eq(smsOutbox.state, 'pending'), lte(smsOutbox.expiresAt, sql`now()`)));
    const [claimed] = await db
      .update(smsOutbox)
      .set({
        attempts: sql`${smsOutbox.attempts} + 1`,
        nextAttemptAt: sql`now() + make_interval(secs => ${LEASE_MS / 1000})`,
      })
      .where(
        and(eq(smsOutbox.id, id), eq(smsOutbox.state, 'pending'), lte(smsOutbox.nextAttemptAt, sql`now()`)),
      )
      .returning();
    if (!claimed) return false;
    try {
      await provider.send(claimed.phone, claimed.body);
    } catch (err) {
      logger.warn(
        { err, smsId: id, attempts: claimed.attempts },
        'sending a text message failed; it will be retried',
      );
      await db
        .update(smsOutbox)
        .set({
          lastError: (err as Error).message,
          nextAttemptAt: sql`now() + make_interval(secs => ${retryMs(claimed.attempts) / 1000})`,
        })
        .where(eq(smsOutbox.id, id));
      return false;
    }
    await db
      .update(smsOutbox)
      .set({ state: 'sent', body: '', sentAt: sql`now()` })
      .where(eq(smsOutbox.id, id));
    return true;
  }
  async function sendDue(): Promise<number> {
    const due = await db
      .select({ id: smsOutbox.id })
      .from(smsOutbox)
      .where(and(eq(smsOutbox.state, 'pending'), lte(smsOutbox.nextAttemptAt, sql`now()`)))
      .limit(100);
    for (const m of due) await deliver(m.id);
    return due.length;
  }
  return {
    async enqueueIn(tx, phone, body, validMinutes) {
      const [row] = await tx
        .insert(smsOutbox)
        .values({ phone, body, expiresAt: sql`now() + make_interval(mins => ${validMinutes})` })
        .returning({ id: smsOutbox.id });
      return row!.id;
    },
    deliver,
    sendDue,
    start: ({ intervalMs }) =>
      startIntervalJob(sendDue, {
        intervalMs,
        onError: (err) => logger.error({ err }, 'SMS outbox sweeper failed'),
      }),
  };
}
