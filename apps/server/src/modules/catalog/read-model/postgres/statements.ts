/**
 * The hottest catalogue reads as named prepared statements. A prepared statement belongs to one Db (its pool and
 * connections), so each Db the read source answers — the primary, a replica — gets its own set, made on first use.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { products, sellers } from '../../../../db/schema';
import { productColumns } from '../../products/product.mapper';

function prepare(db: Db) {
  const byIds = and(sql`${products.id} = any(${sql.placeholder('ids')}::uuid[])`, isNull(products.deletedAt));
  return {
    /** live products with their store name, by id (product detail) */
    details: db
      .select({ ...productColumns, storeName: sellers.storename })
      .from(products)
      .leftJoin(sellers, eq(sellers.id, products.sellerId))
      .where(byIds)
      .prepare('catalog_product_details'),
    /** live products by id (a page's rows once its ids are known) */
    rows: db.select(productColumns).from(products).where(byIds).prepare('catalog_listing_rows'),
  };
}
export type Statements = ReturnType<typeof prepare>;

const made = new WeakMap<Db, Statements>();

export function statementsFor(db: Db): Statements {
  let s = made.get(db);
  if (!s) {
    s = prepare(db);
    made.set(db, s);
  }
  return s;
}
