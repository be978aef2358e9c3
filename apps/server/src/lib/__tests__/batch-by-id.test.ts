import { describe, expect, it } from 'vitest';
import { batchById } from '../batch-by-id';

/** A reader over a fixed table that records every statement it was asked to run. */
function table(rows: Record<string, string>, fail = false) {
  const statements: string[][] = [];
  const read = batchById(async (ids) => {
    statements.push([...ids]);
    if (fail) throw new Error('connection lost');
    return new Map(ids.flatMap((id) => (id in rows ? [[id, rows[id]!] as const] : [])));
  });
  return { read, statements };
}

describe('batchById', () => {
  it('answers every read asked for in one turn from one statement, a missing id as undefined', async () => {
    const { read, statements } = table({ a: 'apple', b: 'banana' });
    // two requests' reads: one asked at once, one from a request parsed later in the same turn (after the
    // first one's microtasks and next-tick callbacks have run)
    const first = read('a');
    const second = new Promise<string | undefined>((resolve) =>
      process.nextTick(() => queueMicrotask(() => resolve(read('b')))),
    );
    const missing = read('zzz');
    expect(await Promise.all([first, second, missing])).toEqual(['apple', 'banana', undefined]);
    expect(statements).toEqual([['a', 'zzz', 'b']]);
  });

  it('reads again on the next turn (nothing is memoized) and fails every read of a failed batch', async () => {
    const { read, statements } = table({ a: 'apple' });
    await read('a');
    await read('a');
    expect(statements).toEqual([['a'], ['a']]);

    const broken = table({ a: 'apple' }, true);
    const results = await Promise.allSettled([broken.read('a'), broken.read('b')]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(broken.statements).toHaveLength(1);
  });
});
