/**
 * The listing filtered by size (docs/search-and-listing.md, "Size"): products with a live variant in stock in one
 * of the sizes asked. `products.sizes` (kept by the variants' trigger) is read through its GIN index, which holds
 * only the sized products (clothing and footwear), so the candidate set is small: it is counted, faceted and
 * sorted in one statement each, beside the listing's other filters.
 */
import { sql, type SQL } from 'drizzle-orm';
import { DEFAULT_SORT, type ProductListQuery } from '@mp/shared';
import type { Db } from '../../../../db/client';
import { countCells, type FacetCell } from './facet-counts';
import type { ListingPage } from '../search-provider';
import type { RowReader } from './rows';
import { SORTS } from './sorts';
import { rowsOf, textArray } from './statements';

/** Products with a live variant in stock in one of these sizes (the listing's and search's Size filter). */
export const inSizes = (sizes: string[]) => sql`sizes && ${textArray(sizes)}`;

function sizedWhere(q: ProductListQuery): SQL {
  return sql.join(
    [sql`deleted_at is null`, inSizes(q.size), q.seller ? sql`seller_id = ${q.seller}` : undefined].filter(
      (x): x is SQL => x !== undefined,
    ),
    sql` and `,
  );
}

export async function listBySize(db: Db, rows: RowReader, q: ProductListQuery): Promise<ListingPage> {
  const categories = [...new Set(q.category)];
  const brands = [...new Set(q.brand)];
  const where = sizedWhere(q);
  const cells = await rowsOf<FacetCell>(
    db,
    sql`select category, brand, count(*)::int as n from products where ${where} group by category, brand`,
  );
  const { total, category, brand } = countCells(cells, categories, brands);
  const { key, dir } = SORTS[q.sortBy ?? DEFAULT_SORT];
  const offset = (q.page - 1) * q.limit;
  const filters = [
    where,
    categories.length ? sql`category = any(${textArray(categories)})` : undefined,
    brands.length ? sql`brand = any(${textArray(brands)})` : undefined,
  ].filter((x): x is SQL => x !== undefined);
  const ids =
    offset < total
      ? await rowsOf<{ id: string }>(
          db,
          sql`select id from products where ${sql.join(filters, sql` and `)}
            order by ${sql.raw(`${key} ${dir}, id ${dir}`)} limit ${q.limit} offset ${offset}`,
        )
      : [];
  return {
    data: await rows.productsByIds(ids.map((r) => r.id)),
    pagination: { page: q.page, limit: q.limit, total, pages: Math.ceil(total / q.limit) },
    facets: { category, brand },
  };
}
