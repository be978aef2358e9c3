/**
 * Several instances on one PostgreSQL database (docs/operations.md, "Several instances"): real server processes,
 * a real PostgreSQL, a real S3-compatible server. Run by .ci/run after the API tests.
 */
import { connect } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pngBytes } from '../../src/modules/catalog/__tests__/catalog-fixtures';
import { startLocalS3, type LocalS3 } from '../s3';
import {
  createEmptyDatabase,
  login,
  productEditBody,
  sleep,
  startInstance,
  startLoad,
  stopAll,
  waitReady,
  type Instance,
  soldAsOne,
} from './cluster';

const ADMIN = { email: 'boss@multi.test', password: 'boss-password-123' };

let s3: LocalS3;
let database: Awaited<ReturnType<typeof createEmptyDatabase>>;
let a: Instance;
let b: Instance;

beforeAll(async () => {
  s3 = await startLocalS3();
  database = await createEmptyDatabase();
});

afterAll(async () => {
  await stopAll();
  await database?.drop();
  await s3?.close();
});

const env = () => ({
  DATABASE_URL: database.url,
  ...s3.env,
  ADMIN_EMAIL: ADMIN.email,
  ADMIN_PASSWORD: ADMIN.password,
  SEED_DEMO: 'true',
  // the login limit below is the product's default; behind one trusted proxy, X-Forwarded-For names the client
  LOGIN_RATE_LIMIT: '10',
  TRUST_PROXY: '1',
});

interface ProductJson {
  _id: string;
  title: string;
  image: string;
  [field: string]: unknown;
}
interface Body {
  data: ProductJson[] | ProductJson;
  pagination: { total: number };
}

const getJson = async (instance: Instance, path: string, headers: Record<string, string> = {}) => {
  const res = await fetch(`${instance.base}${path}`, { headers });
  return { status: res.status, headers: res.headers, body: (await res.json()) as Body };
};

async function firstProduct(instance: Instance): Promise<ProductJson> {
  const { data } = (await getJson(instance, '/api/shop/products/get?limit=40')).body;
  const product = Array.isArray(data) ? data.find(soldAsOne) : undefined;
  if (!product) throw new Error('no product listed');
  return product;
}

/** PUT /api/admin/products/edit/:id on one instance with the product's fields and a new title. */
async function editOn(
  instance: Instance,
  cookie: string,
  product: ProductJson,
  changes: Record<string, unknown>,
) {
  return fetch(`${instance.base}/api/admin/products/edit/${product._id}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', cookie, origin: instance.base },
    body: productEditBody(product, changes),
  });
}
const renameOn = (instance: Instance, cookie: string, product: ProductJson, title: string) =>
  editOn(instance, cookie, product, { title });

const titleOn = async (instance: Instance, path: string) => {
  const { data } = (await getJson(instance, path)).body;
  return Array.isArray(data) ? data[0]?.title : data.title;
};

/** Polls fn every 25 ms until it answers true; answers the milliseconds it took, or fails after limitMs. */
async function timeUntil(fn: () => Promise<boolean>, limitMs: number): Promise<number> {
  const t0 = Date.now();
  while (Date.now() - t0 < limitMs * 5) {
    if (await fn()) return Date.now() - t0;
    await sleep(25);
  }
  throw new Error(`not seen after ${limitMs * 5} ms`);
}

describe('three instances started at once on an empty database', () => {
  it('when they start together, then all three become ready and migrations and demo data ran exactly once', async () => {
    const [x, y, z] = await Promise.all(['A', 'B', 'C'].map((n) => startInstance(n, env())));
    await Promise.all([waitReady(x!), waitReady(y!), waitReady(z!)]);
    for (const i of [x!, y!, z!]) expect(i.alive()).toBe(true);

    expect((await getJson(x!, '/api/shop/products/get?limit=1')).body.pagination.total).toBe(72);
    const check = new pg.Client({ connectionString: database.url });
    await check.connect();
    try {
      const admins = await check.query(`select email from users where role = 'admin'`);
      expect(admins.rows.map((r: { email: string }) => r.email)).toEqual([ADMIN.email]);
      const users = await check.query('select count(*)::int as n from users');
      const migrations = await check.query(
        'select count(*)::int as n, count(distinct hash)::int as d from drizzle.__drizzle_migrations',
      );
      expect(migrations.rows[0].n).toBe(migrations.rows[0].d);
      expect(users.rows[0].n).toBeGreaterThan(1);
    } finally {
      await check.end();
    }
    a = x!;
    b = y!;
    expect(await z!.stop()).toBe(0);
  });
});

describe('a write on one instance', () => {
  it('when the admin edits a product on A, then B answers the new title within 1 s, cached answers included', async () => {
    const cookie = await login(a, ADMIN.email, ADMIN.password);
    const product = await firstProduct(b);
    const detailPath = `/api/shop/products/get/${product._id}`;
    // the listing page firstProduct read it from (and warmed)
    const listPath = '/api/shop/products/get?limit=40';
    const listedTitle = async () =>
      ((await getJson(b, listPath)).body.data as ProductJson[]).find((p) => p._id === product._id)?.title;
    // warm B's catalogue cache and micro-cache
    await getJson(b, detailPath);
    expect((await getJson(b, detailPath)).headers.get('x-cache')).toBe('HIT');
    expect((await getJson(b, listPath)).headers.get('x-cache')).toBe('HIT');

    const title = `Renamed on A ${Date.now()}`;
    expect((await renameOn(a, cookie, product, title)).status).toBe(200);
    const detailMs = await timeUntil(async () => (await titleOn(b, detailPath)) === title, 1000);
    const listMs = await timeUntil(async () => (await listedTitle()) === title, 1000);
    expect(detailMs).toBeLessThan(1000);
    expect(listMs).toBeLessThan(1000);
  });

  it('when the admin makes a product the cheapest on A, then B lists it first by price within 1 s', async () => {
    const cookie = await login(a, ADMIN.email, ADMIN.password);
    const first = async (path: string) => ((await getJson(b, path)).body.data as ProductJson[])[0]!;
    const cheapest = '/api/shop/products/get?sortBy=price-lowtohigh&limit=1';
    const product = await first('/api/shop/products/get?sortBy=price-hightolow&limit=1');
    expect((await first(cheapest))._id).not.toBe(product._id);
    expect((await editOn(a, cookie, product, { price: 1, salePrice: null, discount: 0 })).status).toBe(200);
    const ms = await timeUntil(async () => (await first(cheapest))._id === product._id, 1000);
    expect(ms).toBeLessThan(1000);
  });
});

describe('search, answered from memory by every instance', () => {
  it("when the admin gives a product new words on A, then B's search finds it by them within 1 s, and no longer by the old", async () => {
    const cookie = await login(a, ADMIN.email, ADMIN.password);
    const found = async (word: string) =>
      ((await getJson(b, `/api/shop/product/search/search-product/${word}`)).body.data as ProductJson[]).map(
        (p) => p._id,
      );
    const product = await firstProduct(b);
    const word = `zorblex${Date.now() % 100000}`;
    expect(await found(word)).toEqual([]);
    expect((await editOn(a, cookie, product, { description: `now with ${word} inside` })).status).toBe(200);
    const ms = await timeUntil(async () => (await found(word)).includes(product._id), 1000);
    expect(ms).toBeLessThan(1000);
    // once B's index has caught up the answer is the same (the search reads memory then)
    await sleep(1500);
    expect(await found(word)).toEqual([product._id]);
    expect((await editOn(a, cookie, product, { description: 'plain again' })).status).toBe(200);
    await timeUntil(async () => !(await found(word)).includes(product._id), 1000);
  });
});

describe('home banners, kept in memory by every instance', () => {
  it('when the admin adds a banner on A, then B lists it within 1 s, and after its deletion on A no longer', async () => {
    const cookie = await login(a, ADMIN.email, ADMIN.password);
    const listed = async (id: string) =>
      ((await getJson(b, '/api/common/banner/get')).body.data as { _id: string }[]).some((x) => x._id === id);
    await getJson(b, '/api/common/banner/get'); // B now holds the list in memory
    const headers = { 'content-type': 'application/json', cookie, origin: a.base };
    const added = await fetch(`${a.base}/api/common/banner/add`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ image: '/uploads/banners/multi.png', title: 'Seen on B' }),
    });
    expect(added.status).toBe(201);
    const { _id: id } = ((await added.json()) as { data: { _id: string } }).data;
    expect(await timeUntil(() => listed(id), 1000)).toBeLessThan(1000);
    const html = await (await fetch(`${b.base}/`)).text();
    expect(html).toContain('Seen on B');
    expect(
      (await fetch(`${a.base}/api/common/banner/delete/${id}`, { method: 'DELETE', headers })).status,
    ).toBe(200);
    expect(await timeUntil(async () => !(await listed(id)), 1000)).toBeLessThan(1000);
  });
});

describe('sessions and login limits, shared by every instance (docs/security.md)', () => {
  const checkAuth = async (instance: Instance, cookie: string) =>
    (
      (await (await fetch(`${instance.base}/api/auth/check-auth`, { headers: { cookie } })).json()) as {
        authenticated: boolean;
      }
    ).authenticated;

  it('when a shopper logs out on A, then the same session is refused on B at once', async () => {
    const cookie = await login(a, 'shopper@haat.test', 'Shopper@123');
    expect(await checkAuth(b, cookie)).toBe(true);
    const out = await fetch(`${a.base}/api/auth/logout`, { method: 'POST', headers: { cookie } });
    expect(out.status).toBe(200);
    expect(await checkAuth(b, cookie)).toBe(false);
    expect(await checkAuth(a, cookie)).toBe(false);
  });

  it('when failed logins are spread over A, B and a restarted instance, then 10 per address and per account hold', async () => {
    const attempt = async (instance: Instance, address: string) =>
      (
        await fetch(`${instance.base}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
          body: JSON.stringify({ email: 'seller2@haat.test', password: 'not-the-password-1' }),
        })
      ).status;
    const first = [];
    for (let k = 0; k < 10; k++) first.push(await attempt(k % 2 ? b : a, '203.0.113.7'));
    expect(first.filter((s) => s === 429)).toEqual([]);
    // the 11th from that address is refused wherever it lands
    expect(await attempt(a, '203.0.113.7')).toBe(429);
    expect(await attempt(b, '203.0.113.7')).toBe(429);
    // the account is limited too, whatever address guesses next
    expect(await attempt(b, '198.51.100.9')).toBe(429);
    // a restart forgets nothing: the counts live in the database
    const c = await startInstance('C2', env());
    await waitReady(c);
    expect(await attempt(c, '203.0.113.7')).toBe(429);
    expect(await c.stop()).toBe(0);
  });
});

describe('uploads shared through S3-compatible storage', () => {
  it('when an image is uploaded through A, then B serves the same bytes', async () => {
    const cookie = await login(a, ADMIN.email, ADMIN.password);
    const png = pngBytes();
    const form = new FormData();
    form.append('my_file', new Blob([png], { type: 'image/png' }), 'photo.png');
    const up = await fetch(`${a.base}/api/admin/products/upload-image`, {
      method: 'POST',
      headers: { cookie, origin: a.base },
      body: form,
    });
    expect(up.status).toBe(201);
    const { result } = (await up.json()) as { result: { url: string } };
    // the image pipeline re-encodes it (docs/images.md): both instances serve the one stored file
    const fromA = await fetch(`${a.base}${result.url}`);
    const served = await fetch(`${b.base}${result.url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    expect(Buffer.from(await served.arrayBuffer()).equals(Buffer.from(await fromA.arrayBuffer()))).toBe(true);
  });

  it('when demo data was loaded by one instance, then its images are served by every instance', async () => {
    const product = await firstProduct(a);
    for (const i of [a, b]) expect((await fetch(`${i.base}${product.image}`)).status).toBe(200);
  });
});

describe('the database dropping every connection mid-load', () => {
  it('when every app connection is terminated, then both stay up, answer 503 at worst and are ready again within 5 s', async () => {
    const product = await firstProduct(a);
    const paths = ['/api/health', `/api/shop/review/${product._id}`];
    const load = startLoad(
      [a, b].flatMap((i) => paths.map((p) => `${i.base}${p}`)),
      8,
    );
    await sleep(800);
    for (let k = 0; k < 3; k++) {
      const killed = await database.admin.query<{ n: number }>(
        'select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [database.name],
      );
      // both pools and both change-feed connections at least
      if (k === 0) expect(killed.rows[0]!.n).toBeGreaterThanOrEqual(4);
      await sleep(300);
    }
    await sleep(800);
    const results = await load.stop();

    expect(a.alive() && b.alive()).toBe(true);
    const outcomes = new Set(results.map((r) => r.status));
    expect([...outcomes].filter((s) => s !== 200 && s !== 503)).toEqual([]);
    expect(results.length).toBeGreaterThan(50);
    const readyMs = Math.max(await waitReady(a, 5000), await waitReady(b, 5000));
    expect(readyMs).toBeLessThan(5000);

    // the change feed's own LISTEN connection was dropped too: it is back, and writes still reach B at once
    const cookie = await login(a, ADMIN.email, ADMIN.password);
    const detailPath = `/api/shop/products/get/${product._id}`;
    await getJson(b, detailPath);
    await sleep(500);
    const title = `After the blip ${Date.now()}`;
    expect((await renameOn(a, cookie, product, title)).status).toBe(200);
    expect(await timeUntil(async () => (await titleOn(b, detailPath)) === title, 1000)).toBeLessThan(1000);
  });
});

describe('a client sending its request body slowly', () => {
  it('when the body is not complete within REQUEST_TIMEOUT_MS, then the server answers 408 and closes, in seconds', async () => {
    const socket = connect(a.port, '127.0.0.1');
    let answer = '';
    socket.on('data', (d: Buffer) => (answer += d.toString()));
    const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    socket.write(
      'POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"email":',
    );
    const t0 = Date.now();
    await Promise.race([closed, sleep(15_000)]);
    socket.destroy();
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(Date.now() - t0).toBeLessThan(15_000);
  });
});

describe('a deploy stopping an instance under load', () => {
  it('when B gets SIGTERM mid-load, then every request started before it succeeds and B exits 0', async () => {
    const product = await firstProduct(b);
    const load = startLoad(
      ['/api/health', `/api/shop/review/${product._id}`, '/api/shop/products/get?limit=3'].map(
        (p) => `${b.base}${p}`,
      ),
      8,
    );
    await sleep(1000);
    const signalledAt = Date.now();
    const exit = b.stop('SIGTERM');
    await sleep(200);
    // draining: still answering, but no longer ready
    expect((await fetch(`${b.base}/api/health/ready`)).status).toBe(503);
    expect(await exit).toBe(0);
    const results = await load.stop();

    const before = results.filter((r) => r.startedAt < signalledAt);
    expect(before.length).toBeGreaterThan(20);
    expect(before.filter((r) => r.status !== 200)).toEqual([]);
    // A is untouched
    expect((await fetch(`${a.base}/api/health/ready`)).status).toBe(200);
  });
});
