/** The catalogue cache's bound (catalog-cache.ts): when it is full, the answer used least recently goes first. */
import { describe, expect, it } from 'vitest';
import type { Db } from '../../../db/client';
import { createLocalChangeFeed } from '../../../lib/change-feed';
import { CatalogCache } from '../catalog-cache';

describe('the catalogue cache when full', () => {
  it('when a third answer is stored in a cache of two, then the one asked for least recently is computed again', async () => {
    const cache = new CatalogCache({} as Db, createLocalChangeFeed(), 2);
    const computed: string[] = [];
    const get = (key: string) =>
      cache.get(
        key,
        60_000,
        async () => {
          computed.push(key);
          return key;
        },
        { kind: 'set', products: () => [] },
      );
    await get('popular');
    await get('once');
    await get('popular'); // a hit: popular is now the most recently used
    await get('new'); // the cache is full: 'once' goes, not 'popular'
    await get('popular');
    await get('once');
    expect(computed).toEqual(['popular', 'once', 'new', 'once']);
    cache.close();
  });
});
