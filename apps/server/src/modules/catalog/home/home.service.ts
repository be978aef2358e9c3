/**
 * Home page rows (spec section 9), ranked by the shared functions of @mp/shared/ranking.
 * The catalogue is never loaded whole: SQL picks a few hundred candidates (the best by each ingredient of the
 * scores: discount, discount among low-stock products, average rating, popularity), the shared functions rank
 * them, and the answer is cached briefly (emptied at once by any product, review or wishlist write).
 */
import { and, desc, isNull, sql } from 'drizzle-orm';
import {
  ELECTRONICS_KEYWORDS,
  LIMITS,
  bestDealsScore,
  isElectronicsOffer,
  topBy,
  topDiscountScore,
  topSelectionScore,
  type HomeSections,
  type ProductDto,
  type RankableProduct,
} from '@mp/shared';
import type { Db } from '../../../db/client';
import { products } from '../../../db/schema';
import type { CatalogCache } from '../catalog-cache';
import { productColumns, toProductDto } from '../products/product.mapper';

const HOME_TTL_MS = 30_000;
/** candidates per ingredient; far more than the 10 kept per row */
const POOL = 100;

const rankable = (p: ProductDto): RankableProduct => ({
  discount: p.discount,
  rating: p.averageReview,
  popularity: p.popularity,
  totalStock: p.totalStock,
  title: p.title,
});

async function candidates(db: Db): Promise<ProductDto[]> {
  const avg = sql`(rating_sum::float8 / nullif(review_count, 0))`;
  const pick = (where: ReturnType<typeof sql>, order: ReturnType<typeof sql>) =>
    sql`(select id from products where deleted_at is null and ${where} order by ${order}, id limit ${POOL})`;
  const ids = sql.join(
    [
      pick(sql`true`, sql`discount desc, (total_stock < 10) desc, ${avg} desc nulls last`),
      pick(sql`total_stock < ${LIMITS.lowStockBelow}`, sql`discount desc, ${avg} desc nulls last`),
      pick(sql`total_stock < 5`, sql`discount desc, ${avg} desc nulls last`),
      pick(sql`review_count > 0`, sql`${avg} desc, discount desc`),
      pick(sql`true`, sql`popularity desc, discount desc`),
    ],
    sql` union `,
  );
  const rows = await db
    .select(productColumns)
    .from(products)
    .where(sql`${products.id} in (${ids})`);
  return rows.map(toProductDto);
}

async function electronicsCandidates(db: Db): Promise<ProductDto[]> {
  const pattern = ELECTRONICS_KEYWORDS.join('|');
  const rows = await db
    .select(productColumns)
    .from(products)
    .where(and(isNull(products.deletedAt), sql`lower(${products.title}) ~ ${pattern}`))
    .orderBy(desc(products.createdAt), desc(products.id))
    .limit(LIMITS.electronicsRowCount * 4);
  return rows.map(toProductDto);
}

export async function computeHomeSections(db: Db): Promise<HomeSections> {
  const [pool, electronics] = await Promise.all([candidates(db), electronicsCandidates(db)]);
  const score = (f: (p: RankableProduct) => number) => (p: ProductDto) => f(rankable(p));
  return {
    bestDeals: topBy(pool, score(bestDealsScore), LIMITS.bestDealsCount),
    electronicsOffers: electronics
      .filter((p) => isElectronicsOffer(p.title))
      .slice(0, LIMITS.electronicsRowCount),
    topDiscounts: topBy(pool, score(topDiscountScore), LIMITS.topDiscountCount),
    topSelection: topBy(pool, score(topSelectionScore), LIMITS.topSelectionCount),
  };
}

export const shownOnHome = (h: HomeSections) => [
  ...h.bestDeals,
  ...h.electronicsOffers,
  ...h.topDiscounts,
  ...h.topSelection,
];

export function homeSections(db: Db, cache: CatalogCache): Promise<HomeSections> {
  return cache.get('home', HOME_TTL_MS, () => computeHomeSections(db), {
    kind: 'set',
    products: shownOnHome,
  });
}
