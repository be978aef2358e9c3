/**
 * Home page rows (spec section 9), ranked by the shared functions of @mp/shared/ranking
 * (docs/search-and-listing.md, "Home"). A few hundred candidates are picked (the best by each ingredient of
 * the scores: discount, discount among low-stock products, average rating, popularity) from the listing index's
 * figures in memory, or by SQL while the index is not current; only the candidates' rows are read; the shared
 * functions rank them, and the answer is cached briefly (dropped when a product it shows changes).
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
import type { Db } from '../../../db/client';
import { products } from '../../../db/schema';
import type { CatalogCache } from '../catalog-cache';
import type { ListingIndex, RankingTable } from '../products/listing-index';
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

/** NaN (no reviews) after every rating, as PostgreSQL's `desc nulls last` puts null. */
const ratingDesc = (x: number, y: number) =>
  Number.isNaN(x) ? (Number.isNaN(y) ? 0 : 1) : Number.isNaN(y) ? -1 : y - x;
const avg = sql`(rating_sum::float8 / nullif(review_count, 0))`;

/**
 * Where the rows' candidates come from: the best POOL products by each ingredient of the scores, each written
 * once for PostgreSQL and once for the listing index's figures (the same rule, ties by id).
 */
const PICKS: {
  where: SQL;
  order: SQL;
  keep: (t: RankingTable, s: number) => boolean;
  before: (t: RankingTable, a: number, b: number) => number;
}[] = [
  {
    where: sql`true`,
    order: sql`discount desc, (total_stock < ${LIMITS.lowStockBelow}) desc, ${avg} desc nulls last`,
    keep: () => true,
    before: (t, a, b) =>
      t.discount[b]! - t.discount[a]! ||
      Number(t.stock[b]! < LIMITS.lowStockBelow) - Number(t.stock[a]! < LIMITS.lowStockBelow) ||
      ratingDesc(t.rating[a]!, t.rating[b]!),
  },
  {
    where: sql`total_stock < ${LIMITS.lowStockBelow}`,
    order: sql`discount desc, ${avg} desc nulls last`,
    keep: (t, s) => t.stock[s]! < LIMITS.lowStockBelow,
    before: (t, a, b) => t.discount[b]! - t.discount[a]! || ratingDesc(t.rating[a]!, t.rating[b]!),
  },
  {
    where: sql`total_stock < 5`,
    order: sql`discount desc, ${avg} desc nulls last`,
    keep: (t, s) => t.stock[s]! < 5,
    before: (t, a, b) => t.discount[b]! - t.discount[a]! || ratingDesc(t.rating[a]!, t.rating[b]!),
  },
  {
    where: sql`review_count > 0`,
    order: sql`${avg} desc, discount desc`,
    keep: (t, s) => !Number.isNaN(t.rating[s]!),
    before: (t, a, b) => ratingDesc(t.rating[a]!, t.rating[b]!) || t.discount[b]! - t.discount[a]!,
  },
  {
    where: sql`true`,
    order: sql`popularity desc, discount desc`,
    keep: () => true,
    before: (t, a, b) => t.popularity[b]! - t.popularity[a]! || t.discount[b]! - t.discount[a]!,
  },
];

/** The k first slots in `before` order (ties by id) among those `keep` accepts: one pass, k kept sorted. */
function topSlots(
  t: RankingTable,
  k: number,
  keep: (s: number) => boolean,
  before: (a: number, b: number) => number,
): number[] {
  const order = (a: number, b: number) => before(a, b) || (t.ids[a]! < t.ids[b]! ? -1 : 1);
  const best: number[] = [];
  for (let s = 0; s < t.size; s++) {
    if (!keep(s) || (best.length === k && order(s, best[k - 1]!) > 0)) continue;
    let i = best.length;
    if (i === k) i--;
    best[i] = s;
    for (; i > 0 && order(best[i]!, best[i - 1]!) < 0; i--) [best[i], best[i - 1]] = [best[i - 1]!, best[i]!];
  }
  return best;
}

/** Candidate ids from the listing index's figures: no query, one pass over the live products per pick. */
function candidateIdsFromIndex(t: RankingTable): { pool: string[]; electronics: string[] } {
  const pool = new Set<string>();
  for (const p of PICKS)
    for (const s of topSlots(
      t,
      POOL,
      (slot) => p.keep(t, slot),
      (a, b) => p.before(t, a, b),
    ))
      pool.add(t.ids[s]!);
  const electronics = [...t.electronics.subarray(0, LIMITS.electronicsRowCount * 4)].map((s) => t.ids[s]!);
  return { pool: [...pool], electronics };
}

async function candidatesFromSql(db: Db): Promise<{ pool: ProductDto[]; electronics: ProductDto[] }> {
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

export interface HomeDeps {
  db: Db;
  catalogCache: CatalogCache;
  /** candidates from memory when it is current (listing-index.ts), else from PostgreSQL */
  listingIndex?: ListingIndex;
  /** live products by id, in that order (product.service.ts) */
  productsByIds: (ids: readonly string[]) => Promise<ProductDto[]>;
}

export async function computeHomeSections(deps: HomeDeps): Promise<HomeSections> {
  const table = await deps.listingIndex?.ranking();
  let found: { pool: ProductDto[]; electronics: ProductDto[] };
  if (table) {
    const ids = candidateIdsFromIndex(table);
    const [pool, electronics] = await Promise.all([
      deps.productsByIds(ids.pool),
      deps.productsByIds(ids.electronics),
    ]);
    found = { pool, electronics };
  } else found = await candidatesFromSql(deps.db);
  // the same candidates in the same order whichever way they were found: equal scores keep id order
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

export function homeSections(deps: HomeDeps): Promise<HomeSections> {
  return deps.catalogCache.get('home', HOME_TTL_MS, () => computeHomeSections(deps), {
    kind: 'set',
    products: shownOnHome,
  });
}
