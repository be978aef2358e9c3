/**
 * A seller's notifications in its console (docs/seo-and-email.md, "Seller notifications"): the newest-first list
 * with the unread count, marking read, and the low-stock threshold. Notices are written by notifySeller only.
 */
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import {
  noticeText,
  type NotificationSettings,
  type SellerNotice,
  type SellerNotificationDto,
} from '@mp/shared';
import type { Db } from '../../db/client';
import { countWhere, pageOf } from '../../db/paging';
import { sellerNotifications, sellers } from '../../db/schema';
import { firstOr404, notFound } from '../../lib/errors';

type Row = typeof sellerNotifications.$inferSelect;

const toDto = (r: Row): SellerNotificationDto => ({
  id: r.id,
  kind: r.kind,
  ...noticeText({ kind: r.kind, payload: r.payload } as SellerNotice),
  read: r.readAt !== null,
  createdAt: r.createdAt.toISOString(),
});

/** How many of the seller's notices are unread (the partial index holds only those). */
const unreadOf = (db: Db, sellerId: string): Promise<number> =>
  countWhere(
    db,
    sellerNotifications,
    and(eq(sellerNotifications.sellerId, sellerId), isNull(sellerNotifications.readAt)),
  );

async function list(db: Db, sellerId: string, page: number, limit: number) {
  const mine = eq(sellerNotifications.sellerId, sellerId);
  const [{ rows, total }, unread] = await Promise.all([
    pageOf(
      db,
      { table: sellerNotifications, where: mine },
      db
        .select()
        .from(sellerNotifications)
        .where(mine)
        .orderBy(desc(sellerNotifications.createdAt), desc(sellerNotifications.id)),
      { page, limit },
    ),
    unreadOf(db, sellerId),
  ]);
  return {
    data: rows.map(toDto),
    pagination: { page, limit, total, pages: Math.ceil(total / limit) },
    unread,
  };
}

/** Marks one of the seller's own notices read; another seller's is not found. */
async function markRead(db: Db, sellerId: string, id: string) {
  const mine = and(eq(sellerNotifications.id, id), eq(sellerNotifications.sellerId, sellerId));
  await db
    .update(sellerNotifications)
    .set({ readAt: sql`now()` })
    .where(and(mine, isNull(sellerNotifications.readAt)));
  const [row] = await db.select().from(sellerNotifications).where(mine);
  if (!row) throw notFound('Notification');
  return { data: toDto(row), unread: await unreadOf(db, sellerId) };
}

async function markAllRead(db: Db, sellerId: string): Promise<{ unread: number }> {
  await db
    .update(sellerNotifications)
    .set({ readAt: sql`now()` })
    .where(and(eq(sellerNotifications.sellerId, sellerId), isNull(sellerNotifications.readAt)));
  return { unread: 0 };
}

const thresholdColumns = { lowStockThreshold: sellers.lowStockThreshold };

const settingsOf = async (db: Db, sellerId: string): Promise<NotificationSettings> =>
  firstOr404(await db.select(thresholdColumns).from(sellers).where(eq(sellers.id, sellerId)), 'Seller');

const saveSettings = async (
  db: Db,
  sellerId: string,
  input: NotificationSettings,
): Promise<NotificationSettings> =>
  firstOr404(
    await db
      .update(sellers)
      .set({ lowStockThreshold: input.lowStockThreshold })
      .where(eq(sellers.id, sellerId))
      .returning(thresholdColumns),
    'Seller',
  );

/** The notification reads and settings, bound to the database (wired in deps.ts). */
export function createNotifications({ db }: { db: Db }) {
  return {
    list: (sellerId: string, page: number, limit: number) => list(db, sellerId, page, limit),
    markRead: (sellerId: string, id: string) => markRead(db, sellerId, id),
    markAllRead: (sellerId: string) => markAllRead(db, sellerId),
    settingsOf: (sellerId: string) => settingsOf(db, sellerId),
    saveSettings: (sellerId: string, input: NotificationSettings) => saveSettings(db, sellerId, input),
  };
}
export type Notifications = ReturnType<typeof createNotifications>;
