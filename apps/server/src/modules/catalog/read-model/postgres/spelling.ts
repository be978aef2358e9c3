/**
 * Typo tolerance for search: query words that match no title word (not even as a prefix) are widened with the
 * title words a small edit away ("samsnug" → samsung, "jeens" → jeans). Trigram similarity alone misses these
 * on short words, where one wrong letter changes half the trigrams.
 */
import { asc, gt } from 'drizzle-orm';
import type { ReadSource } from '../search-provider';
import { searchWords } from '../../../../db/schema';
import type { ChangeFeed } from '../../../../lib/change-feed';

/** Optimal string alignment distance (Levenshtein plus adjacent swaps), giving up above `max`. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) {
    const row = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      if (i === 0) {
        row.push(j);
        continue;
      }
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(rows[i - 1]![j]! + 1, row[j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d = Math.min(d, rows[i - 2]![j - 2]! + 1);
      row.push(d);
      rowMin = Math.min(rowMin, d);
    }
    if (i > 0 && rowMin > max) return max + 1;
    rows.push(row);
  }
  return rows[a.length]![b.length]!;
}

const allowedEdits = (word: string) => (word.length >= 8 ? 2 : word.length >= 4 ? 1 : 0);

/** Index of the first word of the sorted vocabulary that is not before `prefix` (binary search). */
function firstFrom(sorted: readonly string[], prefix: string): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid]! < prefix) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Whether some word of the sorted vocabulary starts with `prefix`. */
function hasPrefix(sorted: readonly string[], prefix: string): boolean {
  const i = firstFrom(sorted, prefix);
  return i < sorted.length && sorted[i]!.startsWith(prefix);
}

/** Above this many vocabulary words sharing a prefix, the prefix goes to PostgreSQL as `word:*` instead. */
export const PREFIX_EXPANSION_MAX = 32;

/**
 * The vocabulary words that `word` is a prefix of ("sams" → samsung), at most PREFIX_EXPANSION_MAX, or
 * undefined when more share it. Search sends these exact words instead of a `word:*` prefix query, which makes
 * PostgreSQL merge the posting lists of every indexed word with that prefix (docs/search-and-listing.md).
 */
export function prefixExpansions(word: string, vocabulary: readonly string[]): string[] | undefined {
  const found: string[] = [];
  for (let i = firstFrom(vocabulary, word); i < vocabulary.length; i++) {
    const v = vocabulary[i]!;
    if (!v.startsWith(word)) break;
    if (found.length === PREFIX_EXPANSION_MAX) return undefined;
    found.push(v);
  }
  return found;
}

/**
 * Title words close to `word` (best first, at most 3), or [] when the word is known or too short to guess.
 * `vocabulary` must be sorted (code-unit order, as `Array.prototype.sort()` leaves it).
 */
export function corrections(word: string, vocabulary: readonly string[]): string[] {
  const max = allowedEdits(word);
  if (!max || hasPrefix(vocabulary, word)) return [];
  return vocabulary
    .map((v) => ({ v, d: editDistance(word, v, max) }))
    .filter((x) => x.d <= max)
    .sort((x, y) => x.d - y.d || x.v.localeCompare(y.v))
    .slice(0, 3)
    .map((x) => x.v);
}

const WORD = /^[\p{L}\p{N}]+$/u;

/**
 * The vocabulary of live titles and brands, held in memory and loaded incrementally from `search_words`
 * (kept by triggers on products, migration 0003): the first search loads it, later ones read only the words
 * added since (`id > last`), and only after a `products` or `brands` change or every REFRESH_MS. Never a catalogue scan.
 */
export function createSearchVocabulary(reader: ReadSource, changes: ChangeFeed, refreshMs = 60_000) {
  let words: string[] = [];
  let lastId = 0;
  let loadedAt = 0;
  let stale = true;
  let loading: Promise<string[]> | undefined;
  const unsubscribe = changes.subscribe((c) => {
    // a brand's label words join the vocabulary when it is added or renamed
    if (c.type === 'products' || c.type === 'brands') stale = true;
  });

  async function load(): Promise<string[]> {
    stale = false;
    const rows = await reader
      .db()
      .select({ id: searchWords.id, word: searchWords.word })
      .from(searchWords)
      .where(gt(searchWords.id, lastId))
      .orderBy(asc(searchWords.id));
    if (rows.length) {
      lastId = rows[rows.length - 1]!.id;
      words = [...words, ...rows.map((r) => r.word).filter((w) => WORD.test(w))].sort();
    }
    loadedAt = Date.now();
    return words;
  }

  return {
    /** The sorted vocabulary, refreshed first when a product changed or it is older than refreshMs. */
    words(): Promise<string[]> {
      if (!stale && Date.now() - loadedAt < refreshMs) return Promise.resolve(words);
      loading ??= load().finally(() => (loading = undefined));
      return loading;
    },
    close: unsubscribe,
  };
}
export type SearchVocabulary = ReturnType<typeof createSearchVocabulary>;
