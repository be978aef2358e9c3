import { sql, type SQL } from 'drizzle-orm';
import { DEFAULT_SORT, type ProductListQuery, type SortBy } from '@mp/shared';
import type { Db } from '../../../../db/client';
import type { CatalogCache } from '../../catalog-cache';
import { countCells } from './facet-counts';
import type { ListingPage, ReadSource } from '../search-provider';
import { facetMatrix } from './facets';
import type { RowReader } from './rows';
import { SORTS } from './sorts';
import { listBySize } from './sized-listing';
import { prepared } from './statements';

/** Above this many filter streams a page's statement is planned afresh each time instead of kept prepared. */
const PREPARED_STREAMS_MAX = 16;

/** What decides a listing statement's text: its values (categories, brands, seller, limits) are parameters. */
interface Shape {
  key: 'effective_price_paise' | 'title';
  dir: 'asc' | 'desc';
  categories: number;
  brands: number;
  seller: boolean;
}

/**
 * The ids of one listing page, read from the indexes alone (docs/search-and-listing.md): one ordered stream per
 * filter value (or per category × brand pair) over the index made for that filter and sort, merged and cut at
 * the page, each stream cut at `inner` (offset + limit). Only the index entries are read (index-only scans).
 * Prepared once per shape and connection, unless it has many streams.
 */
function pageIdsQuery(db: Db, { key, dir, categories, brands, seller }: Shape) {
  const order = sql.raw(`${key} ${dir}, id ${dir}`);
  const c = (i: number) => sql`category = ${sql.placeholder(`c${i}`)}`;
  const b = (j: number) => sql`brand = ${sql.placeholder(`b${j}`)}`;
  const range = (n: number) => Array.from({ length: n }, (_, i) => i);
  const filters: SQL[][] =
    categories && brands
      ? range(categories).flatMap((i) => range(brands).map((j) => [c(i), b(j)]))
      : categories
        ? range(categories).map((i) => [c(i)])
        : brands
          ? range(brands).map((j) => [b(j)])
          : [[]];
  // one seller's listing walks products_seller_{price,title}_idx, the filters checked on the way
  const bySeller = seller ? [sql`seller_id = ${sql.placeholder('seller')}`] : [];
  const stream = (where: SQL[]) =>
    sql`(select id, ${sql.raw(key)} from products where ${sql.join([sql`deleted_at is null`, ...bySeller, ...where], sql` and `)} order by ${order} limit ${sql.placeholder('inner')})`;
  const make = (d: Db) =>
    d
      .select({ id: sql<string>`id` })
      .from(sql`(${sql.join(filters.map(stream), sql` union all `)}) s`)
      .orderBy(order)
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'));
  if (Math.max(1, categories) * Math.max(1, brands) > PREPARED_STREAMS_MAX) return make(db);
  const name = `catalog_list_${key}_${dir}_${categories}_${brands}_${seller ? 's' : 'a'}`;
  return prepared(db, name, (d, n) => make(d).prepare(n));
}

/**
 * One listing page's rows. A page in the back half of the answer is read from the other end (the total is known
 * from facet_counts), so a page walks at most min(offset, total − offset) + limit index entries however
 * selective the filter, and never sorts the filtered set.
 */
async function pageIds(
  db: Db,
  filters: { categories: string[]; brands: string[]; seller?: string },
  sortBy: SortBy,
  page: { offset: number; limit: number; total: number },
) {
  const { key } = SORTS[sortBy];
  let dir = SORTS[sortBy].dir;
  let { offset, limit } = page;
  const fromEnd = page.total - offset - limit;
  const backwards = fromEnd < offset && offset < page.total;
  if (backwards) {
    // the same rows, walked backwards from the last one
    dir = dir === 'asc' ? 'desc' : 'asc';
    limit = Math.min(limit, page.total - offset);
    offset = Math.max(0, fromEnd);
  }
  const { categories, brands, seller } = filters;
  const shape = {
    key,
    dir,
    categories: categories.length,
    brands: brands.length,
    seller: seller !== undefined,
  };
  const values: Record<string, unknown> = { inner: offset + limit, limit, offset, seller };
  categories.forEach((c, i) => (values[`c${i}`] = c));
  brands.forEach((b, j) => (values[`b${j}`] = b));
  const ids = (await pageIdsQuery(db, shape).execute(values)).map((r) => r.id);
  return backwards ? ids.reverse() : ids;
}

/** The shop listing: filtered, sorted page plus totals and facets (facet_counts, the page's ids, its rows). */
export async function listPage(
  { reader, catalogCache: cache, rows }: { reader: ReadSource; catalogCache: CatalogCache; rows: RowReader },
  q: ProductListQuery,
): Promise<ListingPage> {
  if (q.size.length) return listBySize(reader.db(), rows, q);
  const categories = [...new Set(q.category)];
  const brands = [...new Set(q.brand)];
  const sortBy = q.sortBy ?? DEFAULT_SORT;
  const offset = (q.page - 1) * q.limit;
  const { total, category, brand } = countCells(
    await facetMatrix(reader, cache, q.seller),
    categories,
    brands,
  );
  const ids =
    offset < total
      ? await pageIds(reader.db(), { categories, brands, seller: q.seller }, sortBy, {
          offset,
          limit: q.limit,
          total,
        })
      : [];
  return {
    // the page's rows by id: batched across requests, and those other cached answers show taken from them
    data: await rows.productsByIds(ids),
    pagination: { page: q.page, limit: q.limit, total, pages: Math.ceil(total / q.limit) },
    facets: { category, brand },
  };
}
