/**
 * The mail outbox repository (docs/seo-and-email.md): the only code that writes mail_outbox. Events enqueue rows
 * inside their own transaction (bounded per client and recipient when a client's request causes them); the mail
 * worker claims due rows, transactional before bulk, and marks each sent or schedules a retry.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { mailOutbox } from '../../db/schema';
import type { Logger } from '../../lib/logger';
import type { MailPayload } from './mail-payloads';

export type OutboxRow = typeof mailOutbox.$inferSelect;

/** Claimed rows stay with their worker this long; a worker that died mid-send releases them when it lapses. */
export const CLAIM_LEASE_SECONDS = 120;
/** After this many failed attempts a mail is given up (status failed, kept for the operator). */
export const MAX_ATTEMPTS = 8;

/** Retry delay after the n-th failed attempt: 30 s, 1 min, 2 min … capped at one hour. */
export const retryDelaySeconds = (attempts: number): number => Math.min(30 * 2 ** (attempts - 1), 3600);

/**
 * Mail kinds that can wait behind the others (docs/seo-and-email.md, "Priority and limits"). Every other kind, a
 * kind added later included, is transactional and sent first.
 */
export const BULK_MAIL_KINDS: ReadonlySet<string> = new Set([
  'seller-decision',
  'seller-registration',
  'seller-payout',
  'seller-refund-charged',
  'seller-notice',
]);

export const mailPriority = (kind: string): 0 | 1 => (BULK_MAIL_KINDS.has(kind) ? 1 : 0);

/** How many client-caused mails are queued per hour (config `mailLimits`). */
export interface MailLimits {
  /** per recipient, of mails to an address the client chose */
  perRecipientPerHour: number;
  /** per client address, of every mail its requests caused */
  perClientPerHour: number;
}

/** The client whose request causes these mails: they are counted and bounded (MailLimits). */
export interface MailTrigger {
  client: string;
  limits: MailLimits;
  logger: Logger;
}

/**
 * Records one e-mail to send. The dedupe key names the event: enqueuing the same event again (a retried
 * webhook, a repeated status change) adds nothing.
 */
export async function enqueueMail(tx: DbOrTx, mail: OutboxMail, trigger?: MailTrigger): Promise<void> {
  await enqueueMails(tx, [mail], trigger);
}

/**
 * Records several e-mails of one event in one statement (each deduplicated on its own key). With a trigger, mails
 * over its client's or a chosen recipient's hourly limit are left out (and logged); the caller's request goes on.
 */
export async function enqueueMails(
  tx: DbOrTx,
  mails: readonly OutboxMail[],
  trigger?: MailTrigger,
): Promise<void> {
  const queued = trigger ? await withinLimits(tx, mails, trigger) : mails;
  if (!queued.length) return;
  await tx
    .insert(mailOutbox)
    .values(
      queued.map((m) => ({
        kind: m.payload.kind,
        priority: mailPriority(m.payload.kind),
        dedupeKey: m.dedupeKey,
        toAddress: m.to,
        payload: m.payload,
        clientAddress: trigger?.client ?? null,
        recipientChosen: !!trigger && !!m.recipientChosen,
      })),
    )
    .onConflictDoNothing({ target: mailOutbox.dedupeKey });
}

/**
 * The mails still within the trigger's hourly limits, counted from the outbox (so every instance sees them) under
 * advisory locks of the client and the chosen recipients, so parallel requests cannot pass a limit together.
 */
async function withinLimits(
  tx: DbOrTx,
  mails: readonly OutboxMail[],
  { client, limits, logger }: MailTrigger,
): Promise<OutboxMail[]> {
  const chosen = [...new Set(mails.filter((m) => m.recipientChosen).map((m) => m.to))];
  // the locks in one round trip, always in the same (sorted) order, so two requests cannot deadlock
  const keys = [`client:${client}`, ...chosen.map((to) => `to:${to}`)].sort().map((k) => `haat:mail:${k}`);
  const textArray = (items: string[]) =>
    sql`array[${sql.join(
      items.map((i) => sql`${i}`),
      sql`, `,
    )}]::text[]`;
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtext(k)) from (select k from unnest(${textArray(keys)}) k order by k) s`,
  );
  // the counts in one more: the client's mails of the last hour, and each chosen recipient's
  const counted = (await tx.execute(sql`
    select
      (select count(*)::int from mail_outbox
        where client_address = ${client} and created_at > now() - interval '1 hour') as client,
      (select coalesce(json_object_agg(to_address, n), '{}'::json) from (
        select to_address, count(*)::int as n from mail_outbox
        where recipient_chosen and to_address = any(${textArray(chosen)}) and created_at > now() - interval '1 hour'
        group by to_address) t) as recipients`)) as unknown as {
    rows: { client: number; recipients: Record<string, number> }[];
  };
  const counts = counted.rows[0]!;
  const byRecipient = new Map(Object.entries(counts.recipients));
  let clientCount = Number(counts.client);
  const queued: OutboxMail[] = [];
  for (const m of mails) {
    const toCount = byRecipient.get(m.to) ?? 0;
    const over =
      clientCount >= limits.perClientPerHour
        ? 'client'
        : m.recipientChosen && toCount >= limits.perRecipientPerHour
          ? 'recipient'
          : null;
    if (over) {
      logger.warn(
        { kind: m.payload.kind, dedupeKey: m.dedupeKey, client, over },
        `e-mail not queued: its ${over} reached the hourly limit`,
      );
      continue;
    }
    clientCount++;
    if (m.recipientChosen) byRecipient.set(m.to, toCount + 1);
    queued.push(m);
  }
  return queued;
}

export interface OutboxMail {
  dedupeKey: string;
  to: string;
  payload: MailPayload;
  /** the triggering client chose this address (counted per recipient when enqueued with a trigger) */
  recipientChosen?: boolean;
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
      order by priority, next_attempt_at
      limit ${limit}
      for update skip locked
    )
    returning id`)) as unknown as { rows: { id: string }[] };
  const ids = result.rows.map((r) => r.id);
  if (ids.length === 0) return [];
  return db
    .select()
    .from(mailOutbox)
    .where(inArray(mailOutbox.id, ids))
    .orderBy(mailOutbox.priority, mailOutbox.nextAttemptAt);
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
