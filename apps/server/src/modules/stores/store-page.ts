/**
 * The public store page's answer (docs/seo-and-email.md, "Store pages"): an approved seller's name, pictures,
 * approval date, and the rating and count of its live products, in one query (the sums of `products.rating_sum`
 * and `review_count` over its products, found by the seller index; never a query per product). Answers are kept in memory for
 * a short while and dropped on any catalogue or store change heard on the change feed, like the other shop reads.
 */
import { sql } from 'drizzle-orm';
import { isId, type StoreDto } from '@mp/shared';
import type { Db } from '../../db/client';
import type { ChangeFeed } from '../../lib/change-feed';
import { AppError } from '../../lib/errors';
import { averageReview } from '../catalog/products/product.mapper';

const STORE_TTL_MS = 30_000;
/** stores kept at once; the oldest goes first */
const MAX_ENTRIES = 2000;

export const storeNotFound = () =>
  new AppError(404, 'STORE_NOT_FOUND', 'This store does not exist or is not open yet');

interface StoreRow {
  id: string;
  slug: string;
  storename: string;
  logo: string | null;
  banner: string | null;
  since: Date | string;
  rating_sum: string | number;
  review_count: string | number;
  product_count: string | number;
}

/** An approved store by its address, or by its seller id (the older `?seller=` links). */
async function readStore(db: Db, key: string): Promise<StoreDto | undefined> {
  const match = isId(key) ? sql`(s.id = ${key}::uuid or s.slug = ${key})` : sql`s.slug = ${key}`;
  const result = (await db.execute(sql`
    select s.id, s.slug, s.storename, s.logo, s.banner, coalesce(s.decided_at, s.created_at) as since,
      coalesce(sum(p.rating_sum), 0) as rating_sum, coalesce(sum(p.review_count), 0) as review_count,
      count(p.id) as product_count
    from sellers s
    left join products p on p.seller_id = s.id and p.deleted_at is null
    where ${match} and s.approvalstatus = 'approved'
    group by s.id`)) as unknown as { rows: StoreRow[] };
  const r = result.rows[0];
  if (!r) return undefined;
  const reviews = Number(r.review_count);
  return {
    _id: r.id,
    slug: r.slug,
    storeName: r.storename,
    logo: r.logo,
    banner: r.banner,
    sellerSince: (r.since instanceof Date ? r.since : new Date(r.since)).toISOString(),
    averageReview: averageReview(Number(r.rating_sum), reviews),
    reviewCount: reviews,
    productCount: Number(r.product_count),
  };
}

export interface StorePagesDeps {
  /** where the read goes (the catalogue reader: the replica once it is current) */
  db: () => Db;
  changes: ChangeFeed;
}

export function createStorePages({ db, changes }: StorePagesDeps) {
  const cache = new Map<string, { expiresAt: number; value: Promise<StoreDto | undefined> }>();
  const forget = () => cache.clear();
  // a product's rating, a new or deleted product, or a store's own change: store answers are few, drop them all
  changes.subscribe((c) => {
    if (c.type === 'products' || c.type === 'stores') forget();
  });
  return {
    forget,
    /** GET /api/shop/store/{slug}: the store, or 404 STORE_NOT_FOUND */
    async page(key: string): Promise<StoreDto> {
      const now = Date.now();
      let hit = cache.get(key);
      if (!hit || hit.expiresAt <= now) {
        if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value!);
        const value = readStore(db(), key);
        hit = { expiresAt: now + STORE_TTL_MS, value };
        cache.set(key, hit);
        // a failed read and an unknown store are not kept: the next request asks again
        value.then(
          (s) => {
            if (!s && cache.get(key) === hit) cache.delete(key);
          },
          () => {
            if (cache.get(key) === hit) cache.delete(key);
          },
        );
      }
      const store = await hit.value;
      if (!store) throw storeNotFound();
      return store;
    },
  };
}
export type StorePages = ReturnType<typeof createStorePages>;
