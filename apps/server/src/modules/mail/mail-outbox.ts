/**
 * The mail outbox repository (docs/seo-and-email.md): the only code that writes mail_outbox. Events enqueue rows
 * inside their own transaction; the mail worker claims due rows, and marks each sent or schedules a retry.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { mailOutbox } from '../../db/schema';
import type { MailPayload } from './mail-payloads';

export type OutboxRow = typeof mailOutbox.$inferSelect;

/** Claimed rows stay with their worker this long; a worker that died mid-send releases them when it lapses. */
export const CLAIM_LEASE_SECONDS = 120;
/** After this many failed attempts a mail is given up (status failed, kept for the operator). */
export const MAX_ATTEMPTS = 8;

/** Retry delay after the n-th failed attempt: 30 s, 1 min, 2 min … capped at one hour. */
export const retryDelaySeconds = (attempts: number): number => Math.min(30 * 2 ** (attempts - 1), 3600);

/**
 * Records one e-mail to send. The dedupe key names the event: enqueuing the same event again (a retried
 * webhook, a repeated status change) adds nothing.
 */
export async function enqueueMail(tx: DbOrTx, mail: OutboxMail): Promise<void> {
  await enqueueMails(tx, [mail]);
}

/** Records several e-mails of one event in one statement (each deduplicated on its own key). */
export async function enqueueMails(tx: DbOrTx, mails: readonly OutboxMail[]): Promise<void> {
  if (!mails.length) return;
  await tx
    .insert(mailOutbox)
    .values(
      mails.map((m) => ({
        kind: m.payload.kind,
        dedupeKey: m.dedupeKey,
        toAddress: m.to,
        payload: m.payload,
      })),
    )
    .onConflictDoNothing({ target: mailOutbox.dedupeKey });
}

export interface OutboxMail {
  dedupeKey: string;
  to: string;
  payload: MailPayload;
}

/**
 * Takes up to `limit` due mails for this worker: pending ones whose time has come and sending ones whose lease
 * lapsed. FOR UPDATE SKIP LOCKED lets several instances claim at once without taking the same row.
 */
export async function claimDueMails(db: DbOrTx, limit: number): Promise<OutboxRow[]> {
  const result = (await db.execute(sql`
    update ${mailOutbox} set status = 'sending', attempts = attempts + 1,
      locked_until = now() + make_interval(secs => ${CLAIM_LEASE_SECONDS})
    where id in (
      select id from ${mailOutbox}
      where status in ('pending', 'sending') and next_attempt_at <= now()
        and (status = 'pending' or locked_until < now())
      order by next_attempt_at
      limit ${limit}
      for update skip locked
    )
    returning id`)) as unknown as { rows: { id: string }[] };
  const ids = result.rows.map((r) => r.id);
  if (ids.length === 0) return [];
  return db.select().from(mailOutbox).where(inArray(mailOutbox.id, ids)).orderBy(mailOutbox.nextAttemptAt);
}

/** The mail left this server: never send it again. Only the claim's holder (status sending) may mark it. */
export async function markSent(db: DbOrTx, id: string): Promise<void> {
  await db
    .update(mailOutbox)
    .set({ status: 'sent', sentAt: sql`now()`, lockedUntil: null, lastError: null })
    .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, 'sending')));
}

/** A failed attempt: retry later with backoff, or give up after MAX_ATTEMPTS. */
export async function markFailed(db: DbOrTx, row: OutboxRow, error: string): Promise<'retry' | 'failed'> {
  const giveUp = row.attempts >= MAX_ATTEMPTS;
  await db
    .update(mailOutbox)
    .set({
      status: giveUp ? 'failed' : 'pending',
      lockedUntil: null,
      lastError: error.slice(0, 1000),
      nextAttemptAt: sql`now() + make_interval(secs => ${retryDelaySeconds(row.attempts)})`,
    })
    .where(and(eq(mailOutbox.id, row.id), eq(mailOutbox.status, 'sending')));
  return giveUp ? 'failed' : 'retry';
}

/** Sent mails are kept this long (for support questions), then deleted by the worker. */
export const KEEP_SENT_DAYS = 30;

/** Deletes sent mails older than KEEP_SENT_DAYS; failed ones stay for the operator. Answers how many went. */
export async function pruneSent(db: DbOrTx): Promise<number> {
  const gone = await db
    .delete(mailOutbox)
    .where(
      and(
        eq(mailOutbox.status, 'sent'),
        sql`${mailOutbox.sentAt} < now() - make_interval(days => ${KEEP_SENT_DAYS})`,
      ),
    )
    .returning({ id: mailOutbox.id });
  return gone.length;
}
