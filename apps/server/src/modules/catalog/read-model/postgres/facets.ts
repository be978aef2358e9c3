import { and, eq, isNull, sql } from 'drizzle-orm';
import { facetCounts, products } from '../../../../db/schema';
import type { CatalogCache } from '../../catalog-cache';
import type { FacetCell } from './facet-counts';
import type { ReadSource } from '../search-provider';

const FACET_TTL_MS = 30_000;

/**
 * Live product counts per (category, brand): 9 × 25 cells at most, kept by triggers in facet_counts, so totals
 * and facets never scan the catalogue; cached briefly and dropped with the other sets on a catalogue change.
 */
export function facetMatrix(reader: ReadSource, cache: CatalogCache, seller?: string): Promise<FacetCell[]> {
  return cache.get(
    seller ? `facet-matrix:${seller}` : 'facet-matrix',
    FACET_TTL_MS,
    () => {
      const db = reader.db();
      return seller
        ? // one seller's cells, counted over that seller's live products (products_seller_price_idx)
          db
            .select({ category: products.category, brand: products.brand, n: sql<number>`count(*)::int` })
            .from(products)
            .where(and(isNull(products.deletedAt), eq(products.sellerId, seller)))
            .groupBy(products.category, products.brand)
        : db
            .select({ category: facetCounts.category, brand: facetCounts.brand, n: facetCounts.n })
            .from(facetCounts)
            .where(sql`${facetCounts.n} > 0`);
    },
    { kind: 'set', products: () => [] },
  );
}
