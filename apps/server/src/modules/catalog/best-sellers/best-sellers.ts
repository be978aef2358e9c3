/**
 * Best Seller (docs/search-and-listing.md, "Best sellers"): the rule is `bestSellerIds` of @mp/shared; this works it
 * out from the paid orders of the window and keeps it in `products.best_seller`, so every product answer carries the
 * flag from the row it already reads (no query per card) and the change feed drops the cached answers showing a
 * product whose flag moved.
 */
import { sql } from 'drizzle-orm';
import { BEST_SELLER, bestSellerIds, type RecentSales } from '@mp/shared';
import type { Db } from '../../../db/client';
import type { ChangeFeed } from '../../../lib/change-feed';
import { startIntervalJob } from '../../../lib/interval-job';

/** Works the best sellers out again and sets the flag where it moved; answers the products whose flag moved. */
export async function refreshBestSellers(db: Db, changes: ChangeFeed): Promise<string[]> {
  // one aggregate over the window's paid orders (orders_paid_idx); only products with the minimum come back
  const sold = (await db.execute(sql`
    select l.product_id as id, p.category, sum(l.quantity)::int as units
    from orders o
    join order_lines l on l.order_id = o.id
    join products p on p.id = l.product_id
    where o.paid_at >= now() - make_interval(days => ${BEST_SELLER.windowDays})
      and o.payment_status = 'paid' and l.status <> 'rejected' and p.deleted_at is null
    group by l.product_id, p.category
    having sum(l.quantity) >= ${BEST_SELLER.minUnits}`)) as unknown as { rows: RecentSales[] };
  const best = [...bestSellerIds(sold.rows)];
  const isBest = best.length
    ? sql`id in (${sql.join(
        best.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`
    : sql`false`;
  // only rows whose flag moves are written: today's best sellers (products_best_seller_idx) and the new ones
  const moved = (await db.execute(
    sql`update products set best_seller = ${isBest} where (best_seller or ${isBest}) and best_seller <> ${isBest} returning id`,
  )) as unknown as { rows: { id: string }[] };
  const ids = moved.rows.map((r) => r.id);
  if (ids.length) changes.publish({ type: 'products', ids });
  return ids;
}

/** Works the best sellers out at start and then every `intervalMs`; answers a stop function. */
export function startBestSellers(
  db: Db,
  changes: ChangeFeed,
  opts: { intervalMs: number; onError: (err: unknown) => void },
): () => void {
  refreshBestSellers(db, changes).catch(opts.onError);
  return startIntervalJob(() => refreshBestSellers(db, changes), opts);
}
