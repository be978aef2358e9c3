/**
 * The catalogue's hot reads as named prepared statements: planned once per connection instead of on every read
 * (a listing page's plan cost more than running it). A prepared statement belongs to one Db (its pool and
 * connections), so each Db the read source answers — the primary, a replica — gets its own, made on first use.
 */
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { productVariants, products, sellers } from '../../../../db/schema';
import { productColumns } from '../../products/product.mapper';
import { variantColumns } from '../../products/variants/variant.repository';

const made = new WeakMap<Db, Map<string, unknown>>();

/** The statement `name` of this Db, made by `make` the first time it is asked for. */
export function prepared<S>(db: Db, name: string, make: (db: Db, name: string) => S): S {
  let own = made.get(db);
  if (!own) made.set(db, (own = new Map()));
  let s = own.get(name) as S | undefined;
  if (!s) own.set(name, (s = make(db, name)));
  return s;
}

const byIds = and(sql`${products.id} = any(${sql.placeholder('ids')}::uuid[])`, isNull(products.deletedAt));

/** live products with their store's name and address, by id (product detail; its variants: variantsByProductIds) */
export const detailsById = (db: Db) =>
  prepared(db, 'catalog_product_details', (d, name) =>
    d
      .select({ ...productColumns, storeName: sellers.storename, storeSlug: sellers.slug })
      .from(products)
      .leftJoin(sellers, eq(sellers.id, products.sellerId))
      .where(byIds)
      .prepare(name),
  );

/**
 * The live variants of these products, each product's in order: asked only for products with options (a product
 * sold as one answers no variants), so most details read no second table (docs/orders-and-stock.md, "Variants").
 */
export const variantsByProductIds = (db: Db) =>
  prepared(db, 'catalog_product_variants', (d, name) =>
    d
      .select(variantColumns)
      .from(productVariants)
      .where(
        and(
          sql`${productVariants.productId} = any(${sql.placeholder('ids')}::uuid[])`,
          isNull(productVariants.deletedAt),
        ),
      )
      .orderBy(asc(productVariants.productId), asc(productVariants.position), asc(productVariants.id))
      .prepare(name),
  );

/** live products by id (a page's rows once its ids are known) */
export const rowsById = (db: Db) =>
  prepared(db, 'catalog_listing_rows', (d, name) =>
    d.select(productColumns).from(products).where(byIds).prepare(name),
  );
