/**
 * Where an import writes (docs/catalogue-import.md): the product write path the product form uses, one product
 * and its variants per transaction, and the lookup of a seller's SKUs that makes a re-upload update instead of
 * duplicating.
 */
import type { ProductInput } from '@mp/shared';
import type { ProductService } from '../products/product.service';

export interface ImportCatalog {
  /** the seller's live products holding any of these SKUs: SKU (lower case) → product id */
  productsBySku(sellerId: string, skus: readonly string[]): Promise<Map<string, string>>;
  /** creates the product (no id) or rewrites it with these variants, in one transaction; answers its id */
  save(sellerId: string, productId: string | undefined, input: ProductInput): Promise<string>;
}

/**
 * SEAM (variants): until products have SKUs this writes through the product service's create and update and
 * knows no SKU, so a re-upload creates again; once the variant write path lands it looks SKUs up and saves
 * variants through it.
 */
export function productServiceCatalog(products: ProductService): ImportCatalog {
  return {
    productsBySku: () => Promise.resolve(new Map()),
    async save(sellerId, productId, input) {
      if (productId) return (await products.update(productId, input, { role: 'seller', sellerId }))._id;
      return (await products.create(input, sellerId))._id;
    },
  };
}
