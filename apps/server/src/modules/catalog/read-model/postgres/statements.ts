/**
 * The catalogue's hot reads as named prepared statements: planned once per connection instead of on every read
 * (a listing page's plan cost more than running it). A prepared statement belongs to one Db (its pool and
 * connections), so each Db the read source answers — the primary, a replica — gets its own, made on first use.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { productVariants, products, sellers } from '../../../../db/schema';
import { productColumns } from '../../products/product.mapper';
import type { VariantRow } from '../../products/variants/variant.repository';

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

/**
 * A product's live variants in order, as JSON rows of the variant repository's shape, read with the product; none
 * for a product sold as one (its price and stock are the product row's, and a cart takes its default variant), so
 * most details read no second table (docs/orders-and-stock.md, "Variants").
 */
const liveVariantsJson = sql<VariantRow[]>`(select coalesce(json_agg(json_build_object(
    'id', v.id, 'productId', v.product_id, 'sellerId', v.seller_id, 'sku', v.sku, 'optionValues', v.option_values,
    'pricePaise', v.price_paise, 'salePricePaise', v.sale_price_paise, 'discount', v.discount,
    'effectivePricePaise', v.effective_price_paise, 'stock', v.stock, 'images', v.images, 'position', v.position
  ) order by v.position, v.id), '[]'::json)
  from ${productVariants} v
  where ${products.options} <> '[]'::jsonb and v.product_id = ${products.id} and v.deleted_at is null)`;

/** live products with their store's name and address and their variants, by id (product detail) */
export const detailsById = (db: Db) =>
  prepared(db, 'catalog_product_details', (d, name) =>
    d
      .select({
        ...productColumns,
        storeName: sellers.storename,
        storeSlug: sellers.slug,
        variants: liveVariantsJson,
      })
      .from(products)
      .leftJoin(sellers, eq(sellers.id, products.sellerId))
      .where(byIds)
      .prepare(name),
  );

/** live products by id (a page's rows once its ids are known) */
export const rowsById = (db: Db) =>
  prepared(db, 'catalog_listing_rows', (d, name) =>
    d.select(productColumns).from(products).where(byIds).prepare(name),
  );
