/**
 * PostgreSQL's `ts_rank(tsvector, tsquery)` (default weights, normalization 0) computed in memory, so search
 * candidates can be scored without asking the database (see docs/search-and-listing.md, "Search in memory").
 *
 * This is a line-by-line port of `calc_rank`, `calc_rank_and`, `calc_rank_or`, `find_wordentry`,
 * `SortAndUniqItems` and `word_distance` in PostgreSQL 15's src/backend/utils/adt/tsrank.c (the same code
 * still in PostgreSQL 18, which the test runs in PGlite). The result is the same float4, bit for bit: every C
 * `float` is a float4 here too, so each operation on floats is rounded with `Math.fround` exactly where C
 * rounds it (float op float is done in float; an operation with a double constant, `sqrt` or `exp` is done in
 * double and rounded when stored back to a float), and the sums run in the same order as in C. The test
 * compares it with PostgreSQL on thousands of (document, query) pairs.
 */

/** A document's tsvector as the search index keeps it: entries sorted as PostgreSQL sorts lexemes (byte order, then length). */
export interface RankDoc {
  /** Number of entries (lexemes). */
  readonly size: number;
  /**
   * find_wordentry: the first entry matching the operand (an exact operand its one entry, a prefix operand the
   * run of entries starting with it, which begins where the operand would be inserted), with how many entries
   * match, from it, in `matched` (0 when none).
   */
  find(operand: RankOperand): number;
  readonly matched: number;
  /**
   * The i-th entry's positions, packed like WordEntryPos: (weight << 14) | position, weight A=3 B=2 C=1 D=0;
   * may be empty (stripped entry).
   */
  positions(i: number): ArrayLike<number>;
}

/** A QI_VAL item of the query (weight restrictions not needed). */
export interface RankOperand {
  lexeme: string;
  prefix: boolean;
}

const f32 = Math.fround;

/** `weights[]`: the float4 weights of D, C, B and A, indexed by WEP_GETWEIGHT. */
const WEIGHTS = new Float32Array([0.1, 0.2, 0.4, 1.0]);

/** MAXENTRYPOS: positions are 14 bits (WEP_GETPOS is the low 14 bits, WEP_GETWEIGHT the top 2). */
const MAXENTRYPOS = 1 << 14;
const POS_MASK = MAXENTRYPOS - 1;

/**
 * `word_distance(dist)` as float4 for dist 1..100, index 0 unused (`1.0 / (1.005 + 0.05 * exp((float4) w / 1.5
 * - 2))`, computed in double and stored to float4); farther words weigh 1e-30f.
 */
const WORD_DISTANCE = Float32Array.from(
  { length: 101 },
  (_, w) => 1.0 / (1.005 + 0.05 * Math.exp(w / 1.5 - 2)),
);
const FAR_WORD_DISTANCE = f32(1e-30);

/** π²/6, the limit of Σ 1/i², by which calc_rank_or divides (a double constant in C). */
const PI2_6 = 1.64493406685;

/** calc_rank_or's stand-in positions for a stripped entry: position 0, weight D. */
const OR_POSNULL: ArrayLike<number> = [0];
/** calc_rank_and's stand-in positions for a stripped entry: position MAXENTRYPOS - 1, weight D. */
const AND_POSNULL: ArrayLike<number> = [MAXENTRYPOS - 1];

/** Scratch for calc_rank_and (ranking is synchronous): per unique operand, the positions of the last entry it matched (its `pos[i]`). */
const lastPositions: (ArrayLike<number> | null)[] = [];

/**
 * ts_rank(doc, query) with PostgreSQL's default weights and no normalization, as the float4 PostgreSQL returns,
 * for each document asked (the query's operands are sorted once).
 *
 * `and`: the query's top node is & (or <->), which ranks by proximity of the operands (calc_rank_and);
 * otherwise it ranks by their frequency (calc_rank_or). `operands`: every operand of the query, repeats
 * allowed; like PostgreSQL, repeats count once. Their order matters in one corner only: when a lexeme appears
 * both exact and as a prefix (`shirt & shirt:*`), PostgreSQL keeps one of the two, for queries of up to six
 * operands the one written last; pass the operands in the order the query's text lists them to get the same.
 */
export function rankQuery(operands: readonly RankOperand[], and: boolean): (doc: RankDoc) => number {
  const unique = sortAndUniqItems(operands);
  return (doc) => {
    if (doc.size === 0 || unique.length === 0) return 0;
    let res = and && unique.length >= 2 ? calcRankAnd(doc, unique) : calcRankOr(doc, unique);
    if (res < 0) res = f32(1e-20);
    return res;
  };
}

/**
 * SortAndUniqItems: the operands sorted by lexeme (tsCompareString, which ignores the prefix flag) with repeats
 * dropped, the first of each run kept; returns how many are left in `unique`. PostgreSQL's query stores its
 * items operator first, then the right subtree, then the left one, so its operands come in reverse text order;
 * for fewer than 7 items its qsort is an insertion sort, which is stable, as the one here.
 */
function sortAndUniqItems(operands: readonly RankOperand[]): RankOperand[] {
  const n = operands.length;
  const unique = new Array<RankOperand>(n);
  for (let i = 0; i < n; i++) {
    const item = operands[n - 1 - i]!;
    let j = i;
    while (j > 0 && compareLexemes(unique[j - 1]!.lexeme, item.lexeme) > 0) {
      unique[j] = unique[j - 1]!;
      j--;
    }
    unique[j] = item;
  }
  let size = Math.min(n, 1);
  for (let i = 1; i < n; i++) {
    if (unique[i]!.lexeme !== unique[size - 1]!.lexeme) unique[size++] = unique[i]!;
  }
  unique.length = size;
  return unique;
}

/**
 * tsCompareString(a, b, false): byte order of the UTF-8 text, a shorter string first when one is the start of
 * the other. UTF-8 byte order is code point order, which UTF-16 code units follow except that surrogates
 * (characters above U+FFFF) must sort after U+E000..U+FFFF, hence the lift at the first difference.
 */
export function compareLexemes(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x !== y) return codePointOrder(x) - codePointOrder(y);
  }
  return a.length - b.length;
}

function codePointOrder(unit: number): number {
  if (unit < 0xd800) return unit;
  return unit >= 0xe000 ? unit - 0x800 : unit + 0x2000;
}

/**
 * calc_rank_and: every pair of positions of two different operands adds a proximity weight
 * sqrt(w1 * w2 * word_distance(distance)), combined as res = 1 - (1 - res) * (1 - curw). An operand matching
 * several entries (a prefix) pairs each of them with the last entry matched by each earlier operand, as
 * PostgreSQL's `pos[]` array does. Returns -1 when no pair was found.
 */
function calcRankAnd(doc: RankDoc, unique: readonly RankOperand[]): number {
  const size = unique.length;
  lastPositions.length = size;
  lastPositions.fill(null);
  let res = -1;
  for (let i = 0; i < size; i++) {
    const first = doc.find(unique[i]!);
    const end = first + doc.matched;
    for (let entry = first; entry < end; entry++) {
      let post = doc.positions(entry);
      if (post.length === 0) post = AND_POSNULL;
      lastPositions[i] = post;
      for (let k = 0; k < i; k++) {
        const ct = lastPositions[k];
        if (!ct) continue;
        const eitherNull = post === AND_POSNULL || ct === AND_POSNULL;
        for (let l = 0; l < post.length; l++) {
          const wl = WEIGHTS[post[l]! >> 14]!;
          const pl = post[l]! & POS_MASK;
          for (let p = 0; p < ct.length; p++) {
            let dist = Math.abs(pl - (ct[p]! & POS_MASK));
            if (dist !== 0 || eitherNull) {
              if (dist === 0) dist = MAXENTRYPOS;
              const wd = dist > 100 ? FAR_WORD_DISTANCE : WORD_DISTANCE[dist]!;
              const curw = f32(Math.sqrt(f32(f32(wl * WEIGHTS[ct[p]! >> 14]!) * wd)));
              res = res < 0 ? curw : f32(1.0 - (1.0 - res) * (1.0 - curw));
            }
          }
        }
      }
    }
  }
  return res;
}

/**
 * calc_rank_or: each matched entry adds (wmax + Σ w_j / j² − wmax / jmax²) / (π²/6), where wmax is the first
 * greatest weight among its positions (at 1-based index jmax); the sum is divided by the number of distinct
 * operands, matched or not.
 */
function calcRankOr(doc: RankDoc, unique: readonly RankOperand[]): number {
  const size = unique.length;
  let res = 0;
  for (let i = 0; i < size; i++) {
    const first = doc.find(unique[i]!);
    const end = first + doc.matched;
    for (let entry = first; entry < end; entry++) {
      let post = doc.positions(entry);
      if (post.length === 0) post = OR_POSNULL;
      let resj = 0;
      let wjm = -1;
      let jm = 0;
      for (let j = 0; j < post.length; j++) {
        const w = WEIGHTS[post[j]! >> 14]!;
        resj = f32(resj + f32(w / ((j + 1) * (j + 1))));
        if (w > wjm) {
          wjm = w;
          jm = j;
        }
      }
      res = f32(res + f32(f32(wjm + resj) - f32(wjm / ((jm + 1) * (jm + 1)))) / PI2_6);
    }
  }
  return f32(res / size);
}

const SPACE = 0x20;
const QUOTE = 0x27;
const BACKSLASH = 0x5c;
const COLON = 0x3a;
const COMMA = 0x2c;

/**
 * Reads PostgreSQL's text output of a tsvector (`'jean':3A 'slim':2A,7 'x'`): each entry's lexeme, then its
 * positions packed like WordEntryPos. tsvectorout quotes every lexeme, doubles a quote inside it (`''`) and
 * escapes a backslash (`\\`); weights A, B and C follow a position as a letter, weight D as none. Entries come in
 * PostgreSQL's sorted order. Throws on anything else.
 */
export function readTsvector(
  text: string,
  entry: (lexeme: string) => void,
  position: (packed: number) => void,
): void {
  const n = text.length;
  let i = 0;
  const fail = (what: string): never => {
    throw new Error(`tsvector: ${what} at offset ${i} of ${JSON.stringify(text.slice(0, 200))}`);
  };
  while (i < n) {
    if (text.charCodeAt(i) === SPACE) {
      i++;
      continue;
    }
    if (text.charCodeAt(i) !== QUOTE) fail('expected a quoted lexeme');
    i++;
    let lexeme = '';
    let from = i;
    for (;;) {
      if (i >= n) fail('unterminated lexeme');
      const c = text.charCodeAt(i);
      if (c === QUOTE) {
        if (text.charCodeAt(i + 1) !== QUOTE) break;
        lexeme += text.slice(from, i + 1);
        i += 2;
        from = i;
      } else if (c === BACKSLASH) {
        lexeme += text.slice(from, i);
        from = i + 1;
        i += 2;
      } else {
        i++;
      }
    }
    lexeme += text.slice(from, i);
    i++;
    entry(lexeme);
    if (text.charCodeAt(i) === COLON) {
      do {
        i++;
        const start = i;
        let at = 0;
        for (let c = text.charCodeAt(i); c >= 0x30 && c <= 0x39; c = text.charCodeAt(++i)) {
          at = at * 10 + c - 0x30;
        }
        if (i === start || at >= MAXENTRYPOS) fail('bad position');
        const letter = text.charCodeAt(i);
        let weight = 0;
        if (letter >= 0x41 && letter <= 0x44) {
          weight = 0x44 - letter; // 'A'..'D' are weights 3..0
          i++;
        }
        position((weight << 14) | at);
      } while (text.charCodeAt(i) === COMMA);
    }
    if (i < n && text.charCodeAt(i) !== SPACE) fail('expected a space');
  }
}
