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
 * - Each product's vector is kept flat (its entries' lexeme numbers, their packed positions) and read by the
 *   ranking (`rankQuery`) through one reusable view.
 */
import { SEARCH_RANKING } from '@mp/shared';
import { compareLexemes, rankQuery, readTsvector, type RankDoc, type RankOperand } from './text-rank';
import { IntList } from './int-list';
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
/** Products parsed between two pauses of a build (about 20 ms of work). */
const SLICE = 4096;

/** What the index reads of each product. */
export interface IndexedRow {
  id: string;
  title: string;
  /** `search_vector::text`, and PostgreSQL's `hashtext` of it (a re-read compares only the hash) */
  sv: string;
  sv_hash: number;
}

/** What TextIndex.build made, field by field as the index keeps it. */
interface Parsed {
  slotOf: Int32Array;
  docStart: Int32Array;
  lexemes: string[];
  entryLexeme: Int32Array;
  entryStart: Int32Array;
  positions: Uint16Array;
  postStart: Int32Array;
  postings: Int32Array;
  hashes: Int32Array;
  titles: TitleTrigrams;
}

/**
 * The lexemes' numbers in PostgreSQL's order, by a merge sort that lets the event loop go between slices (a
 * catalogue with a model number in every title has as many lexemes as products).
 */
async function lexemeOrder(names: readonly string[], pause: () => Promise<void>): Promise<Int32Array> {
  const n = names.length;
  const before = (a: number, b: number) => compareLexemes(names[a]!, names[b]!);
  let order = Int32Array.from(names.keys());
  for (let i = 0; i < n; i += SLICE) {
    order.subarray(i, i + SLICE).sort(before);
    await pause();
  }
  let into = new Int32Array(n);
  let steps = 0;
  for (let width = SLICE; width < n; width *= 2) {
    for (let lo = 0; lo < n; lo += 2 * width) {
      const mid = Math.min(lo + width, n);
      const hi = Math.min(lo + 2 * width, n);
      let i = lo;
      let j = mid;
      let k = lo;
      while (i < mid && j < hi) {
        into[k++] = before(order[i]!, order[j]!) <= 0 ? order[i++]! : order[j++]!;
        if (++steps % (SLICE * 16) === 0) await pause();
      }
      while (i < mid) into[k++] = order[i++]!;
      while (j < hi) into[k++] = order[j++]!;
    }
    [order, into] = [into, order];
  }
  return order;
}

/**
 * The slots in id order (uuid order, as PostgreSQL sorts them). Sorted natively by the first 28 bits of the id
 * with the slot below them, then runs of equal prefixes put in order by the whole id.
 */
async function idOrder(rows: readonly IndexedRow[], pause: () => Promise<void>): Promise<Int32Array> {
  const n = rows.length;
  const byId = (a: number, b: number) => (rows[a]!.id < rows[b]!.id ? -1 : rows[a]!.id > rows[b]!.id ? 1 : 0);
  if (n >= 2 ** 24) return Int32Array.from(rows.keys()).sort(byId);
  const keys = new Float64Array(n);
  for (let slot = 0; slot < n; slot++) {
    if (slot % SLICE === SLICE - 1) await pause();
    keys[slot] = parseInt(rows[slot]!.id.slice(0, 7), 16) * 2 ** 24 + slot;
  }
  keys.sort();
  const out = Int32Array.from(keys, (k) => k % 2 ** 24);
  for (let i = 0; i < n;) {
    let j = i + 1;
    const prefix = Math.floor(keys[i]! / 2 ** 24);
    while (j < n && Math.floor(keys[j]! / 2 ** 24) === prefix) j++;
    if (j - i > 1) out.subarray(i, j).sort(byId);
    i = j;
  }
  return out;
}
/** The first index in [low, high) of an ascending run whose value is at least `value` (high when none is). */
function firstAtLeast(values: Int32Array, low: number, high: number, value: number): number {
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (values[middle]! < value) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** How many word groups' postings are kept, and how many postings in all (16 MB), before the store starts again. */
const GROUPS_KEPT = 2_000;
const POSTINGS_KEPT = 4_000_000;
/** Above this many lexemes a group's postings are marked per doc rather than merged run by run. */
const MERGE_MAX_RUNS = 64;

export class TextIndex {
  /** every lexeme, in PostgreSQL's order */
  private readonly lexemes: string[];
  /** per doc (a product in id order): its slot in the snapshot */
  private readonly slotOf: Int32Array;
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
  private keptPostings = 0;
  /** per slot: a hash of its vector's text, to tell whether a re-read product still matches what is indexed */
  private readonly hashes: Int32Array;
  /** per slot: its title's trigrams (word similarity) */
  private readonly titles: TitleTrigrams;

  private constructor(parts: Parsed) {
    const { slotOf, docStart, hashes, titles } = parts;
    this.slotOf = slotOf;
    this.hashes = hashes;
    this.titles = titles;
    this.lexemes = parts.lexemes;
    this.entryLexeme = parts.entryLexeme;
    this.entryStart = parts.entryStart;
    this.positions = parts.positions;
    this.docStart = docStart;
    this.postStart = parts.postStart;
    this.postings = parts.postings;
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
        const low = firstAtLeast(entryLexemeOf, start, start + this.size, from);
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

  /**
   * Builds the index of a snapshot's rows (in slot order), in slices: the event loop is let go every few
   * thousand products (`pause`), so a large catalogue's build never holds requests up for long.
   */
  static async build(rows: readonly IndexedRow[], pause: () => Promise<void>): Promise<TextIndex> {
    const slotOf = await idOrder(rows, pause);
    const docs = rows.length;
    const hashes = Int32Array.from(rows, (r) => r.sv_hash);
    const numberOf = new Map<string, number>();
    const names: string[] = [];
    const docStart = new Int32Array(docs + 1);
    const lexemeList = new IntList();
    const startList = new IntList();
    const positionList = new IntList();
    const entry = (lexeme: string) => {
      let k = numberOf.get(lexeme);
      if (k === undefined) {
        numberOf.set(lexeme, (k = names.length));
        names.push(lexeme);
      }
      startList.push(positionList.length);
      lexemeList.push(k);
    };
    const position = (packed: number) => positionList.push(packed);
    for (let doc = 0; doc < docs; doc++) {
      if (doc % SLICE === SLICE - 1) await pause();
      docStart[doc] = lexemeList.length;
      readTsvector(rows[slotOf[doc]!]!.sv, entry, position);
    }
    docStart[docs] = lexemeList.length;
    startList.push(positionList.length);
    const entryStart = startList.done();
    const positions = new Uint16Array(positionList.done());
    // number the lexemes in PostgreSQL's order: each doc's entries (already in that order) keep their order
    const order = await lexemeOrder(names, pause);
    const renumber = new Int32Array(names.length);
    order.forEach((k, rank) => (renumber[k] = rank));
    const entryLexeme = lexemeList.done();
    for (let e = 0; e < entryLexeme.length; e++) entryLexeme[e] = renumber[entryLexeme[e]!]!;
    await pause();
    // posting lists, filled in doc order so each is sorted
    const postStart = new Int32Array(names.length + 1);
    for (const k of entryLexeme) postStart[k + 1]!++;
    for (let k = 0; k < names.length; k++) postStart[k + 1]! += postStart[k]!;
    const fill = postStart.slice(0, names.length);
    const postings = new Int32Array(entryLexeme.length);
    for (let doc = 0; doc < docs; doc++) {
      if (doc % SLICE === SLICE - 1) await pause();
      for (let e = docStart[doc]!; e < docStart[doc + 1]!; e++) {
        let title = 0;
        for (let p = entryStart[e]!; p < entryStart[e + 1]!; p++)
          if (positions[p]! >> 14 === TITLE_WEIGHT) title = 1;
        postings[fill[entryLexeme[e]!]!++] = (doc << 1) | title;
      }
    }
    const titles = await TitleTrigrams.build(
      rows.map((r) => r.title),
      pause,
    );
    return new TextIndex({
      slotOf,
      docStart,
      lexemes: Array.from(order, (k) => names[k]!),
      entryLexeme,
      entryStart,
      positions,
      postStart,
      postings,
      hashes,
      titles,
    });
  }

  /** Whether this vector (its `hashtext`) is the one indexed for the slot (a re-read product that changed must rebuild). */
  holds(slot: number, vectorHash: number): boolean {
    return this.hashes[slot] === vectorHash;
  }

  /** The doc of a slot (a scan: for the few products edited since the build). */
  docOf(slot: number): number {
    return this.slotOf.indexOf(slot);
  }

  /** Whether the doc has a word of any of the groups (so a search of them may find it). */
  docMatches(doc: number, groups: readonly WordGroup[]): boolean {
    const start = this.docStart[doc]!;
    const end = this.docStart[doc + 1]!;
    for (const group of groups)
      for (const op of group) {
        const [from, to] = this.range(op);
        // the doc's entries are in lexeme number order: the first at or after `from`
        const low = firstAtLeast(this.entryLexeme, start, end, from);
        if (low < end && this.entryLexeme[low]! < to) return true;
      }
    return false;
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
    // the lexemes starting with the prefix follow it in one run: its end by binary search too
    let to = lo;
    let end = lex.length;
    while (to < end) {
      const mid = (to + end) >>> 1;
      if (lex[mid]!.startsWith(op.lexeme)) to = mid + 1;
      else end = mid;
    }
    return [lo, to];
  }

  /**
   * The docs a word group matches, ascending, as postings (doc << 1 | in the title): a doc appears once, its title
   * bit set when any alternative is in its title.
   */
  private groupPostings(group: WordGroup): Int32Array {
    let merged = this.groupsSeen.get(group);
    if (!merged) {
      merged = this.mergedPostings(group);
      if (this.groupsSeen.size >= GROUPS_KEPT || this.keptPostings + merged.length > POSTINGS_KEPT) {
        this.groupsSeen.clear();
        this.keptPostings = 0;
      }
      this.groupsSeen.set(group, merged);
      this.keptPostings += merged.length;
    }
    return merged;
  }

  private mergedPostings(group: WordGroup): Int32Array {
    // one sorted run per lexeme (a prefix operand matches a run of lexemes), merged into one posting per doc
    const ranges = group.map((op) => this.range(op));
    const lexemes = ranges.reduce((n, [from, to]) => n + to - from, 0);
    if (lexemes > MERGE_MAX_RUNS) return this.markedPostings(ranges);
    const runs: Int32Array[] = [];
    for (const [from, to] of ranges)
      for (let k = from; k < to; k++)
        runs.push(this.postings.subarray(this.postStart[k]!, this.postStart[k + 1]!));
    return unite(runs);
  }

  /**
   * The same for a prefix matching many lexemes (`1:*` in a catalogue of model numbers): each doc is marked in
   * one byte per doc, then read off in order, instead of merging thousands of short runs.
   */
  private markedPostings(ranges: readonly [number, number][]): Int32Array {
    const marks = new Uint8Array(this.slotOf.length);
    let count = 0;
    for (const [from, to] of ranges)
      for (let i = this.postStart[from]!; i < this.postStart[to]!; i++) {
        const p = this.postings[i]!;
        const doc = p >> 1;
        if (!marks[doc]) count++;
        marks[doc]! |= 2 | (p & 1);
      }
    const out = new Int32Array(count);
    let n = 0;
    for (let doc = 0; doc < marks.length && n < count; doc++)
      if (marks[doc]) out[n++] = (doc << 1) | (marks[doc]! & 1);
    return out;
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

/** Whether a `search_vector::text` has a word of any of the groups (an operand's lexeme, or one it is a prefix of). */
export function vectorMatches(vector: string, groups: readonly WordGroup[]): boolean {
  let found = false;
  readTsvector(
    vector,
    (lexeme) => {
      if (!found)
        found = groups.some((g) =>
          g.some((op) => (op.prefix ? lexeme.startsWith(op.lexeme) : lexeme === op.lexeme)),
        );
    },
    () => {},
  );
  return found;
}
