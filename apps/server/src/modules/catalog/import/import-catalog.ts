/**
 * Where an import writes (docs/catalogue-import.md): the product write path the product form uses
 * (products/save-product.ts), one product and its variants per transaction, and the lookup of a seller's SKUs
 * that makes a re-upload update instead of duplicating.
 */
import type { ProductInput } from '@mp/shared';
import type { Db } from '../../../db/client';
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

export function productCatalog({ db, products, changes }: CatalogDeps): ImportCatalog {
  return {
    productsBySku: async (sellerId, skus) =>
      new Map(
        (await products.variantsBySkus(sellerId, skus)).map((v) => [
          v.sku!,
          { productId: v.productId, stock: v.stock },
        ]),
      ),
    save: (sellerId, productId, input) =>
      db.transaction((tx) => products.saveIn(tx, { input, actor: { role: 'seller', sellerId }, productId })),
    changed(ids) {
      if (ids.length) changes.publish({ type: 'products', ids });
    },
  };
}
