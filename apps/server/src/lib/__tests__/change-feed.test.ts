import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createLocalChangeFeed, createPgChangeFeed, type Change } from '../change-feed';
import { createLogger } from '../logger';
import { createTestDatabase, realPostgresUrl } from '../../../test/db';

const logger = createLogger('silent');

/** Resolves with the first change a feed hears that matches, or rejects after ms. */
const nextChange = (feed: { subscribe(l: (c: Change) => void): () => void }, ms = 3000) =>
  new Promise<Change>((resolve, reject) => {
    const timer = setTimeout(() => {
      off();
      reject(new Error(`no change heard within ${ms} ms`));
    }, ms);
    const off = feed.subscribe((c) => {
      clearTimeout(timer);
      off();
      resolve(c);
    });
  });

const until = async (fn: () => boolean, ms = 5000) => {
  const t0 = Date.now();
  while (!fn()) {
    if (Date.now() - t0 > ms) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe('the local change feed', () => {
  it('when a change is published, then every subscriber hears it at once and an unsubscribed one does not', () => {
    const feed = createLocalChangeFeed();
    const heard: Change[] = [];
    const other: Change[] = [];
    feed.subscribe((c) => heard.push(c));
    const off = feed.subscribe((c) => other.push(c));
    off();
    feed.publish({ type: 'stock', ids: ['a'] });
    expect(heard).toEqual([{ type: 'stock', ids: ['a'] }]);
    expect(other).toEqual([]);
  });

  it('when a subscriber throws, then the others still hear the change', () => {
    const feed = createLocalChangeFeed(logger);
    const heard: Change[] = [];
    feed.subscribe(() => {
      throw new Error('boom');
    });
    feed.subscribe((c) => heard.push(c));
    feed.publish({ type: 'banners' });
    expect(heard).toEqual([{ type: 'banners' }]);
  });
});

describe.skipIf(!realPostgresUrl())(
  'the PostgreSQL change feed (two instances on one database)',
  async () => {
    // vitest collects a skipped suite's body too: nothing to set up without PostgreSQL
    if (!realPostgresUrl()) return;
    const database = await createTestDatabase();
    const url = database.url!;
    const resyncs = { a: 0, b: 0 };
    const a = createPgChangeFeed({ url, pool: database.pool!, logger, onResync: () => resyncs.a++ });
    const b = createPgChangeFeed({ url, pool: database.pool!, logger, onResync: () => resyncs.b++ });
    afterAll(async () => {
      await a.close();
      await b.close();
      await database.close();
    });
    await until(() => a.listening && b.listening);

    it('when A publishes, then A hears it at once and B through NOTIFY, and A does not hear its own echo', async () => {
      const heardByA: Change[] = [];
      a.subscribe((c) => heardByA.push(c));
      const atB = nextChange(b);
      a.publish({ type: 'products', ids: ['p1', 'p2'] });
      expect(heardByA).toEqual([{ type: 'products', ids: ['p1', 'p2'] }]);
      expect(await atB).toEqual({ type: 'products', ids: ['p1', 'p2'] });
      await new Promise((r) => setTimeout(r, 200));
      expect(heardByA).toHaveLength(1);
    });

    it('when a change names more ids than one NOTIFY may carry, then B hears all of them in parts', async () => {
      const ids = Array.from(
        { length: 250 },
        (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
      );
      const heard: string[] = [];
      const off = b.subscribe((c) => c.type === 'stock' && heard.push(...c.ids));
      a.publish({ type: 'stock', ids });
      await until(() => heard.length === ids.length);
      off();
      expect(heard.sort()).toEqual(ids);
    });

    it("when the database ends B's LISTEN connection, then B reconnects by itself, resyncs once and hears changes again", async () => {
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      try {
        await admin.query(
          `select pg_terminate_backend(pid) from pg_stat_activity
         where datname = current_database() and pid <> pg_backend_pid() and query ilike 'LISTEN%'`,
        );
      } finally {
        await admin.end();
      }
      await until(() => resyncs.b >= 1 && b.listening);
      const atB = nextChange(b);
      a.publish({ type: 'banners' });
      expect(await atB).toEqual({ type: 'banners' });
    });
  },
);
