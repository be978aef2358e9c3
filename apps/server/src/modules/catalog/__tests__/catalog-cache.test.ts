/**
 * The catalogue cache (catalog-cache.ts): when it is full, the answer used least recently goes first; an answer
 * computed while changes arrive is stored only when none of them can have touched it.
 */
import type { ProductDto } from '@mp/shared';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../../db/client';
import { createLocalChangeFeed, type Change } from '../../../lib/change-feed';
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

describe('an answer computed while the catalogue changes', () => {
  /**
   * Computes a set showing product "shown" while `change` arrives, then asks again: how many times it was
   * computed (1: the first computation was stored; 2: it was served once and not stored).
   */
  async function computations(change: Change, kind: 'set' | 'item' = 'set'): Promise<number> {
    const feed = createLocalChangeFeed();
    const cache = new CatalogCache({} as Db, feed);
    let computed = 0;
    const get = () =>
      cache.get(
        'page',
        60_000,
        async () => {
          computed++;
          if (computed === 1) feed.publish(change); // arrives while the first computation runs
          await new Promise((r) => setTimeout(r, 1));
          return 'page';
        },
        { kind, products: () => [{ _id: 'shown' } as ProductDto] },
      );
    await get();
    await new Promise((r) => setTimeout(r, 5)); // a products change is checked (and fails: no database here)
    await get();
    cache.close();
    return computed;
  }

  it('when another product sells meanwhile, then the answer is stored and the next ask is a hit', async () => {
    expect(await computations({ type: 'stock', ids: ['other'] })).toBe(1);
    expect(await computations({ type: 'stock', ids: ['other'] }, 'item')).toBe(1);
  });

  it('when a product it shows sells meanwhile, then it is served once and computed again on the next ask', async () => {
    expect(await computations({ type: 'stock', ids: ['other', 'shown'] })).toBe(2);
    expect(await computations({ type: 'stock', ids: ['shown'] }, 'item')).toBe(2);
  });

  it('when any product is edited meanwhile, then a set is not stored (products may have moved between sets)', async () => {
    expect(await computations({ type: 'products', ids: ['other'] })).toBe(2);
  });

  it('when a writer cannot say what changed, then nothing computed meanwhile is stored', async () => {
    expect(await computations({ type: 'stock', ids: [] }, 'item')).toBe(2);
  });
});
