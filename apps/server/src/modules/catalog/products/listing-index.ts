/**
 * The listing index (docs/search-and-listing.md, "The listing index"): which live products a shop listing shows,
 * in both sort orders, held in memory so a listing page costs no query planning and no index walk in
 * PostgreSQL: the page's ids come from here, and only those rows are read.
 *
 * - A snapshot is read in one statement: every live product's category, brand, seller, price and title, in price
 *   order, with its rank in title order as PostgreSQL sorts titles (so both orders, ties by id, are exactly the
 *   database's). Slot i is the i-th product by price.
 * - Per category and per brand, a bitset over each order says which positions hold it; a page is the OR of the
 *   filter's bitsets, counted 32 positions at a time up to the offset. One seller's products are kept as short
 *   lists in both orders instead.
 * - It also holds every live product's search data (text-index.ts): searches find and rank their candidates here
 *   (docs/search-and-listing.md, "Search in memory").
 * - Stock changes move nothing. A `products` change is checked against the snapshot (category, brand, seller,
 *   price, title, the hash of its search vector, still live); a difference or a new product is noted as an edit and
 *   a new snapshot is built. Until then `page` and `search` answer undefined (PostgreSQL answers) for what an edited
 *   product may be in, and from the snapshot otherwise (docs/search-and-listing.md, "Edits before the rebuild").
 *   While a check runs, or without a snapshot, they answer undefined; a change without ids drops the snapshot. So
 *   no answer is staler than the database path's.
 * - It also holds what home rows rank by (`RankingTable`: discount, stock, popularity, rating, the electronics
 *   products newest first). A checked `products` change sets the re-read figures in place; a stock change only
 *   notes the product, and `ranking` reads every noted product's figures in one query before home uses them
 *   (docs/search-and-listing.md, "Home").
 */
import { sql } from 'drizzle-orm';
import { ELECTRONICS_KEYWORDS, type SortBy } from '@mp/shared';
import type { Db } from '../../../db/client';
import type { Change, ChangeFeed } from '../../../lib/change-feed';
import type { Logger } from '../../../lib/logger';
import { countCells, type CellCounts, type FacetCell } from './facet-counts';
import { intersect, TextIndex, unite, vectorMatches, type TextCandidate, type WordGroup } from './text-index';

export interface ListingPageQuery {
  categories: readonly string[];
  brands: readonly string[];
  seller?: string;
  sortBy: SortBy;
  offset: number;
  limit: number;
}

export interface SearchPageQuery {
  /** the search's words as PostgreSQL stems them (product.service.ts `wordGroups`), none empty */
  groups: readonly WordGroup[];
  /** the keyword, lower case and single spaced */
  keyword: string;
  categories: readonly string[];
  brands: readonly string[];
  sortBy: SortBy | 'relevance';
  offset: number;
  limit: number;
  facets: boolean;
}

export interface SearchPage {
  /** the page's product ids, in the search's order */
  ids: string[];
  /** with `facets`: the unfiltered candidate set per (category, brand) */
  cells?: FacetCell[];
}

export interface ListingPage {
  /** the page's product ids, in the listing's order */
  ids: string[];
  /** the total and facets, counted over the live products (one seller's when the listing is one seller's) */
  counts: CellCounts;
}

type Key = 'price' | 'title';
const SORT_KEYS: Record<SortBy, { key: Key; desc: boolean }> = {
  'price-lowtohigh': { key: 'price', desc: false },
  'price-hightolow': { key: 'price', desc: true },
  'title-atoz': { key: 'title', desc: false },
  'title-ztoa': { key: 'title', desc: true },
};
/**
 * Rebuilds start at most this often, and never sooner than ten times the last build took after it (500,000
 * products build in about 3 s), so a stream of catalogue edits costs a bounded share of one core, not a rebuild
 * each; listings read PostgreSQL in between.
 */
const REBUILD_GAP_MS = 1_000;
const REBUILD_GAP_FACTOR = 10;
/** After a failed build, or while the catalogue is over the limit, the next try waits this long, doubling to 5 min. */
const RETRY_MS = 5_000;
const RETRY_MAX_MS = 300_000;
/** How many filters' counts a snapshot keeps before it starts again (each a few hundred bytes). */
const COUNTS_KEPT = 4096;
/** Products edited since the snapshot that it still answers around; one more drops it (it is rebuilt). */
const EDITS_KEPT = 256;

/** What home rows rank by (home.service.ts), as a re-read finds it: changes in place, moves no listing. */
interface Figures {
  id: string;
  discount: number;
  total_stock: number;
  popularity: number;
  /** average rating; null without reviews */
  rating: number | null;
}
/** The figures' columns, read the same way by the snapshot and by re-reads. */
const FIGURES = sql.raw(
  'discount, total_stock, popularity, rating_sum::float8 / nullif(review_count, 0) as rating',
);

interface Row extends Figures {
  category: string;
  brand: string;
  seller_id: string | null;
  price: number;
  title: string;
  title_rank: number;
  /** `search_vector::text`: what a search finds the product by (text-index.ts); read by builds only */
  sv: string;
  /** `hashtext(search_vector::text)` */
  sv_hash: number;
}

/** What decides where a product is listed and found, and its figures, as a re-read finds it. */
type Placement = Pick<Row, 'category' | 'brand' | 'seller_id' | 'price' | 'title' | 'sv_hash'> & Figures;
/** Where a product is listed: a listing's filter shows it or not. */
type Place = Pick<Row, 'category' | 'brand' | 'seller_id'>;
/** A re-read product: where it is listed and found now, and its figures. */
type Reread = Placement & Pick<Row, 'sv'>;

/**
 * A product edited since the snapshot was built (moved, retitled, new words, new or deleted): where the snapshot
 * has it (`was`, with its doc in the search index) and where it is now (`now`); either is undefined when it is not
 * live there. An answer it can be in is read from PostgreSQL until the next build.
 */
interface Edit {
  was?: Place & { doc: number };
  now?: Reread;
}

/** Whether a listing's page (and total) holds the product: in the filter's categories and brands (and seller). */
const listedIn = (p: Place, q: ListingPageQuery) =>
  (!q.seller || p.seller_id === q.seller) &&
  (!q.categories.length || q.categories.includes(p.category)) &&
  (!q.brands.length || q.brands.includes(p.brand));

/** The placement columns, read the same way by the snapshot and by re-reads. */
const PLACEMENT = sql.raw(
  'id, category, brand, seller_id, effective_price_paise as price, title, hashtext(search_vector::text) as sv_hash',
);

/**
 * Every live product's home-row figures by slot (the snapshot's price order), read by home.service.ts to pick
 * its candidates. Stock, units sold, ratings and discounts are updated in place as changes are read back, so the
 * figures are as current as the last `ranking` call.
 */
export interface RankingTable {
  readonly size: number;
  readonly ids: readonly string[];
  readonly discount: Int32Array;
  readonly stock: Int32Array;
  readonly popularity: Float64Array;
  /** average rating; NaN without reviews */
  readonly rating: Float64Array;
  /** the slots whose title names electronics, newest first (created_at desc, id desc) */
  readonly electronics: Int32Array;
}

function popcount(v: number): number {
  v -= (v >>> 1) & 0x55555555;
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/** Per category / brand code: 1 when the filter keeps it (no filter keeps every one). */
function kept(codes: Map<string, number>, values: readonly string[]): Uint8Array {
  const ok = new Uint8Array(256);
  for (const [v, c] of codes) if (!values.length || values.includes(v)) ok[c] = 1;
  return ok;
}

class Snapshot implements RankingTable {
  readonly size: number;
  readonly ids: string[];
  readonly discount: Int32Array;
  readonly stock: Int32Array;
  readonly popularity: Float64Array;
  readonly rating: Float64Array;
  readonly electronics: Int32Array;
  private readonly slotOf = new Map<string, number>();
  /** per slot: what placed it (the title strings are the rows' own) */
  private readonly title: string[];
  private readonly price: Float64Array;
  private readonly seller: (string | null)[];
  private readonly categoryCodes = new Map<string, number>();
  private readonly brandCodes = new Map<string, number>();
  private readonly category: Uint8Array;
  private readonly brand: Uint8Array;
  /** title rank → slot, and slot → title rank */
  private readonly byTitle: Int32Array;
  private readonly titleRank: Int32Array;
  /** per order, per category / brand code: a bit per position */
  private readonly bits: Record<Key, { category: Uint32Array[]; brand: Uint32Array[] }>;
  /** per seller: its positions in each order, ascending */
  private readonly sellers = new Map<string, Record<Key, Int32Array>>();
  private readonly cellsOf = new Map<string, FacetCell[]>();
  /** counts already worked out, by seller and filter (the snapshot never changes them; bounded, then emptied) */
  private readonly countsOf = new Map<string, CellCounts>();

  /**
   * `newestElectronics`: the ids of the products whose title names electronics, newest first; `text`: the rows'
   * search index (TextIndex.build), made before the snapshot
   */
  constructor(
    rows: Row[],
    newestElectronics: readonly string[],
    private readonly text: TextIndex,
  ) {
    const n = (this.size = rows.length);
    const words = Math.ceil(n / 32);
    this.ids = new Array<string>(n);
    this.title = new Array<string>(n);
    this.price = new Float64Array(n);
    this.seller = new Array<string | null>(n);
    this.category = new Uint8Array(n);
    this.brand = new Uint8Array(n);
    this.byTitle = new Int32Array(n);
    this.discount = new Int32Array(n);
    this.stock = new Int32Array(n);
    this.popularity = new Float64Array(n);
    this.rating = new Float64Array(n);
    const code = (codes: Map<string, number>, value: string) => {
      let c = codes.get(value);
      if (c === undefined) codes.set(value, (c = codes.size));
      return c;
    };
    const perSeller = new Map<string, number[]>();
    const sellerIds = new Map<string, string>(); // one string per seller, not one per row
    const cells = new Map<string, Map<string, FacetCell>>();
    const count = (scope: string, r: Row) => {
      let m = cells.get(scope);
      if (!m) cells.set(scope, (m = new Map()));
      const k = `${r.category}\u0000${r.brand}`;
      const cell = m.get(k);
      if (cell) cell.n++;
      else m.set(k, { category: r.category, brand: r.brand, n: 1 });
    };
    rows.forEach((r, slot) => {
      this.ids[slot] = r.id;
      this.slotOf.set(r.id, slot);
      this.title[slot] = r.title;
      this.price[slot] = r.price;
      if (r.seller_id && !sellerIds.has(r.seller_id)) sellerIds.set(r.seller_id, r.seller_id);
      this.seller[slot] = r.seller_id && sellerIds.get(r.seller_id)!;
      this.category[slot] = code(this.categoryCodes, r.category);
      this.brand[slot] = code(this.brandCodes, r.brand);
      this.byTitle[r.title_rank] = slot;
      this.setFigures(slot, r);
      count('', r);
      if (r.seller_id) {
        count(r.seller_id, r);
        let list = perSeller.get(r.seller_id);
        if (!list) perSeller.set(r.seller_id, (list = []));
        list.push(slot);
      }
    });
    if (this.categoryCodes.size > 256 || this.brandCodes.size > 256)
      throw new Error('too many filter values');
    this.electronics = Int32Array.from(
      newestElectronics.flatMap((id) => {
        const slot = this.slotOf.get(id);
        return slot === undefined ? [] : [slot];
      }),
    );
    for (const [scope, m] of cells) this.cellsOf.set(scope, [...m.values()]);
    const bitsets = (codes: Map<string, number>) =>
      Array.from({ length: codes.size }, () => new Uint32Array(words));
    this.bits = {
      price: { category: bitsets(this.categoryCodes), brand: bitsets(this.brandCodes) },
      title: { category: bitsets(this.categoryCodes), brand: bitsets(this.brandCodes) },
    };
    const titleRank = (this.titleRank = new Int32Array(n));
    for (let pos = 0; pos < n; pos++) {
      const slot = this.byTitle[pos]!;
      titleRank[slot] = pos;
      this.bits.title.category[this.category[slot]!]![pos >>> 5]! |= 1 << (pos & 31);
      this.bits.title.brand[this.brand[slot]!]![pos >>> 5]! |= 1 << (pos & 31);
      this.bits.price.category[this.category[pos]!]![pos >>> 5]! |= 1 << (pos & 31);
      this.bits.price.brand[this.brand[pos]!]![pos >>> 5]! |= 1 << (pos & 31);
    }
    for (const [seller, slots] of perSeller) {
      const title = Int32Array.from(slots, (s) => titleRank[s]!).sort();
      this.sellers.set(seller, { price: Int32Array.from(slots), title });
    }
  }

  private setFigures(slot: number, f: Figures) {
    this.discount[slot] = f.discount;
    this.stock[slot] = f.total_stock;
    this.popularity[slot] = f.popularity;
    this.rating[slot] = f.rating ?? NaN;
  }

  /** Takes the product's re-read figures (a product the snapshot does not hold is left to the placement check). */
  refigure(f: Figures) {
    const slot = this.slotOf.get(f.id);
    if (slot !== undefined) this.setFigures(slot, f);
  }

  /** A candidate set counted per (category, brand), as the SQL path's facet cells. */
  private candidateCells(found: readonly TextCandidate[]): FacetCell[] {
    const counts = new Map<number, number>();
    for (const { slot } of found) {
      const k = (this.category[slot]! << 8) | this.brand[slot]!;
      counts.set(k, (counts.get(k) ?? 0) + 1);
    }
    const categories = [...this.categoryCodes.keys()];
    const brands = [...this.brandCodes.keys()];
    return [...counts].map(([k, n]) => ({ category: categories[k >> 8]!, brand: brands[k & 255]!, n }));
  }

  /** Where the snapshot lists a product and its doc in the search index (undefined: the snapshot has no such product). */
  placeOf(id: string): Edit['was'] {
    const slot = this.slotOf.get(id);
    if (slot === undefined) return undefined;
    const name = (codes: Map<string, number>, code: number) => [...codes].find(([, c]) => c === code)![0];
    return {
      category: name(this.categoryCodes, this.category[slot]!),
      brand: name(this.brandCodes, this.brand[slot]!),
      seller_id: this.seller[slot] ?? null,
      doc: this.text.docOf(slot),
    };
  }

  /** Whether a search of these words may find the doc (it has one of them). */
  docMatches(doc: number, groups: readonly WordGroup[]): boolean {
    return this.text.docMatches(doc, groups);
  }

  /** True when the product is live, listed exactly where the snapshot has it, and found by the same words. */
  holds(id: string, now: Placement | undefined): boolean {
    const slot = this.slotOf.get(id);
    if (slot === undefined || now === undefined) return slot === now;
    return (
      this.title[slot] === now.title &&
      this.price[slot] === now.price &&
      this.seller[slot] === now.seller_id &&
      this.category[slot] === this.categoryCodes.get(now.category) &&
      this.brand[slot] === this.brandCodes.get(now.brand) &&
      this.text.holds(slot, now.sv_hash)
    );
  }

  /**
   * A search page from memory (docs/search-and-listing.md, "Search in memory"): the same steps as the SQL path
   * (every word required, then any word), the same bounded candidate set, scores and orders. Undefined when no
   * product matches any word: the SQL path's last step (trigram similarity of the whole keyword) answers then.
   */
  search(q: SearchPageQuery): SearchPage | undefined {
    const filtered = q.categories.length > 0 || q.brands.length > 0;
    const categoryOk = kept(this.categoryCodes, q.categories);
    const brandOk = kept(this.brandCodes, q.brands);
    const keep = (slot: number) => categoryOk[this.category[slot]!] === 1 && brandOk[this.brand[slot]!] === 1;
    const lists = this.text.postingsOf(q.groups);
    for (const and of q.groups.length > 1 ? [true, false] : [true]) {
      const matches = and ? intersect(lists) : unite(lists);
      if (!matches.length) continue;
      const all = this.text.pick(matches);
      const cells = q.facets ? this.candidateCells(all) : undefined;
      const found = filtered ? this.text.pick(matches, keep) : all;
      const base = { groups: q.groups, and, keyword: q.keyword };
      let order: number[];
      if (q.sortBy === 'relevance') {
        // score desc, ties by id (doc numbers are in id order)
        const scores = this.text.scores(base, found);
        order = found
          .map((_, i) => i)
          .sort((a, b) => scores[b]! - scores[a]! || found[a]!.doc - found[b]!.doc);
      } else {
        const { key, desc } = SORT_KEYS[q.sortBy];
        // slots are in price order (ties by id); title ranks in title order (ties by id)
        const at =
          key === 'price' ? (i: number) => found[i]!.slot : (i: number) => this.titleRank[found[i]!.slot]!;
        order = found.map((_, i) => i).sort((a, b) => (desc ? at(b) - at(a) : at(a) - at(b)));
      }
      const ids = order.slice(q.offset, q.offset + q.limit).map((i) => this.ids[found[i]!.slot]!);
      return { ids, cells };
    }
    return undefined;
  }

  /** The total and facets of a filter, worked out once per snapshot (pages and sorts of it share them). */
  private counts(
    seller: string,
    categories: readonly string[],
    brands: readonly string[],
    moved: Iterable<Edit> = [],
  ): CellCounts {
    const cells = this.cellsOf.get(seller) ?? [];
    const edits = [...moved];
    if (edits.length) {
      // the cells with each edited product taken from where it was and counted where it is now (not kept)
      const n = new Map(cells.map((c) => [`${c.category}\u0000${c.brand}`, { ...c }]));
      const add = (p: Place | undefined, by: number) => {
        if (!p || (seller && p.seller_id !== seller)) return;
        const k = `${p.category}\u0000${p.brand}`;
        const cell = n.get(k) ?? { category: p.category, brand: p.brand, n: 0 };
        cell.n += by;
        n.set(k, cell);
      };
      for (const e of edits) {
        add(e.was, -1);
        add(e.now, 1);
      }
      return countCells(
        [...n.values()].filter((c) => c.n > 0),
        categories,
        brands,
      );
    }
    const key = `${seller}|${[...categories].sort().join(',')}|${[...brands].sort().join(',')}`;
    let counts = this.countsOf.get(key);
    if (!counts) {
      if (this.countsOf.size >= COUNTS_KEPT) this.countsOf.clear();
      counts = countCells(cells, categories, brands);
      this.countsOf.set(key, counts);
    }
    return counts;
  }

  /** `moved`: products edited since the build, none of them in this page (they move only the facet counts). */
  page(q: ListingPageQuery, moved: Iterable<Edit> = []): ListingPage {
    const counts = this.counts(q.seller ?? '', q.categories, q.brands, moved);
    const { total } = counts;
    if (q.offset >= total) return { ids: [], counts };
    // a page in the back half of the answer is counted from the other end
    const { key, desc } = SORT_KEYS[q.sortBy];
    let skip = q.offset;
    const take = Math.min(q.limit, total - q.offset);
    let backwards = desc;
    if (total - q.offset - take < q.offset) {
      skip = total - q.offset - take;
      backwards = !backwards;
    }
    const positions = q.seller
      ? this.walkList(this.sellers.get(q.seller)?.[key], key, q.categories, q.brands, backwards, skip, take)
      : this.walkBits(key, q.categories, q.brands, backwards, skip, take);
    if (backwards !== desc) positions.reverse();
    const toSlot = key === 'price' ? (p: number) => p : (p: number) => this.byTitle[p]!;
    return { ids: positions.map((p) => this.ids[toSlot(p)]!), counts };
  }

  /** Positions of the filter's products in one order, `skip` of them passed over, `take` kept. */
  private walkBits(
    key: Key,
    categories: readonly string[],
    brands: readonly string[],
    backwards: boolean,
    skip: number,
    take: number,
  ): number[] {
    const union = (codes: Map<string, number>, sets: Uint32Array[], values: readonly string[]) =>
      values.length ? values.flatMap((v) => (codes.has(v) ? [sets[codes.get(v)!]!] : [])) : undefined;
    const cats = union(this.categoryCodes, this.bits[key].category, categories);
    const brs = union(this.brandCodes, this.bits[key].brand, brands);
    const words = Math.ceil(this.size / 32);
    const tail = this.size % 32 ? (1 << (this.size % 32)) - 1 : -1;
    const word = (w: number) => {
      let m = w === words - 1 ? tail : -1;
      if (cats) {
        let c = 0;
        for (const s of cats) c |= s[w]!;
        m &= c;
      }
      if (brs) {
        let b = 0;
        for (const s of brs) b |= s[w]!;
        m &= b;
      }
      return m;
    };
    const out: number[] = [];
    for (let i = 0; i < words && out.length < take; i++) {
      const w = backwards ? words - 1 - i : i;
      let m = word(w);
      if (!m) continue;
      const ones = popcount(m);
      if (skip >= ones) {
        skip -= ones;
        continue;
      }
      while (m && out.length < take) {
        const bit = backwards ? 31 - Math.clz32(m) : 31 - Math.clz32(m & -m);
        m &= ~(1 << bit);
        if (skip > 0) skip--;
        else out.push(w * 32 + bit);
      }
    }
    return out;
  }

  private walkList(
    list: Int32Array | undefined,
    key: Key,
    categories: readonly string[],
    brands: readonly string[],
    backwards: boolean,
    skip: number,
    take: number,
  ): number[] {
    const out: number[] = [];
    if (!list) return out;
    const categoryOk = kept(this.categoryCodes, categories);
    const brandOk = kept(this.brandCodes, brands);
    for (let i = 0; i < list.length && out.length < take; i++) {
      const pos = list[backwards ? list.length - 1 - i : i]!;
      const slot = key === 'price' ? pos : this.byTitle[pos]!;
      if (!categoryOk[this.category[slot]!] || !brandOk[this.brand[slot]!]) continue;
      if (skip > 0) skip--;
      else out.push(pos);
    }
    return out;
  }
}

export interface ListingIndexDeps {
  db: Db;
  changes: ChangeFeed;
  logger?: Logger;
  /**
   * No index above this many live products (about 1 KB each with the search data): listings and searches read
   * PostgreSQL instead.
   * 0 turns the index off.
   */
  maxProducts: number;
  /** the shortest time between two builds (default REBUILD_GAP_MS; tests hold a snapshot longer) */
  rebuildGapMs?: number;
}

export class ListingIndex {
  private snapshot: Snapshot | undefined;
  private building: Promise<void> | undefined;
  /** bumped by every change that may move a listing: a build that started before it is thrown away */
  private version = 0;
  /** `products` changes being compared with the snapshot: until they are, listings read PostgreSQL */
  private readonly checks = new Set<Promise<void>>();
  /** products edited since the snapshot was built (at most EDITS_KEPT): answers they may be in read PostgreSQL */
  private readonly edits = new Map<string, Edit>();
  /** products whose stock changed since their figures were read: read again, together, when home next asks */
  private readonly sold = new Set<string>();
  private nextBuildAt = 0;
  /** how long the next try waits after a failed or refused build */
  private retryMs = RETRY_MS;
  private closed = false;
  private readonly unsubscribe: () => void;

  constructor(private readonly deps: ListingIndexDeps) {
    this.unsubscribe = deps.changes.subscribe((change) => this.apply(change));
  }

  /** Whether searches are answered from memory now (`search` answers unless nothing matches). */
  get searchable(): boolean {
    return this.snapshot !== undefined && this.checks.size === 0;
  }

  /**
   * A search page from memory, or undefined while the index is not known to match the database or when no
   * product matches any word (the SQL path answers then).
   */
  search(q: SearchPageQuery): SearchPage | undefined {
    const snapshot = this.snapshot;
    if (!snapshot) {
      this.build();
      return undefined;
    }
    const unaffected = this.unaffected(
      (e) =>
        (e.was !== undefined && snapshot.docMatches(e.was.doc, q.groups)) ||
        (e.now !== undefined && vectorMatches(e.now.sv, q.groups)),
    );
    return unaffected ? snapshot.search(q) : undefined;
  }

  /** The page's ids and the counts, or undefined while the index is not known to match the database. */
  page(q: ListingPageQuery): ListingPage | undefined {
    if (!this.snapshot) {
      this.build();
      return undefined;
    }
    const unaffected = this.unaffected(
      (e) => (e.was !== undefined && listedIn(e.was, q)) || (e.now !== undefined && listedIn(e.now, q)),
    );
    // the page holds no edited product: its ids are the snapshot's, its facets count the edits where they are now
    return unaffected ? this.snapshot.page(q, this.edits.values()) : undefined;
  }

  /**
   * Whether the snapshot answers exactly as a new one would: no change is being checked, and no product edited
   * since it was built `may` be in the answer (its old or its new place or words). While edits wait, the
   * rebuild is started as soon as its gap allows.
   */
  private unaffected(may: (edit: Edit) => boolean): boolean {
    if (this.checks.size) return false;
    if (!this.edits.size) return true;
    this.build();
    for (const edit of this.edits.values()) if (may(edit)) return false;
    return true;
  }

  /**
   * The home rows' figures of every live product, or undefined while the index is not known to match. The
   * figures of products sold since the last call are read first, in one query (sales themselves read nothing).
   */
  async ranking(): Promise<RankingTable | undefined> {
    const snapshot = this.snapshot;
    if (!snapshot) {
      this.build();
      return undefined;
    }
    if (!this.unaffected(() => true)) return undefined; // home ranks every product
    if (this.sold.size) {
      const ids = [...this.sold];
      this.sold.clear();
      try {
        const { rows } = (await this.deps.db.execute(
          sql`select id, ${FIGURES} from products where deleted_at is null and id = any(${`{${ids.join(',')}}`}::uuid[])`,
        )) as unknown as { rows: Figures[] };
        for (const f of rows) snapshot.refigure(f);
      } catch {
        for (const id of ids) this.sold.add(id); // read them next time; home takes the SQL path meanwhile
        return undefined;
      }
    }
    return this.snapshot === snapshot && !this.checks.size && !this.edits.size ? snapshot : undefined;
  }

  /** How many products were edited since the snapshot was built (answers they may be in read PostgreSQL). */
  get edited(): number {
    return this.edits.size;
  }

  /** Waits for the changes being checked (without building). */
  async checked(): Promise<void> {
    await Promise.all(this.checks);
  }

  /**
   * Settles the index now: waits for the changes being checked and builds a snapshot if there is none (at start,
   * and in tests). True when listings are then answered from memory.
   */
  async ready(): Promise<boolean> {
    // a few tries: a build is thrown away when a change arrives while it runs
    for (let tries = 0; tries < 5 && !this.closed; tries++) {
      await Promise.all(this.checks);
      if (this.snapshot && !this.edits.size) return true;
      this.nextBuildAt = 0;
      const running = this.build();
      if (!running) return false;
      await running;
      if (!this.snapshot && !this.checks.size) return false;
    }
    return false;
  }

  close(): void {
    this.closed = true;
    this.unsubscribe();
    this.snapshot = undefined;
  }

  private apply(change: Change) {
    if (change.type === 'banners') return;
    if (!change.ids.length) return this.invalidate();
    if (change.type === 'stock') {
      for (const id of change.ids) this.sold.add(id); // stock moves no listing, only home figures
      return;
    }
    if (!this.snapshot) return void this.version++;
    const check = this.placements(change.ids)
      .then((now) => {
        // compared with the snapshot there is now: one built while this was read holds the change or not
        const snapshot = this.snapshot;
        if (!snapshot) return;
        let edited = false;
        for (const id of change.ids) {
          const reread = now.get(id);
          if (snapshot.holds(id, reread))
            this.edits.delete(id); // as built (again)
          else {
            this.edits.set(id, { was: snapshot.placeOf(id), now: reread });
            edited = true;
          }
        }
        if (this.edits.size > EDITS_KEPT) return this.invalidate();
        // a build under way may have read the catalogue before these edits: it is thrown away
        if (edited) this.version++;
        for (const f of now.values()) snapshot.refigure(f);
      })
      .catch(() => this.invalidate())
      .finally(() => this.checks.delete(check));
    this.checks.add(check);
  }

  /** Forgets the snapshot (a change feed that missed messages): the next listing starts a rebuild. */
  invalidate(): void {
    this.version++;
    this.snapshot = undefined;
    this.edits.clear();
  }

  private async placements(ids: string[]): Promise<Map<string, Reread>> {
    const { rows } = (await this.deps.db
      .execute(sql`select ${PLACEMENT}, search_vector::text as sv, ${FIGURES}
      from products where deleted_at is null and id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`)) as unknown as { rows: Reread[] };
    return new Map(rows.map((r) => [r.id, r]));
  }

  private build(): Promise<void> | undefined {
    if (this.closed) return undefined;
    if (this.building) return this.building;
    if (Date.now() < this.nextBuildAt) return undefined;
    const { maxProducts } = this.deps;
    if (maxProducts === 0) return undefined;
    const version = this.version;
    const started = performance.now();
    const later = () => {
      this.nextBuildAt = Date.now() + this.retryMs;
      this.retryMs = Math.min(this.retryMs * 2, RETRY_MAX_MS);
    };
    this.sold.clear(); // what sold before this build reads is in what it reads
    this.building = (async () => {
      try {
        // the live count from facet_counts (kept by triggers), before reading every product
        const [count] = (
          (await this.deps.db.execute(
            sql`select coalesce(sum(n), 0)::int as n from facet_counts`,
          )) as unknown as { rows: { n: number }[] }
        ).rows;
        if ((count?.n ?? 0) > maxProducts) {
          if (this.retryMs === RETRY_MS)
            this.deps.logger?.warn(
              { products: count?.n, maxProducts },
              'listing index off: more live products than LISTING_INDEX_MAX_PRODUCTS; listings read PostgreSQL',
            );
          return later();
        }
        // one statement, so both orders come from the same moment; the electronics row's candidates, newest
        // first, come from their own partial index (a product created or retitled between the two reads is a
        // `products` change, which this build's version or the next placement check catches)
        const [{ rows }, electronics] = (await Promise.all([
          this.deps.db.execute(sql`select ${PLACEMENT}, search_vector::text as sv,
            (row_number() over (order by title, id) - 1)::int as title_rank, ${FIGURES}
          from products where deleted_at is null order by effective_price_paise, id`),
          this.deps.db.execute(sql`select id from products
            where deleted_at is null and lower(title) ~ ${ELECTRONICS_KEYWORDS.join('|')}
            order by created_at desc, id desc`),
        ])) as unknown as [{ rows: Row[] }, { rows: { id: string }[] }];
        // the search index first, in slices (the largest part of a build at 500,000 products)
        const text = await TextIndex.build(rows, () => new Promise((resolve) => setImmediate(resolve)));
        const snapshot = new Snapshot(
          rows,
          electronics.rows.map((r) => r.id),
          text,
        );
        const took = performance.now() - started;
        const gap = this.deps.rebuildGapMs ?? REBUILD_GAP_MS;
        this.nextBuildAt = Date.now() + Math.max(gap, took * REBUILD_GAP_FACTOR);
        this.retryMs = RETRY_MS;
        if (version === this.version && !this.closed) {
          this.snapshot = snapshot;
          this.edits.clear(); // the build read the catalogue after every edit noted so far
          this.deps.logger?.info({ products: snapshot.size, ms: Math.round(took) }, 'listing index built');
        }
      } catch (err) {
        later();
        if (!this.closed)
          this.deps.logger?.warn({ err }, 'listing index not built; listings read PostgreSQL');
      } finally {
        this.building = undefined;
      }
    })();
    return this.building;
  }
}
