/** The three home-page ranking formulas of spec section 9, plus the electronics row filter. */
import { LIMITS } from './constants';

export interface RankableProduct {
  discount: number;
  /** average rating, 0–5 */
  rating: number;
  /** units sold plus wishlist count */
  popularity: number;
  totalStock: number;
  title: string;
}

/** popularity / 1000, capped at 1, so it sits on the same 0–1 scale before weighting. */
export const popularityScore = (popularity: number): number => Math.min(Math.max(popularity, 0) / 1000, 1);

/**
 * Best Deals: 40% discount percent, 20% rating, 15% popularity (÷1000, capped),
 * plus 10 bonus points at 10% weight when stock is below 10.
 */
export function bestDealsScore(p: RankableProduct): number {
  const lowStockBonus = p.totalStock < LIMITS.lowStockBelow ? 10 : 0;
  return 0.4 * p.discount + 0.2 * p.rating + 0.15 * popularityScore(p.popularity) + 0.1 * lowStockBonus;
}

/** Top Selection: 50% rating, 20% popularity (÷1000, capped), 20% discount, plus 5 if stock is below 5. */
export function topSelectionScore(p: RankableProduct): number {
  const scarceBonus = p.totalStock < 5 ? 5 : 0;
  return 0.5 * p.rating + 0.2 * popularityScore(p.popularity) + 0.2 * p.discount + scarceBonus;
}

/** Best Discount For You ranks by discount alone. */
export const topDiscountScore = (p: Pick<RankableProduct, 'discount'>): number => p.discount;

export const ELECTRONICS_KEYWORDS = [
  'laptop',
  'tv',
  'printer',
  'router',
  'mobile',
  'freeze',
  'airconditioner',
] as const;

/** Titles containing any keyword (case-insensitive). */
export function isElectronicsOffer(title: string): boolean {
  const t = title.toLowerCase();
  return ELECTRONICS_KEYWORDS.some((k) => t.includes(k));
}

/** Highest score first; ties keep the input order; keeps `count`. */
export function topBy<T>(items: readonly T[], score: (item: T) => number, count: number): T[] {
  return items
    .map((item, index) => ({ item, index, s: score(item) }))
    .sort((a, b) => b.s - a.s || a.index - b.index)
    .slice(0, count)
    .map((x) => x.item);
}
