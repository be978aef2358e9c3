/**
 * The search index (docs/search-and-listing.md, "Search in memory"): every live product's `search_vector` exactly as
 * PostgreSQL made it (the english stems of its title with weight A, its brand and category words with B, its
 * description's stems with C, each with its positions), held beside the listing index's snapshot. A search finds
 * its candidates in the index's posting lists and ranks them here with ports of PostgreSQL's own `ts_rank` and
 * `word_similarity`, so it costs no query, and the ranking is the database's to the last bit.
 *
 * - Lexemes are kept once, sorted as PostgreSQL sorts them (code point order, a prefix before its extensions), so
 *   a prefix operand (`shirt:*`) is a run of consecutive lexeme numbers.
 * - Products are numbered in id order (`doc`); each lexeme's posting list holds the products that have it, with
 *   one bit saying whether the title holds it (a weight-A position: `title_vector` has exactly those words).
 *   Candidates are therefore taken in id order, a spread over the catalogue with no bias to price, title or age.
 * - Each product's vector is kept flat (its entries' lexeme numbers, their packed positions) and read by `tsRank`
 *   through one reusable view.
 */
import { SEARCH_RANKING } from '@mp/shared';
import { compareLexemes, rankQuery, readTsvector, type RankDoc, type RankOperand } from './text-rank';
import { TitleTrigrams } from './word-similarity';

/** One word of a search as PostgreSQL's `to_tsquery` stems it: its alternatives, any of which matches. */
export type WordGroup = readonly RankOperand[];

export interface TextSearch {
  /** the words (each a non-empty group), all required (`and`) or any one enough */
  groups: readonly WordGroup[];
  and: boolean;
  /** the keyword as typed, lower case and single spaced (word similarity to titles) */
  keyword: string;
}

export interface TextCandidate {
  slot: number;
  doc: number;
}

const TITLE_WEIGHT = 3;
/** How many word groups' postings are kept (the longest are a few thousand numbers at 500,000 products). */
const GROUPS_KEPT = 2_000;

export class TextIndex {
  /** every lexeme, in PostgreSQL's order */
  private readonly lexemes: string[];
  /** per doc (a product in id order): its slot in the snapshot */
  readonly slotOf: Int32Array;
  /** per doc: where its entries start in `entryLexeme` (length docs + 1) */
  private readonly docStart: Int32Array;
  private readonly entryLexeme: Int32Array;
  /** per entry: where its positions start in `positions` (length entries + 1) */
  private readonly entryStart: Int32Array;
  private readonly positions: Uint16Array;
  /** per lexeme: where its postings start (length lexemes + 1); a posting is doc << 1 | (the title holds it) */
  private readonly postStart: Int32Array;
  private readonly postings: Int32Array;
  /** the view ranking reads a doc through, and the lexeme numbers of the operands being ranked */
  private readonly view: RankDoc & { doc: number; matched: number; size: number };
  private readonly operandRange = new Map<RankOperand, [number, number]>();
  /**
   * Each word group's merged postings, by the group as query-stems.ts keeps it (the same object for the same
   * word): a word searched again costs no merge. Bounded, then emptied.
   */
  private readonly groupsSeen = new Map<WordGroup, Int32Array>();
  /** per slot: a hash of its vector's text, to tell whether a re-read product still matches what is indexed */
  private readonly hashes: Int32Array;
  /** per slot: its title's trigrams (word similarity) */
  private readonly titles: TitleTrigrams;

  /** `vectors[slot]`, `titles[slot]`: the slot's `search_vector::text` and title; `idOrder`: the slots in id order */
  constructor(vectors: readonly string[], titles: readonly string[], idOrder: Int32Array) {
    const docs = vectors.length;
    this.titles = new TitleTrigrams(titles);
    this.slotOf = idOrder;
    this.hashes = new Int32Array(docs);
    const numberOf = new Map<string, number>();
    const names: string[] = [];
    const docStart = new Int32Array(docs + 1);
    let entryLexeme: number[] = [];
    let entryStart: number[] = [0];
    const positions: number[] = [];
    for (let doc = 0; doc < docs; doc++) {
      const slot = idOrder[doc]!;
      const text = vectors[slot]!;
      this.hashes[slot] = hashOf(text);
      docStart[doc] = entryLexeme.length;
      readTsvector(
        text,
        (lexeme) => {
          let k = numberOf.get(lexeme);
          if (k === undefined) {
            numberOf.set(lexeme, (k = names.length));
            names.push(lexeme);
          }
          if (entryLexeme.length > entryStart.length - 1) entryStart.push(positions.length);
          entryLexeme.push(k);
        },
        (packed) => positions.push(packed),
      );
      if (entryLexeme.length > entryStart.length - 1) entryStart.push(positions.length);
    }
    docStart[docs] = entryLexeme.length;
    // number the lexemes in PostgreSQL's order: each doc's entries (already in that order) keep their order
    const order = names.map((_, k) => k).sort((a, b) => compareLexemes(names[a]!, names[b]!));
    const renumber = new Int32Array(names.length);
    order.forEach((k, rank) => (renumber[k] = rank));
    this.lexemes = order.map((k) => names[k]!);
    this.entryLexeme = Int32Array.from(entryLexeme, (k) => renumber[k]!);
    this.entryStart = Int32Array.from(entryStart);
    this.positions = Uint16Array.from(positions);
    this.docStart = docStart;
    entryLexeme = [];
    entryStart = [];
    // posting lists, filled in doc order so each is sorted
    const postStart = new Int32Array(this.lexemes.length + 1);
    for (const k of this.entryLexeme) postStart[k + 1]!++;
    for (let k = 0; k < this.lexemes.length; k++) postStart[k + 1]! += postStart[k]!;
    const fill = postStart.slice(0, this.lexemes.length);
    const postings = new Int32Array(this.entryLexeme.length);
    for (let doc = 0; doc < docs; doc++)
      for (let e = docStart[doc]!; e < docStart[doc + 1]!; e++) {
        let title = 0;
        for (let p = this.entryStart[e]!; p < this.entryStart[e + 1]!; p++)
          if (this.positions[p]! >> 14 === TITLE_WEIGHT) title = 1;
        postings[fill[this.entryLexeme[e]!]!++] = (doc << 1) | title;
      }
    this.postStart = postStart;
    this.postings = postings;
    const entryStartOf = this.entryStart;
    const pos = this.positions;
    const entryLexemeOf = this.entryLexeme;
    const ranges = this.operandRange;
    this.view = {
      doc: 0,
      size: 0,
      matched: 0,
      find(operand) {
        // the doc's entries are in lexeme number order: the first at or after the operand's first lexeme
        const [from, to] = ranges.get(operand)!;
        const start = docStart[this.doc]!;
        let low = start;
        let high = start + this.size;
        while (low < high) {
          const middle = (low + high) >>> 1;
          if (entryLexemeOf[middle]! < from) low = middle + 1;
          else high = middle;
        }
        let end = low;
        while (end < start + this.size && entryLexemeOf[end]! < to) end++;
        this.matched = end - low;
        return low - start;
      },
      positions(i) {
        const e = docStart[this.doc]! + i;
        return pos.subarray(entryStartOf[e]!, entryStartOf[e + 1]!);
      },
    };
  }

  get size(): number {
    return this.slotOf.length;
  }

  /** Whether this vector text is the one indexed for the slot (a re-read product that changed must rebuild). */
  holds(slot: number, vector: string): boolean {
    return this.hashes[slot] === hashOf(vector);
  }

  /** The lexeme numbers an operand matches: [from, to). */
  private range(op: RankOperand): [number, number] {
    const lex = this.lexemes;
    let lo = 0;
    let hi = lex.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (compareLexemes(lex[mid]!, op.lexeme) < 0) lo = mid + 1;
      else hi = mid;
    }
    if (!op.prefix) return lex[lo] === op.lexeme ? [lo, lo + 1] : [lo, lo];
    let to = lo;
    while (to < lex.length && lex[to]!.startsWith(op.lexeme)) to++;
    return [lo, to];
  }

  /**
   * The docs a word group matches, ascending, as postings (doc << 1 | in the title): a doc appears once, its title
   * bit set when any alternative is in its title.
   */
  private groupPostings(group: WordGroup): Int32Array {
    let merged = this.groupsSeen.get(group);
    if (!merged) {
      if (this.groupsSeen.size >= GROUPS_KEPT) this.groupsSeen.clear();
      this.groupsSeen.set(group, (merged = this.mergedPostings(group)));
    }
    return merged;
  }

  private mergedPostings(group: WordGroup): Int32Array {
    // one sorted run per lexeme (a prefix operand matches a run of lexemes), merged into one posting per doc
    const runs: Int32Array[] = [];
    for (const op of group) {
      const [from, to] = this.range(op);
      for (let k = from; k < to; k++)
        runs.push(this.postings.subarray(this.postStart[k]!, this.postStart[k + 1]!));
    }
    return unite(runs);
  }

  /** Each word group's matches, as postings (doc << 1 | in the title), ascending. */
  postingsOf(groups: readonly WordGroup[]): Int32Array[] {
    return groups.map((g) => this.groupPostings(g));
  }

  /**
   * The candidate set of a search (at most SEARCH_RANKING.candidates docs) from the matches of its words (every
   * word: `intersect`, any: `unite`): the docs matching in the title first, then those matching anywhere (brand,
   * category, description), each in doc order and under the filters, as the SQL path picks them from
   * `title_vector` and `search_vector`.
   */
  pick(matches: Int32Array, kept?: (slot: number) => boolean): TextCandidate[] {
    const budget = SEARCH_RANKING.candidates;
    const found: TextCandidate[] = [];
    for (const pass of [1, 0])
      for (let i = 0; i < matches.length && found.length < budget; i++) {
        const p = matches[i]!;
        if ((p & 1) !== pass) continue;
        const doc = p >> 1;
        const slot = this.slotOf[doc]!;
        if (!kept || kept(slot)) found.push({ slot, doc });
      }
    return found;
  }

  /**
   * Each candidate's relevance, as the SQL path works it out in single precision:
   * `ts_rank(search_vector, query) × textWeight + word_similarity(keyword, lower(title)) × titleSimilarityWeight`.
   */
  scores(q: TextSearch, found: readonly TextCandidate[]): Float64Array {
    const operands = q.groups.flat();
    this.operandRange.clear();
    for (const op of operands) this.operandRange.set(op, this.range(op));
    // ts_rank looks at the query's top operator: & only when at least two words are required
    const rank = rankQuery(operands, q.and && q.groups.length > 1);
    const similarity = this.titles.similarityTo(q.keyword);
    const { textWeight, titleSimilarityWeight } = SEARCH_RANKING;
    const out = new Float64Array(found.length);
    const view = this.view;
    found.forEach((c, i) => {
      view.doc = c.doc;
      view.size = this.docStart[c.doc + 1]! - this.docStart[c.doc]!;
      out[i] = Math.fround(
        Math.fround(rank(view) * textWeight) + Math.fround(similarity(c.slot) * titleSimilarityWeight),
      );
    });
    return out;
  }
}

/** Docs in every list; the title bit kept only where every list has it (a match in the title of every word). */
export function intersect(lists: Int32Array[]): Int32Array {
  if (lists.some((l) => l.length === 0)) return new Int32Array(0);
  const sorted = [...lists].sort((a, b) => a.length - b.length);
  let acc = Int32Array.from(sorted[0]!);
  for (const list of sorted.slice(1)) {
    let n = 0;
    let j = 0;
    for (let i = 0; i < acc.length; i++) {
      const doc = acc[i]! >> 1;
      while (j < list.length && list[j]! >> 1 < doc) j++;
      if (j < list.length && list[j]! >> 1 === doc) acc[n++] = acc[i]! & (list[j]! | ~1);
    }
    acc = acc.subarray(0, n);
  }
  return acc;
}

/** Docs in any list, each once (ascending); the title bit set where any list has it. Merged two by two. */
export function unite(lists: Int32Array[]): Int32Array {
  let runs = lists;
  if (!runs.length) return new Int32Array(0);
  while (runs.length > 1) {
    const next: Int32Array[] = [];
    for (let i = 0; i < runs.length; i += 2)
      next.push(i + 1 < runs.length ? merge(runs[i]!, runs[i + 1]!) : runs[i]!);
    runs = next;
  }
  return runs[0]!;
}

function merge(a: Int32Array, b: Int32Array): Int32Array {
  const out = new Int32Array(a.length + b.length);
  let i = 0;
  let j = 0;
  let n = 0;
  while (i < a.length && j < b.length) {
    const x = a[i]!;
    const y = b[j]!;
    const dx = x >> 1;
    const dy = y >> 1;
    if (dx <= dy) i++;
    if (dy <= dx) j++;
    out[n++] = dx < dy ? x : dy < dx ? y : x | y;
  }
  while (i < a.length) out[n++] = a[i++]!;
  while (j < b.length) out[n++] = b[j++]!;
  return out.subarray(0, n);
}

/** FNV-1a over the UTF-16 code units: tells a changed vector from the indexed one. */
function hashOf(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h | 0;
}
