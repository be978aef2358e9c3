/** Product rows by id, batched across requests (lib/batch-by-id.ts), read where the read source says. */
import type { ProductDto } from '@mp/shared';
import { batchById } from '../../../../lib/batch-by-id';
import { notFound } from '../../../../lib/errors';
import type { CatalogCache } from '../../catalog-cache';
import { toProductDto } from '../../products/product.mapper';
import { toVariantDto, type VariantRow } from '../../products/variants/variant.repository';
import type { ProductDetail, ReadSource } from '../search-provider';
import { detailsById, rowsById, variantsByProductIds } from './statements';

const byId = <R extends { id: string }>(rows: R[]) => new Map(rows.map((r) => [r.id, r]));

/** variant rows grouped by their product, each group in the order read */
function byProduct(rows: VariantRow[]): Map<string, VariantRow[]> {
  const groups = new Map<string, VariantRow[]>();
  for (const v of rows) {
    const group = groups.get(v.productId);
    if (group) group.push(v);
    else groups.set(v.productId, [v]);
  }
  return groups;
}

export function createRowReader(reader: ReadSource, cache: CatalogCache) {
  const detailRow = batchById(async (ids) => byId(await detailsById(reader.db()).execute({ ids: [...ids] })));
  const productRow = batchById(async (ids) => byId(await rowsById(reader.db()).execute({ ids: [...ids] })));
  const variantRows = batchById(async (ids) =>
    byProduct(await variantsByProductIds(reader.db()).execute({ ids: [...ids] })),
  );

  return {
    /**
     * Live products by id, in that order (deleted ones left out): those a cached answer shows come from the
     * catalogue cache (as current as the cached answers), the others in one batched read.
     */
    async productsByIds(ids: readonly string[]): Promise<ProductDto[]> {
      const found = new Map<string, ProductDto>();
      const missing: string[] = [];
      for (const id of ids) {
        const p = cache.shown(id);
        if (p) found.set(id, p);
        else missing.push(id);
      }
      for (const r of await Promise.all(missing.map(productRow))) if (r) found.set(r.id, toProductDto(r));
      return ids.flatMap((id) => found.get(id) ?? []);
    },

    async detail(id: string): Promise<ProductDetail> {
      // ids arrive as the contract parses them (uuidOf: lower case), the form PostgreSQL answers them in
      const row = await detailRow(id);
      if (!row) throw notFound('Product');
      // a product sold as one has no variants to read (docs/orders-and-stock.md, "Variants")
      const variants = row.options.length > 0 ? ((await variantRows(id)) ?? []) : [];
      return {
        product: toProductDto(row),
        storeName: row.storeName,
        storeSlug: row.storeSlug,
        variants: variants.map(toVariantDto),
      };
    },
  };
}
export type RowReader = ReturnType<typeof createRowReader>;
