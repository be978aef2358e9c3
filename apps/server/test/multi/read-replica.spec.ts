/**
 * Catalogue reads on a read replica (docs/operations.md, "Read replica"): a PostgreSQL server this file starts, a
 * real streaming standby of it (pg_basebackup), and a real instance with DATABASE_URL on the primary and
 * DATABASE_READ_URL on the standby. What a caller notices: a seller's edit is shown by the very next read even while
 * the standby is behind, catalogue reads put no load on the primary, a primary restart or a lost standby leaves
 * catalogue reads answering, and /metrics tells where reads go and how far behind the standby is.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  productEditBody,
  sleep,
  startInstance,
  startLoad,
  stopAll,
  waitReady,
  type Instance,
  soldAsOne,
} from './cluster';
import { startOwnPostgres, startStandby, type OwnPostgres } from './own-postgres';

const SELLER = { email: 'seller@haat.test', password: 'Seller@123' };

let primary: OwnPostgres;
let standby: OwnPostgres;
let app: Instance;
const onStandby = () =>
  new pg.Client({ connectionString: standby.url.replace(/\/postgres$/, '/mp_replica') });

beforeAll(async () => {
  primary = await startOwnPostgres();
  const admin = new pg.Client({ connectionString: primary.url });
  await admin.connect();
  await admin.query('create database mp_replica');
  // every statement is logged, here and on the standby (which copies this setting): the log shows which server
  // answered a read
  await admin.query(`alter system set log_statement = 'all'`);
  await admin.query('select pg_reload_conf()');
  await admin.end();
  standby = await startStandby(primary);
  app = await startInstance('R', {
    DATABASE_URL: primary.url.replace(/\/postgres$/, '/mp_replica'),
    DATABASE_READ_URL: standby.url.replace(/\/postgres$/, '/mp_replica'),
    SEED_DEMO: 'true',
    DATABASE_CONNECT_TIMEOUT_MS: '1000',
  });
  await waitReady(app);
});

afterAll(async () => {
  await stopAll();
  standby?.stop();
  primary?.stop();
});

interface ProductJson {
  _id: string;
  title: string;
  price: number;
  [field: string]: unknown;
}

async function getJson<T = { data: ProductJson[] | ProductJson }>(
  path: string,
  headers: Record<string, string> = {},
) {
  const res = await fetch(`${app.base}${path}`, { headers });
  return { status: res.status, body: (await res.json()) as T };
}

/** /metrics as name{labels} → value. */
async function metrics(): Promise<Map<string, number>> {
  const text = await (await fetch(`${app.base}/metrics`)).text();
  const out = new Map<string, number>();
  for (const line of text.split('\n')) {
    const m = /^(mp_(?:db_replica|catalog_read)\w*(?:\{[^}]*\})?) (\S+)$/.exec(line);
    if (m) out.set(m[1]!, Number(m[2]));
  }
  return out;
}
/** Polls /metrics (rendered at most every 5 s) until `ok` holds; fails after limitMs. */
async function metricsUntil(ok: (m: Map<string, number>) => boolean, limitMs = 15_000) {
  const t0 = Date.now();
  for (;;) {
    const m = await metrics();
    if (ok(m)) return m;
    if (Date.now() - t0 > limitMs)
      throw new Error(`metrics not as expected after ${limitMs} ms:\n${[...m].join('\n')}\n${app.output()}`);
    await sleep(250);
  }
}
const waitForState = (state: 'healthy' | 'behind' | 'down') =>
  metricsUntil((m) => m.get(`mp_db_replica_state{state="${state}"}`) === 1);

/** The statements a server logged between two marks that read the catalogue's tables. */
function catalogueStatements(server: OwnPostgres, from: string, to: string): string[] {
  const log = server.log();
  const between = log.slice(log.indexOf(from), log.indexOf(to));
  return between
    .split(/\n(?=\d{4}-\d\d-\d\d )/)
    .filter((entry) => /LOG: {2}(statement|execute)/.test(entry))
    .filter((entry) => /\b(products|sellers|facet_counts|search_words)\b/.test(entry));
}

async function loginSeller(): Promise<{ cookie: string; userId: string }> {
  const res = await fetch(`${app.base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(SELLER),
  });
  const body = (await res.json()) as { user: { id: string } };
  if (res.status !== 200) throw new Error(`login failed: ${res.status}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return { cookie, userId: body.user.id };
}

/** PUT /api/seller/products/edit/:id with the product's fields and the changes. */
async function sellerEdit(cookie: string, product: ProductJson, changes: Record<string, unknown>) {
  return fetch(`${app.base}/api/seller/products/edit/${product._id}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', cookie, origin: app.base },
    body: productEditBody(product, changes),
  });
}

/** A burst of catalogue reads no cache has answered yet: every product's detail, listing pages, searches. */
async function coldReads(ids: string[], tag: string): Promise<number[]> {
  const paths = [
    ...ids.map((id) => `/api/shop/products/get/${id}?${tag}`),
    ...[1, 2, 3, 4, 5, 6].map((page) => `/api/shop/products/get?page=${page}&limit=${7 + (tag.length % 5)}`),
    ...['phone', 'shirt', 'watch', 'shoe', 'laptop', tag].map(
      (w) => `/api/shop/product/search/search-product/${w}`,
    ),
  ];
  return Promise.all(paths.map(async (p) => (await fetch(`${app.base}${p}`)).status));
}

let productIds: string[] = [];

describe('catalogue reads on a streaming replica', () => {
  it('when the replica has caught up, then catalogue reads run on it and put no load on the primary', async () => {
    await waitForState('healthy');
    const listed = await getJson<{ data: ProductJson[] }>('/api/shop/products/get?limit=40');
    productIds = listed.body.data.map((p) => p._id);
    const mark = async (server: OwnPostgres, text: string) => {
      const c = new pg.Client({ connectionString: server.url });
      await c.connect();
      await c.query(`select '${text}'`);
      await c.end();
    };
    await Promise.all([mark(primary, 'burst:start'), mark(standby, 'burst:start')]);
    const statuses = await coldReads(productIds, 'burst');
    await Promise.all([mark(primary, 'burst:end'), mark(standby, 'burst:end')]);
    expect(statuses.every((x) => x === 200)).toBe(true);
    expect(catalogueStatements(primary, 'burst:start', 'burst:end')).toEqual([]);
    // the standby answered them (details read together are one statement; facet counts are shared by pages)
    const standbyReads = catalogueStatements(standby, 'burst:start', 'burst:end');
    expect(standbyReads.filter((e) => e.includes('catalog_product_details')).length).toBeGreaterThan(0);
    expect(standbyReads.length).toBeGreaterThanOrEqual(8);
    await metricsUntil((m) => (m.get('mp_catalog_read_queries_total{target="replica"}') ?? 0) > 0);
  });

  it('when a seller edits a product while the replica replays nothing, then the next reads show the edit and /metrics shows the lag', async () => {
    const { cookie, userId } = await loginSeller();
    const own = await getJson<{ data: ProductJson[] }>(`/api/seller/products/get/${userId}`, { cookie });
    const product = own.body.data.find(soldAsOne)!;
    const s = onStandby();
    await s.connect();
    try {
      await s.query('select pg_wal_replay_pause()');
      const title = `Replica proof ${Date.now().toString(36)}`;
      const word = title.split(' ').at(-1)!;
      expect(
        (await sellerEdit(cookie, product, { title, price: 1, salePrice: null, discount: 0 })).status,
      ).toBe(200);
      // the very next reads, on the instance the seller wrote through
      const detail = await getJson<{ data: ProductJson }>(`/api/shop/products/get/${product._id}`);
      expect([detail.body.data.title, detail.body.data.price]).toEqual([title, 1]);
      const cheapest = await getJson<{ data: ProductJson[] }>(
        '/api/shop/products/get?sortBy=price-lowtohigh&limit=3',
      );
      expect([cheapest.body.data[0]!._id, cheapest.body.data[0]!.title]).toEqual([product._id, title]);
      const found = await getJson<{ data: ProductJson[] }>(`/api/shop/product/search/search-product/${word}`);
      expect(found.body.data.map((p) => p.title)).toEqual([title]);
      // the standby really is behind: it still has the old title
      const old = await s.query<{ title: string }>('select title from products where id = $1', [product._id]);
      expect(old.rows[0]!.title).toBe(product.title);
      // a probe measures the lag every 2 s
      await metricsUntil(
        (m) =>
          m.get('mp_db_replica_state{state="behind"}') === 1 &&
          (m.get('mp_db_replica_lag_bytes') ?? 0) > 0 &&
          (m.get('mp_db_replica_lag_seconds') ?? 0) > 0,
      );
    } finally {
      await s.query('select pg_wal_replay_resume()');
      await s.end();
    }
    // replaying again: reads go back to the standby, which now shows the edit too
    await waitForState('healthy');
    const detail = await getJson<{ data: ProductJson }>(`/api/shop/products/get/${product._id}?again`);
    expect(detail.body.data.price).toBe(1);
  });

  it('when the primary restarts, then catalogue reads keep answering from the replica', async () => {
    await waitForState('healthy');
    // listing pages of many sizes: answers no cache holds yet, so most of them are read from a database
    const urls = Array.from(
      { length: 240 },
      (_, i) => `${app.base}/api/shop/products/get?limit=${1 + (i % 24)}&page=${1 + Math.floor(i / 24)}`,
    );
    const load = startLoad(urls, 4);
    await sleep(300);
    await primary.restart();
    await sleep(500);
    const results = await load.stop();
    expect(results.length).toBeGreaterThan(0);
    expect(results.filter((r) => r.status !== 200)).toEqual([]);
    expect(app.alive()).toBe(true);
  });

  it('when the replica stops, then catalogue reads answer from the primary at once and the failure is logged once', async () => {
    await waitForState('healthy');
    const before = (await metrics()).get('mp_catalog_read_queries_total{target="primary"}') ?? 0;
    standby.stop();
    const statuses = [
      ...(await coldReads(productIds, 'gone')),
      ...(await coldReads(productIds, 'gone-again')),
    ];
    expect(statuses.filter((x) => x !== 200)).toEqual([]);
    await metricsUntil(
      (m) =>
        m.get('mp_db_replica_state{state="down"}') === 1 &&
        (m.get('mp_catalog_read_queries_total{target="primary"}') ?? 0) > before,
    );
    expect(app.output().match(/read replica failed/g)).toHaveLength(1);
  });
});
