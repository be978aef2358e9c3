/** The micro-cache's bound (micro-cache.ts): when it is full, the answer asked for least recently goes first. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createMicroCache } from '../micro-cache';

describe('the micro-cache when full', () => {
  it('when a third answer is stored in a cache of two, then the one asked for least recently is a miss again', async () => {
    const cache = createMicroCache({
      rules: [{ path: /^\/p\/\w+$/, route: '/p/:id', params: [], ttlMs: 60_000 }],
      generation: () => 0,
      unaffected: () => true,
      setsUnsettled: () => false,
      subscribe: () => () => undefined,
      maxEntries: 2,
      lane: {
        readers: { '/p/:id': async (path) => ({ kind: 'item', ids: [], body: JSON.stringify({ path }) }) },
        headers: {},
        etag: () => undefined,
      },
    });
    const handler = (req: IncomingMessage, res: ServerResponse) => {
      if (!cache.serve(req, res)) void cache.answer(req, res);
    };
    const served = async (path: string) => (await request(handler).get(path)).headers['x-cache'];
    expect([await served('/p/popular'), await served('/p/once'), await served('/p/popular')]).toEqual([
      'MISS',
      'MISS',
      'HIT',
    ]);
    await served('/p/new'); // full: 'once' goes, not 'popular'
    expect([await served('/p/popular'), await served('/p/once')]).toEqual(['HIT', 'MISS']);
  });
});
