/**
 * Sitemap reads (docs/seo-and-email.md). Live products are split into 256 pages by the first two hex digits of
 * their random uuid, so every page is one range scan of products_live_id_idx (id, updated_at) and the index
 * only asks which ranges hold a product (256 index probes), never counting or scanning the whole table.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

/** The sitemap protocol's limit of URLs per file. */
export const SITEMAP_PAGE_LIMIT = 50_000;

const lowest = (prefix: string) => `${prefix}000000-0000-0000-0000-000000000000`;
const highest = (prefix: string) => `${prefix}ffffff-ffff-ffff-ffff-ffffffffffff`;
export const RANGE_PATTERN = /^[0-9a-f]{2}$/;

export function createSitemapService(db: Db) {
  return {
    /** The two-hex-digit id ranges that hold at least one live product. */
    async productRanges(): Promise<string[]> {
      const result = (await db.execute(sql`
        select g.prefix from (select lpad(to_hex(n), 2, '0') as prefix from generate_series(0, 255) n) g
        where exists (
          select 1 from products
          where deleted_at is null
            and id between (g.prefix || '000000-0000-0000-0000-000000000000')::uuid
                       and (g.prefix || 'ffffff-ffff-ffff-ffff-ffffffffffff')::uuid
        )
        order by g.prefix`)) as unknown as { rows: { prefix: string }[] };
      return result.rows.map((r) => r.prefix);
    },

    /** Approved sellers' store addresses, with when each seller record last changed. */
    async stores(): Promise<{ slug: string; updatedAt: Date }[]> {
      const result = (await db.execute(sql`
        select slug, updated_at from sellers where approvalstatus = 'approved'
        order by slug limit ${SITEMAP_PAGE_LIMIT}`)) as unknown as {
        rows: { slug: string; updated_at: Date | string }[];
      };
      return result.rows.map((r) => ({
        slug: r.slug,
        updatedAt: r.updated_at instanceof Date ? r.updated_at : new Date(r.updated_at),
      }));
    },

    /** The live products of one id range, in id order, with when each last changed. */
    async productsInRange(prefix: string): Promise<{ id: string; updatedAt: Date }[]> {
      const result = (await db.execute(sql`
        select id, updated_at from products
        where deleted_at is null and id between ${lowest(prefix)}::uuid and ${highest(prefix)}::uuid
        order by id
        limit ${SITEMAP_PAGE_LIMIT}`)) as unknown as { rows: { id: string; updated_at: Date | string }[] };
      return result.rows.map((r) => ({
        id: r.id,
        updatedAt: r.updated_at instanceof Date ? r.updated_at : new Date(r.updated_at),
      }));
    },
  };
}
