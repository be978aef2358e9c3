/**
 * A small in-process cache for read-heavy catalogue answers (shop listing facets, home sections).
 * Every product write made through this module bumps the version, which empties it at once; entries also
 * expire after a short TTL so changes made elsewhere (stock and units sold from orders, another process)
 * show up within seconds. One cache per database handle, so each test file gets its own.
 */
import type { Db } from '../../db/client';

interface Entry {
  value: unknown;
  expiresAt: number;
}

export class CatalogCache {
  private entries = new Map<string, Entry>();
  private pending = new Map<string, Promise<unknown>>();
  private version = 0;

  constructor(private readonly maxEntries = 5000) {}

  /** Bumped by every invalidation: anything derived from the catalogue is stale once this changes. */
  get generation(): number {
    return this.version;
  }

  invalidate(): void {
    this.version++;
    this.entries.clear();
    this.pending.clear();
  }

  /** The cached value for key, or computes it once (concurrent callers share the same computation). */
  async get<T>(key: string, ttlMs: number, compute: () => Promise<T>): Promise<T> {
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.expiresAt > now) return hit.value as T;
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

/** Call after changing products outside the catalog module (e.g. stock or units sold) to drop cached answers. */
export function invalidateCatalog(db: Db): void {
  caches.get(db)?.invalidate();
}
