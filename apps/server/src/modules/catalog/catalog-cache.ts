/**
 * A small in-process cache for read-heavy catalogue answers (shop listing facets, home sections).
 * Every catalogue write is published on the change feed (lib/change-feed.ts), which reaches this cache in every
 * instance — here at once, elsewhere through PostgreSQL NOTIFY — and bumps the version, which empties it; entries
 * also expire after a short TTL as a backstop. One cache per database handle, so each test file gets its own.
 */
import type { Db } from '../../db/client';
import type { Change, ChangeFeed } from '../../lib/change-feed';

interface Entry {
  value: unknown;
  expiresAt: number;
}

export class CatalogCache {
  private entries = new Map<string, Entry>();
  private pending = new Map<string, Promise<unknown>>();
  private version = 0;
  private feed: ChangeFeed | undefined;
  private unsubscribe: (() => void) | undefined;
  /** lookups answered from memory / computed, for the metrics */
  hits = 0;
  misses = 0;

  constructor(private readonly maxEntries = 5000) {}

  /** Publishes this cache's invalidations on feed and empties it on every change any instance publishes. */
  connect(feed: ChangeFeed): void {
    this.unsubscribe?.();
    this.feed = feed;
    this.unsubscribe = feed.subscribe(() => this.clear());
  }

  /** Bumped by every invalidation: anything derived from the catalogue is stale once this changes. */
  get generation(): number {
    return this.version;
  }

  /** A catalogue write committed: tell every instance (an empty id list means "unknown, drop everything"). */
  invalidate(change: Change = { type: 'products', ids: [] }): void {
    if (this.feed) this.feed.publish(change);
    else this.clear();
  }

  /** Drops every entry; anything computed before this is not stored. */
  clear(): void {
    this.version++;
    this.entries.clear();
    this.pending.clear();
  }

  /** The cached value for key, or computes it once (concurrent callers share the same computation). */
  async get<T>(key: string, ttlMs: number, compute: () => Promise<T>): Promise<T> {
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.expiresAt > now) {
      this.hits++;
      return hit.value as T;
    }
    this.misses++;
    const running = this.pending.get(key);
    if (running) return running as Promise<T>;
    const version = this.version;
    const promise = compute().then(
      (value) => {
        if (this.pending.get(key) === promise) this.pending.delete(key);
        if (version === this.version) {
          if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
          this.entries.set(key, { value, expiresAt: Date.now() + ttlMs });
        }
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
}

const caches = new WeakMap<object, CatalogCache>();

export function catalogCache(db: Db): CatalogCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = new CatalogCache();
    caches.set(db, cache);
  }
  return cache;
}

/**
 * Call after committing changes to products outside the catalog module (e.g. stock or units sold): drops cached
 * answers here and, through the change feed, in every other instance.
 */
export function invalidateCatalog(db: Db, change: Change = { type: 'stock', ids: [] }): void {
  catalogCache(db).invalidate(change);
}
