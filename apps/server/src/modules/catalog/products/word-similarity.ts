/**
 * pg_trgm's `word_similarity(query, text)`, worked out in the app for the search candidates
 * (docs/search-and-listing.md, "Search in memory"): the greatest trigram similarity between the query and any
 * continuous run of the text's trigrams. Each title is taken apart once, when the index is built; a title then
 * costs under a microsecond. It gives PostgreSQL's figure exactly (a test compares both on many pairs), so search
 * ranks as the SQL path does:
 *
 * - trigrams are made per word (a run of letters and digits), lower-cased, padded with two spaces in front and one
 *   behind, duplicates kept, in the order they occur;
 * - similarity of a run = common / (distinct query trigrams + distinct trigrams of the run − common), in single
 *   precision (PostgreSQL's float4), and the run's left end is moved right while that raises it;
 * - only the plain (not strict) variant is needed.
 */

import { IntList } from './int-list';

const WORD_CHAR = /[\p{L}\p{N}]/u;
/** Titles taken apart between two pauses of a build. */
const SLICE = 8192;
const SPACE = 32;

/** Whether a code point belongs to a word (a letter or a digit); ASCII answered without the regex. */
function isWordChar(c: number): boolean {
  if (c < 128) return (c >= 48 && c <= 57) || (c >= 97 && c <= 122) || (c >= 65 && c <= 90);
  return WORD_CHAR.test(String.fromCodePoint(c));
}

/** Three code points as one key: a small integer when each is below 1024 (Latin scripts), else a string. */
const key = (a: number, b: number, c: number): number | string =>
  (a | b | c) < 1024 ? (a << 20) | (b << 10) | c : String.fromCodePoint(a, b, c);

/** The trigrams of `text` in order (as keys), as pg_trgm makes them for word similarity. */
function trigrams(text: string): (number | string)[] {
  const out: (number | string)[] = [];
  const lower = text.toLowerCase();
  // the last two code points before the current one, starting with the two spaces of the padding
  let a = SPACE;
  let b = SPACE;
  let inWord = false;
  for (const ch of lower) {
    const c = ch.codePointAt(0)!;
    if (isWordChar(c)) {
      out.push(key(a, b, c));
      a = b;
      b = c;
      inWord = true;
    } else if (inWord) {
      out.push(key(a, b, SPACE)); // the word's padding behind
      a = b = SPACE;
      inWord = false;
    }
  }
  if (inWord) out.push(key(a, b, SPACE));
  return out;
}

/** count / (queryTrigrams + runTrigrams − count) in single precision, as pg_trgm's CALCSML */
const similarity = (count: number, ulen1: number, ulen2: number) =>
  Math.fround(count / (ulen1 + ulen2 - count));

/** Scratch space reused by every call (calls never interleave: the work is synchronous). */
let index = new Int32Array(256);
let lastpos = new Int32Array(256);

/**
 * The greatest similarity of the query's trigrams to a run of the title's (`groups`: each title trigram as its
 * group, the query's `ulen1` distinct trigrams first, then one group per other distinct trigram).
 */
function bestRun(groups: Int32Array, n: number, ulen1: number, distinct: number): number {
  if (lastpos.length < distinct) lastpos = new Int32Array(2 * distinct);
  lastpos.fill(-1, 0, distinct);
  let ulen2 = 0;
  let count = 0;
  let lower = -1;
  let max = 0;
  for (let upper = 0; upper < n; upper++) {
    const g = groups[upper]!;
    const found = g < ulen1;
    if (lower >= 0 || found) {
      if (lastpos[g]! < 0) {
        ulen2++;
        if (found) count++;
      }
      lastpos[g] = upper;
    }
    if (!found) continue;
    // a query trigram ends the run here: the best run ending here, moving its left end right
    if (lower === -1) {
      lower = upper;
      ulen2 = 1;
    }
    let best = similarity(count, ulen1, ulen2);
    let runCount = count;
    let runUlen2 = ulen2;
    const prevLower = lower;
    for (let left = lower; left <= upper; left++) {
      const s = similarity(runCount, ulen1, runUlen2);
      if (s > best) {
        best = s;
        ulen2 = runUlen2;
        lower = left;
        count = runCount;
      }
      const lg = groups[left]!;
      if (lastpos[lg] === left) {
        runUlen2--;
        if (lg < ulen1) runCount--;
      }
    }
    if (best > max) max = best;
    for (let left = prevLower; left < lower; left++) {
      const lg = groups[left]!;
      if (lastpos[lg] === left) lastpos[lg] = -1;
    }
  }
  return max;
}

/**
 * Every title of a snapshot as its trigrams, made once (numbered: one number per distinct trigram), so a search
 * works out the similarity of its keyword to each candidate title without taking the title apart again.
 */
export class TitleTrigrams {
  private readonly numberOf: Map<number | string, number>;
  /** per title: where its trigram numbers start in `trigrams` (length titles + 1) */
  private readonly start: Int32Array;
  private readonly numbers: Int32Array;
  /** per trigram number: the query it belongs to (`queryMark`) and its group there, or the title's */
  private readonly queryMark: Int32Array;
  private readonly titleMark: Int32Array;
  private readonly group: Int32Array;
  private queries = 0;
  private titles = 0;

  private constructor(numberOf: Map<number | string, number>, start: Int32Array, numbers: Int32Array) {
    this.numberOf = numberOf;
    this.start = start;
    this.numbers = numbers;
    this.queryMark = new Int32Array(this.numberOf.size);
    this.titleMark = new Int32Array(this.numberOf.size);
    this.group = new Int32Array(this.numberOf.size);
  }

  /** The titles' trigrams, made in slices: the event loop is let go every few thousand titles (`pause`). */
  static async build(
    titles: readonly string[],
    pause: () => Promise<void> = async () => {},
  ): Promise<TitleTrigrams> {
    const numberOf = new Map<number | string, number>();
    const start = new Int32Array(titles.length + 1);
    const numbers = new IntList();
    for (let i = 0; i < titles.length; i++) {
      if (i % SLICE === SLICE - 1) await pause();
      start[i] = numbers.length;
      for (const t of trigrams(titles[i]!)) {
        let k = numberOf.get(t);
        if (k === undefined) numberOf.set(t, (k = numberOf.size));
        numbers.push(k);
      }
    }
    start[titles.length] = numbers.length;
    return new TitleTrigrams(numberOf, start, numbers.done());
  }

  /** `word_similarity(query, lower(title))` for the titles asked for (by their index), the query prepared once. */
  similarityTo(query: string): (title: number) => number {
    const own = ++this.queries;
    const distinctOf = new Map<number | string, number>();
    for (const t of trigrams(query)) if (!distinctOf.has(t)) distinctOf.set(t, distinctOf.size);
    const ulen1 = distinctOf.size;
    // the query's trigrams that some title has, with their groups
    const known: [number, number][] = [];
    for (const [t, g] of distinctOf) {
      const k = this.numberOf.get(t);
      if (k !== undefined) known.push([k, g]);
    }
    const mark = () => {
      this.queries++;
      for (const [k, g] of known) {
        this.queryMark[k] = this.queries;
        this.group[k] = g;
      }
      return this.queries;
    };
    let current = own;
    for (const [k, g] of known) {
      this.queryMark[k] = own;
      this.group[k] = g;
    }
    return (title: number): number => {
      if (this.queries !== current) current = mark(); // another query was prepared since
      const from = this.start[title]!;
      const n = this.start[title + 1]! - from;
      if (index.length < n) index = new Int32Array(2 * n);
      const titleOwn = ++this.titles;
      let distinct = ulen1;
      for (let i = 0; i < n; i++) {
        const k = this.numbers[from + i]!;
        if (this.queryMark[k] === current) index[i] = this.group[k]!;
        else {
          if (this.titleMark[k] !== titleOwn) {
            this.titleMark[k] = titleOwn;
            this.group[k] = distinct++;
          }
          index[i] = this.group[k]!;
        }
      }
      return bestRun(index, n, ulen1, distinct);
    };
  }
}
