/**
 * The in-process cache of catalogue answers (listing pages, search pages, product details, home rows, facet
 * counts), wired once in deps.ts and invalidated by the change feed, entry by entry (docs/search-and-listing.md):
 *
 * - every entry records the products it shows; a `stock` or `products` change drops exactly the entries that
 *   show one of those products, so a sold-out product never stays "in stock" in a cached answer. Listing and
 *   search pages are kept instead, marked stale, and served again only after their products are read afresh
 *   (`refresh`: the changed ones from the database, the others as other answers show them): which products a
 *   page holds and in what order does not depend on stock or ratings;
 * - `set` entries (listings, searches, home, counts) also depend on which products match and in what order.
 *   Stock neither filters nor orders them, so a stock change leaves every other set alone. A `products` change
 *   may move products between sets (create, delete, a new title, price, brand or category): the cache reads the
 *   changed products back and empties the sets only when one of them is new, gone, or no longer matches what
 *   this cache last showed of it. A review or a wishlist add (counters only) therefore drops only the answers
 *   that show that product. While that check runs, set answers are computed fresh and not stored.
 * - entries also expire after their TTL, which bounds ranking drift (home rows re-rank on stock and units sold).
 * - an answer computed while changes arrived is stored only if none of them can have touched it (`unaffected`):
 *   a stock change to a product it does not show leaves it current; any other change to a set, or any change to a
 *   product it shows, means it is served once and not stored.
 */
import { and, inArray, isNull } from 'drizzle-orm';
import type { ProductDto } from '@mp/shared';
import type { Db } from '../../db/client';
import { products } from '../../db/schema';
import type { Change, ChangeFeed } from '../../lib/change-feed';
import type { Dropped } from '../../lib/micro-cache';
import { productColumns, toProductDto } from './products/product.mapper';

export type EntryKind = 'item' | 'set';

interface Entry {
  value: unknown;
  expiresAt: number;
  kind: EntryKind;
  ids: readonly string[];
  /** a set whose products can be read again (CacheOptions.refresh) instead of it being dropped */
  refreshable: boolean;
  /** a product it shows changed: served only after `refresh` has read its products again */
  stale?: boolean;
}

export interface CacheOptions<T> {
  kind: EntryKind;
  /** the products this answer shows */
  products: (value: T) => readonly ProductDto[];
  /**
   * The same answer with its products read again (sets only): when a product it shows changes without moving
   * (stock, rating), the answer is kept and refreshed by this instead of computed again.
   */
  refresh?: (value: T) => Promise<T>;
}

/**
 * A change as `unaffected` weighs it: the products it names (undefined: every product), and whether it may move
 * products between sets.
 */
interface Logged {
  epoch: number;
  ids?: ReadonlySet<string>;
  movesSets: boolean;
}
/** How many recent changes are remembered; an answer whose computation outlived more is not stored. */
const CHANGE_LOG_SIZE = 512;

/** The fields that decide which listings and searches a product appears in, and where. */
const placement = (p: ProductDto) =>
  JSON.stringify([p.title, p.category, p.brand, p.price, p.salePrice, p.description]);

export class CatalogCache {
  private entries = new Map<string, Entry>();
  private pending = new Map<string, Promise<unknown>>();
  private byProduct = new Map<string, Set<string>>();
  /** every product shown by a stored entry, as this cache last saw it (its placement is compared on a change) */
  private seen = new Map<string, ProductDto>();
  private epoch = 0;
  /** the last CHANGE_LOG_SIZE changes, oldest first */
  private log: Logged[] = [];
  private checking = 0;
  private listeners = new Set<(dropped: Dropped) => void>();
  /**
   * lookups answered from memory or by a computation already under way (hits), or computed (misses); products
   * an answer being computed took from a stored answer (`shown`) or had to read (`shownMisses`)
   */
  readonly stats = { hits: 0, misses: 0, shownHits: 0, shownMisses: 0 };
  private readonly unsubscribe: () => void;

  constructor(
    private readonly db: Db,
    changes: ChangeFeed,
    private readonly maxEntries = 5000,
  ) {
    this.unsubscribe = changes.subscribe((change) => this.apply(change));
  }

  /** Bumped by every change: an answer computed across a change is served but not stored. */
  get generation(): number {
    return this.epoch;
  }

  /**
   * Whether an answer of this kind showing these products, computed from generation `since`, is still current:
   * every change since then was a stock change to products it does not show (stock neither filters nor orders
   * sets). Otherwise it is served to the caller that computed it and not stored.
   */
  unaffected(since: number, kind: EntryKind, ids: readonly string[]): boolean {
    if (since === this.epoch) return true;
    const first = this.log[0];
    if (!first || first.epoch > since + 1) return false; // older than what the log remembers
    // the log holds consecutive epochs: the changes since `since` are its tail
    for (let i = since + 1 - first.epoch; i < this.log.length; i++) {
      const c = this.log[i]!;
      if (!c.ids || (c.movesSets && kind === 'set')) return false;
      for (const id of ids) if (c.ids.has(id)) return false;
    }
    return true;
  }

  private bump(logged: Omit<Logged, 'epoch'>) {
    this.epoch++;
    this.log.push({ ...logged, epoch: this.epoch });
    if (this.log.length > CHANGE_LOG_SIZE) this.log.shift();
  }

  /** True while a `products` change is being checked: set answers must not be served from a cache. */
  get setsUnsettled(): boolean {
    return this.checking > 0;
  }

  onDrop(listener: (dropped: Dropped) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  close(): void {
    this.unsubscribe();
    this.clear();
  }

  clear(): void {
    this.bump({ movesSets: true });
    this.entries.clear();
    this.pending.clear();
    this.byProduct.clear();
    this.seen.clear();
    this.emit({ all: true });
  }

  get size(): number {
    return this.entries.size;
  }

  /**
   * The product as a stored answer shows it: as current as every cached answer (a change to it drops them and
   * this with them), so another answer may show it without reading it again.
   */
  shown(id: string): ProductDto | undefined {
    const p = this.seen.get(id);
    if (p) this.stats.shownHits++;
    else this.stats.shownMisses++;
    return p;
  }

  /** The cached value for key, or computes it once (concurrent callers share the same computation). */
  async get<T>(key: string, ttlMs: number, compute: () => Promise<T>, opts: CacheOptions<T>): Promise<T> {
    if (opts.kind === 'set' && this.checking) {
      this.stats.misses++;
      return compute();
    }
    const hit = this.entries.get(key);
    const now = Date.now();
    if (hit && hit.expiresAt > now && !hit.stale) {
      this.stats.hits++;
      // least recently used goes first when the cache is full: a hit moves the entry to the back
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit.value as T;
    }
    const running = this.pending.get(key);
    if (running) {
      this.stats.hits++; // shares a computation already under way
      return running as Promise<T>;
    }
    this.stats.misses++;
    // a stale answer is refreshed within its own lifetime (its membership and order stay as computed)
    const refresh = hit && hit.expiresAt > now && opts.refresh;
    if (hit && !refresh) this.remove(key);
    const epoch = this.epoch;
    const promise = (refresh ? refresh(hit.value as T) : compute()).then(
      (value) => {
        if (this.pending.get(key) === promise) this.pending.delete(key);
        if (
          !(opts.kind === 'set' && this.checking) &&
          this.unaffected(
            epoch,
            opts.kind,
            opts.products(value).map((p) => p._id),
          )
        )
          this.store(key, value, refresh ? hit.expiresAt - Date.now() : ttlMs, opts);
        return value;
      },
      (err: unknown) => {
        if (this.pending.get(key) === promise) this.pending.delete(key);
        throw err;
      },
    );
    this.pending.set(key, promise);
    return promise;
  }

  private store<T>(key: string, value: T, ttlMs: number, opts: CacheOptions<T>) {
    if (this.entries.has(key)) this.remove(key);
    if (this.entries.size >= this.maxEntries) this.remove(this.entries.keys().next().value!);
    const shown = opts.products(value);
    const ids = shown.map((p) => p._id);
    this.entries.set(key, {
      value,
      expiresAt: Date.now() + ttlMs,
      kind: opts.kind,
      ids,
      refreshable: opts.refresh !== undefined,
    });
    for (const p of shown) {
      this.seen.set(p._id, p);
      let keys = this.byProduct.get(p._id);
      if (!keys) this.byProduct.set(p._id, (keys = new Set()));
      keys.add(key);
    }
  }

  private remove(key: string) {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    for (const id of entry.ids) {
      const keys = this.byProduct.get(id);
      keys?.delete(key);
      if (keys && !keys.size) {
        this.byProduct.delete(id);
        this.seen.delete(id);
      }
    }
  }

  private emit(dropped: Dropped) {
    for (const listener of this.listeners) listener(dropped);
  }

  /** Answers showing these products: sets that can refresh are marked stale, the others dropped. */
  private dropProducts(ids: readonly string[]) {
    for (const id of ids)
      for (const key of [...(this.byProduct.get(id) ?? [])]) {
        const entry = this.entries.get(key)!;
        if (entry.refreshable) entry.stale = true;
        else this.remove(key);
      }
    for (const id of ids) this.seen.delete(id);
    this.emit({ ids: new Set(ids) });
  }

  private dropSets() {
    for (const [key, entry] of [...this.entries]) if (entry.kind === 'set') this.remove(key);
    this.pending.clear();
    this.emit({ sets: true });
  }

  private apply(change: Change) {
    // no catalogue answer shows banners, store fields or delivery settings
    if (change.type === 'banners' || change.type === 'stores' || change.type === 'delivery') return;
    // suggestions show brand labels and offer only listed brands; brand changes are rare admin acts
    if (change.type === 'brands') return this.clear();
    // no ids: a writer that cannot say what it changed (or a feed that missed messages) — drop everything
    if (change.ids.length === 0) return this.clear();
    this.bump({ ids: new Set(change.ids), movesSets: change.type !== 'stock' });
    // what the sets showed of these products, before the entries holding them are dropped
    const before = change.ids.map((id) => {
      const p = this.seen.get(id);
      return p && placement(p);
    });
    this.dropProducts(change.ids);
    if (change.type === 'products') void this.checkPlacement(change.ids, before);
  }

  /** Empties the sets unless every changed product is still live and placed exactly as the sets showed it. */
  private async checkPlacement(ids: string[], before: (string | undefined)[]) {
    this.checking++;
    try {
      const rows = ids.length
        ? await this.db
            .select(productColumns)
            .from(products)
            .where(and(inArray(products.id, ids), isNull(products.deletedAt)))
            .then((r) => r.map(toProductDto))
        : [];
      const now = new Map(rows.map((p) => [p._id, p]));
      const moved = ids.some((id, i) => {
        const p = now.get(id);
        return !before[i] || !p || placement(p) !== before[i];
      });
      if (moved) this.dropSets();
    } catch {
      this.dropSets();
    } finally {
      this.checking--;
    }
  }
}
