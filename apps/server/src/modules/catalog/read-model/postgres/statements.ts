/**
 * The catalogue's hot reads as named prepared statements: planned once per connection instead of on every read
 * (a listing page's plan cost more than running it). A prepared statement belongs to one Db (its pool and
 * connections), so each Db the read source answers — the primary, a replica — gets its own, made on first use.
 */
import { createHash } from 'node:crypto';
import { and, asc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../../../db/client';
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

/** A text array parameter: one placeholder whatever the number of values, so the statement's text stays the same. */
export const textArray = (values: readonly string[]) =>
  sql`${`{${values.map((v) => JSON.stringify(v)).join(',')}}`}::text[]`;

/** A raw statement's rows, planned for its parameters each time (an unnamed statement). */
export const rowsOf = async <T>(db: DbOrTx, query: SQL) =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;

/** The name of a statement prepared once per connection: its text's digest, so one text is one statement. */
export const statementName = (text: string) =>
  `catalog_${createHash('sha1').update(text).digest('base64url').slice(0, 22)}`;

/**
 * A raw statement's rows, as a statement named by its text: PostgreSQL parses it once per connection and, after a
 * few executions, plans it once (a generic plan) when that costs no more than planning it each time; node-postgres
 * then sends only its parameters. PGlite ignores the name. Only for a statement whose text is one of few shapes
 * (every varying value a parameter): each distinct text stays prepared on every connection
 * (docs/search-and-listing.md, "Planned once per connection").
 */
export async function namedRows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const built = db.execute(query).getQuery();
  const result = await db._.session.prepareQuery(built, undefined, statementName(built.sql), false).execute();
  return (result as { rows: T[] }).rows;
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
