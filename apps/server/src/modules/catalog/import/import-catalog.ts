/**
 * Where an import writes (docs/catalogue-import.md): the product write path the product form uses
 * (products/save-product.ts), one product and its variants per transaction, and the lookup of a seller's SKUs
 * that makes a re-upload update instead of duplicating.
 */
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { ProductInput } from '@mp/shared';
import type { Db } from '../../../db/client';
import { products as productRows, productVariants } from '../../../db/schema';
import type { ChangeFeed } from '../../../lib/change-feed';
import type { ProductService } from '../products/product.service';

/** A live variant of the seller's catalogue holding a SKU of the file. */
export interface SkuOwner {
  productId: string;
  /** its stock when looked up: a re-upload's stock replaces this figure, unless an order changed it meanwhile */
  stock: number;
}

export interface ImportCatalog {
  /** the seller's live variants holding any of these SKUs, by SKU, in one read */
  productsBySku(sellerId: string, skus: readonly string[]): Promise<Map<string, SkuOwner>>;
  /** creates the product (no id) or rewrites it with these variants, in one transaction; answers its id */
  save(sellerId: string, productId: string | undefined, input: ProductInput): Promise<string>;
  /** the products a batch wrote, told once their transactions committed (the caches follow) */
  changed(productIds: string[]): void;
}

export interface CatalogDeps {
  db: Db;
  products: ProductService;
  changes: ChangeFeed;
}

/**
 * The seller's SKUs of live products in one indexed read of the variants' unique (seller, sku), instead of one
 * lookup per row.
 */
async function productsBySku(db: Db, sellerId: string, skus: readonly string[]) {
  if (!skus.length) return new Map<string, SkuOwner>();
  const rows = await db
    .select({ sku: productVariants.sku, productId: productVariants.productId, stock: productVariants.stock })
    .from(productVariants)
    .innerJoin(productRows, eq(productRows.id, productVariants.productId))
    .where(
      and(
        eq(productVariants.sellerId, sellerId),
        inArray(productVariants.sku, [...skus]),
        isNull(productVariants.deletedAt),
        isNull(productRows.deletedAt),
      ),
    );
  return new Map(rows.map((r) => [r.sku!, { productId: r.productId, stock: r.stock }]));
}

export function productCatalog({ db, products, changes }: CatalogDeps): ImportCatalog {
  return {
    productsBySku: (sellerId, skus) => productsBySku(db, sellerId, skus),
    save: (sellerId, productId, input) =>
      db.transaction((tx) => products.saveIn(tx, { input, actor: { role: 'seller', sellerId }, productId })),
    changed(ids) {
      if (ids.length) changes.publish({ type: 'products', ids });
    },
  };
}
