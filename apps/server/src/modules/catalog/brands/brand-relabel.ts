/**
 * A renamed brand's products take its new label (products.brand_label, which search_vector and so search read;
 * docs/search-and-listing.md, "Brands"). Run after the rename commits, in batches: each statement is its own short
 * transaction over at most RELABEL_BATCH products, so a brand with a large catalogue is never locked whole and
 * checkouts and edits of its products go on meanwhile. Every batch reads the label afresh and skips products
 * already carrying it, so running it again (a second rename, a retry after a crash) finishes the work.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';

export const RELABEL_BATCH = 1000;

/** Relabels the brand's live and waiting products; answers how many changed. */
export async function relabelProducts(db: Db, brandId: string, batch = RELABEL_BATCH): Promise<number> {
  let total = 0;
  for (;;) {
    const result = await db.execute(sql`
      update products p set brand_label = b.label
      from brands b
      where b.id = ${brandId} and p.id in (
        select q.id from products q
        where q.brand = ${brandId} and (q.deleted_at is null or q.brand_pending)
          and q.brand_label is distinct from b.label
        limit ${batch})
      returning p.id`);
    const changed = (result as unknown as { rows: unknown[] }).rows.length;
    total += changed;
    if (changed < batch) return total;
  }
}
