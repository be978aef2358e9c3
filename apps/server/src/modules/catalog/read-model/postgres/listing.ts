import { sql, type SQL } from 'drizzle-orm';
import { DEFAULT_SORT, type ProductListQuery, type SortBy } from '@mp/shared';
import { products } from '../../../../db/schema';
import type { CatalogCache } from '../../catalog-cache';
import { countCells } from './facet-counts';
import { productColumns, toProductDto } from '../../products/product.mapper';
import type { ListingPage, ReadSource } from '../search-provider';
import { facetMatrix } from './facets';
import { ORDER, SORTS } from './sorts';

/**
 * The ids of one listing page, read from the indexes alone (docs/search-and-listing.md): one ordered stream per
 * filter value (or per category × brand pair) over the index made for that filter and sort, merged by the
 * planner (Merge Append), each stream cut at offset + limit. A page in the back half of the answer is read from
 * the other end (the total is known from facet_counts), so a page walks at most min(offset, total − offset)
 * + limit index entries however selective the filter, and never sorts the filtered set.
 */
function pageIds(
  categories: string[],
  brands: string[],
  seller: string | undefined,
  sortBy: SortBy,
  page: { offset: number; limit: number; total: number },
): SQL {
  const key = SORTS[sortBy].key;
  let dir = SORTS[sortBy].dir;
  let { offset, limit } = page;
  const fromEnd = page.total - offset - limit;
  if (fromEnd < offset && offset < page.total) {
    // the same rows, walked backwards from the last one
    dir = dir === 'asc' ? 'desc' : 'asc';
    limit = Math.min(limit, page.total - offset);
    offset = Math.max(0, fromEnd);
  }
  const order = sql.raw(`${key} ${dir}, id ${dir}`);
  const filters: SQL[][] =
    categories.length && brands.length
      ? categories.flatMap((c) => brands.map((b) => [sql`category = ${c}`, sql`brand = ${b}`]))
      : categories.length
        ? categories.map((c) => [sql`category = ${c}`])
        : brands.length
          ? brands.map((b) => [sql`brand = ${b}`])
          : [[]];
  // one seller's listing walks products_seller_{price,title}_idx, the filters checked on the way
  const bySeller = seller ? [sql`seller_id = ${seller}`] : [];
  const stream = (where: SQL[]) =>
    sql`(select id, ${sql.raw(key)} from products where ${sql.join([sql`deleted_at is null`, ...bySeller, ...where], sql` and `)} order by ${order} limit ${offset + limit})`;
  return sql`select id from (${sql.join(filters.map(stream), sql` union all `)}) s order by ${order} limit ${limit} offset ${offset}`;
}

/** The shop listing: filtered, sorted page plus totals and facets (facet_counts, then one read of the page). */
export async function listPage(
  reader: ReadSource,
  cache: CatalogCache,
  q: ProductListQuery,
): Promise<ListingPage> {
  const categories = [...new Set(q.category)];
  const brands = [...new Set(q.brand)];
  const sortBy = q.sortBy ?? DEFAULT_SORT;
  const offset = (q.page - 1) * q.limit;
  const { total, category, brand } = countCells(
    await facetMatrix(reader, cache, q.seller),
    categories,
    brands,
  );
  const rows =
    offset < total
      ? await reader
          .db()
          .select(productColumns)
          .from(products)
          .where(
            sql`${products.id} in (${pageIds(categories, brands, q.seller, sortBy, { offset, limit: q.limit, total })})`,
          )
          .orderBy(...ORDER[sortBy])
      : [];
  return {
    data: rows.map(toProductDto),
    pagination: { page: q.page, limit: q.limit, total, pages: Math.ceil(total / q.limit) },
    facets: { category, brand },
  };
}
