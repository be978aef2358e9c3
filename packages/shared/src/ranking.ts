/** The three home-page ranking formulas (docs/search-and-listing.md, "Home"), plus the electronics row filter. */
import { CATEGORY_IDS, LIMITS } from './constants';

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

/**
 * Search ranking (docs/search-and-listing.md): full-text rank (title words weigh most, then brand and category,
 * then description) times `textWeight`, plus the keyword's trigram word similarity to the title, which favours
 * titles holding the words together and in order. Only a bounded candidate set is ranked: up to `candidates`
 * products matching in the title, topped up with products matching anywhere when fewer match there, so a page
 * costs the same at 5,000 or 500,000 products; results past that set are not served.
 */
export const SEARCH_RANKING = {
  textWeight: 2,
  titleSimilarityWeight: 1,
  candidates: 200,
  /** word_similarity above which a title counts as a typo of the keyword (fallback when nothing matches) */
  typoThreshold: 0.45,
} as const;

/**
 * Words shoppers use for the same things (docs/search-and-listing.md, "Synonyms"): a search word in one of these
 * sets also matches every other word of its set. A set naming a category (its id first) finds that category's
 * products, so "shoes" finds the footwear, boots and sandals included.
 */
export const SEARCH_SYNONYMS: readonly (readonly string[])[] = [
  ['footwear', 'shoe', 'sneaker', 'boot', 'sandal', 'slipper', 'chappal', 'loafer', 'flipflop'],
  ['mobile', 'phone', 'smartphone', 'cellphone'],
  ['tv', 'television'],
  ['headphone', 'earphone', 'earbud', 'headset'],
  ['fridge', 'refrigerator'],
  ['tshirt', 'tee'],
  ['kids', 'kid', 'child', 'children'],
  ['women', 'woman', 'ladies', 'lady'],
  ['men', 'man', 'gents'],
];
const CATEGORY_WORDS = new Set<string>(CATEGORY_IDS);

/** The synonym set a search word belongs to, if any; a plural finds its set by the singular ("shoes"). */
function synonymSetOf(w: string) {
  const forms = [w, w.replace(/s$/, ''), w.replace(/es$/, '')];
  return { forms, set: SEARCH_SYNONYMS.find((s) => forms.some((f) => s.includes(f))) };
}

/**
 * The other words a search word also matches (none when it is in no set), each as a tsquery operand: a category
 * id as a prefix (`mobile:*`), as the category is indexed unstemmed and the english stem differs (`mobil`).
 * A plural finds its set by the singular ("shoes", "watches").
 */
export function searchSynonyms(word: string): string[] {
  const { forms, set } = synonymSetOf(word.toLowerCase());
  if (!set) return [];
  return set.filter((s) => !forms.includes(s)).map((s) => (CATEGORY_WORDS.has(s) ? `${s}:*` : s));
}

/**
 * The lexeme a title holding a word of a synonym set (or its plural) carries besides its own words (the database's
 * `search_synonym_groups`, docs/search-and-listing.md "Synonyms"): one posting list for the whole set. A digit
 * keeps it one word through the english parser, and no title word looks like it.
 */
export const synonymLexeme = (set: readonly string[]) => `syn0${set[0]}`;

/**
 * How a search word is asked of the titles' own vector: the set's lexeme instead of the set's words. `covered`
 * says the word itself is a word of the set (or its plural), so the lexeme stands for it too; a word that found
 * its set only by dropping "es" keeps its own form.
 */
export function titleSynonym(word: string): { lexeme: string; covered: boolean } | undefined {
  const w = word.toLowerCase();
  const { set } = synonymSetOf(w);
  if (!set) return undefined;
  return { lexeme: synonymLexeme(set), covered: set.includes(w) || set.includes(w.replace(/s$/, '')) };
}
