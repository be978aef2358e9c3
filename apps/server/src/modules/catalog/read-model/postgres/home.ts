/**
 * Home page rows (docs/search-and-listing.md, "Home"), ranked by the shared functions of @mp/shared/ranking
 * (docs/search-and-listing.md, "Home"). A few hundred candidates are picked in one statement (the best by each
 * ingredient of the scores: discount, discount among low-stock products, average rating, popularity) and the
 * newest electronics in another; the shared functions rank them. The answer is cached by catalog-reads.ts.
 */
import { and, desc, isNull, sql, type SQL } from 'drizzle-orm';
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
import { products } from '../../../../db/schema';
import { productColumns, toProductDto } from '../../products/product.mapper';
import type { ReadSource } from '../search-provider';

/** candidates per ingredient; far more than the 10 kept per row */
const POOL = 100;

/** A product as the shared ranking functions take it. */
export const rankable = (p: ProductDto): RankableProduct => ({
  discount: p.discount,
  rating: p.averageReview,
  popularity: p.popularity,
  totalStock: p.totalStock,
  title: p.title,
});

const avg = sql`(rating_sum::float8 / nullif(review_count, 0))`;

/** Where the rows' candidates come from: the best POOL products by each ingredient of the scores, ties by id. */
const PICKS: { where: SQL; order: SQL }[] = [
  {
    where: sql`true`,
    order: sql`discount desc, (total_stock < ${LIMITS.lowStockBelow}) desc, ${avg} desc nulls last`,
  },
  { where: sql`total_stock < ${LIMITS.lowStockBelow}`, order: sql`discount desc, ${avg} desc nulls last` },
  { where: sql`total_stock < 5`, order: sql`discount desc, ${avg} desc nulls last` },
  { where: sql`review_count > 0`, order: sql`${avg} desc, discount desc` },
  { where: sql`true`, order: sql`popularity desc, discount desc` },
];

async function candidates(reader: ReadSource): Promise<{ pool: ProductDto[]; electronics: ProductDto[] }> {
  const db = reader.db();
  const ids = sql.join(
    PICKS.map(
      (p) =>
        sql`(select id from products where deleted_at is null and ${p.where} order by ${p.order}, id limit ${POOL})`,
    ),
    sql` union `,
  );
  const [pool, electronics] = await Promise.all([
    db
      .select(productColumns)
      .from(products)
      .where(sql`${products.id} in (${ids})`),
    db
      .select(productColumns)
      .from(products)
      .where(
        and(isNull(products.deletedAt), sql`lower(${products.title}) ~ ${ELECTRONICS_KEYWORDS.join('|')}`),
      )
      .orderBy(desc(products.createdAt), desc(products.id))
      .limit(LIMITS.electronicsRowCount * 4),
  ]);
  return { pool: pool.map(toProductDto), electronics: electronics.map(toProductDto) };
}

export async function homeSections(reader: ReadSource): Promise<HomeSections> {
  const found = await candidates(reader);
  // equal scores keep id order
  const pool = found.pool.sort((a, b) => (a._id < b._id ? -1 : 1));
  const score = (f: (p: RankableProduct) => number) => (p: ProductDto) => f(rankable(p));
  return {
    bestDeals: topBy(pool, score(bestDealsScore), LIMITS.bestDealsCount),
    electronicsOffers: found.electronics
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
