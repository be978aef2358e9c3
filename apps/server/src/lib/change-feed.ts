/**
 * What changed in the catalogue, told to every cache that holds it (docs/search-and-listing.md). Write sites
 * publish after their transaction commits; caches subscribe and drop only what the change touches.
 * This is the in-process feed; the cross-instance transport implements the same interface.
 */
export type Change =
  | { type: 'products'; ids: string[] } // catalogue fields of these products changed (create, edit, delete, rating)
  | { type: 'stock'; ids: string[] } // stock or units sold of these products changed
  | { type: 'banners' };

export interface ChangeFeed {
  /** delivers to this process's subscribers at once and to every other instance (H3: PostgreSQL NOTIFY) */
  publish(change: Change): void;
  subscribe(listener: (change: Change) => void): () => void;
  close(): Promise<void>;
}

/** In-process only (PGlite, tests, a single instance). */
export function createLocalChangeFeed(): ChangeFeed {
  const listeners = new Set<(change: Change) => void>();
  return {
    publish(change) {
      for (const listener of [...listeners]) listener(change);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close: async () => listeners.clear(),
  };
}
