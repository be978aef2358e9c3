/**
 * notifySeller (docs/seo-and-email.md, "Seller notifications"): the one way a seller is told something. Inside the
 * caller's transaction it writes the console notice and queues its e-mail in the outbox, so a notice exists exactly
 * when its event committed; the same event again (its key) adds neither.
 */
import { eq, inArray } from 'drizzle-orm';
import type { SellerNotice, SellerNoticePayloads, SellerNotificationKind } from '@mp/shared';
import type { DbOrTx } from '../../db/client';
import { sellerNotifications, sellers, users } from '../../db/schema';
import { enqueueMails, type MailTrigger, type OutboxMail } from '../mail';
import { noticeMail } from './notice-mail';

export interface SellerNoticeEvent {
  sellerId: string;
  /** names the event, once: the notice's and its e-mail's dedupe key */
  key: string;
  notice: SellerNotice;
}

/**
 * Tells each seller its notice: one insert for the notices, one for the e-mails. With a trigger (a shopper's
 * request caused them) the e-mails count towards its client's hourly limit; a notice is written either way.
 * Sellers that no longer exist are skipped.
 */
export async function notifySellers(
  tx: DbOrTx,
  events: readonly SellerNoticeEvent[],
  trigger?: MailTrigger,
): Promise<void> {
  if (!events.length) return;
  const contacts = new Map(
    (
      await tx
        .select({ id: sellers.id, storename: sellers.storename, email: users.email })
        .from(sellers)
        .innerJoin(users, eq(users.id, sellers.userId))
        .where(inArray(sellers.id, [...new Set(events.map((e) => e.sellerId))]))
    ).map((c) => [c.id, c]),
  );
  const known = events.filter((e) => contacts.has(e.sellerId));
  if (!known.length) return;
  await tx
    .insert(sellerNotifications)
    .values(
      known.map((e) => ({
        sellerId: e.sellerId,
        kind: e.notice.kind,
        dedupeKey: e.key,
        payload: e.notice.payload,
      })),
    )
    .onConflictDoNothing({ target: sellerNotifications.dedupeKey });
  const mails: OutboxMail[] = known.map((e) => {
    const seller = contacts.get(e.sellerId)!;
    return { dedupeKey: e.key, to: seller.email, payload: noticeMail(e.notice, seller.storename) };
  });
  await enqueueMails(tx, mails, trigger);
}

/**
 * Tells one seller one notice (notifySellers): `kind` and its payload (SellerNoticePayloads in @mp/shared), `key`
 * naming the event, e.g. `seller-brand-accepted:{productId}`.
 */
export async function notifySeller<K extends SellerNotificationKind>(
  tx: DbOrTx,
  sellerId: string,
  kind: K,
  payload: SellerNoticePayloads[K],
  key: string,
): Promise<void> {
  await notifySellers(tx, [{ sellerId, key, notice: { kind, payload } as SellerNotice }]);
}
