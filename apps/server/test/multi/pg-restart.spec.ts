/**
 * The database going away under checkout load (docs/operations.md, "Database faults"): a real restart of a
 * PostgreSQL server this file starts itself, and pg_terminate_backend of every app connection, while two real
 * instances take orders. Neither instance may exit; while the database is away they answer 503 with Retry-After,
 * afterwards the same processes serve again within seconds, and no captured payment is left unpaid.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressBody } from '../../src/modules/commerce/__tests__/helpers';
import { sleep, startInstance, stopAll, waitReady, type Instance } from './cluster';
import { startOwnPostgres, type OwnPostgres } from './own-postgres';

const SHOPPERS = ['shopper@haat.test', 'anita@haat.test', 'karan@haat.test'];
const SHOPPER_PASSWORD = 'Shopper@123';

let server: OwnPostgres;
let databaseUrl: string;
let a: Instance;
let b: Instance;

beforeAll(async () => {
  server = await startOwnPostgres();
  const admin = new pg.Client({ connectionString: server.url });
  await admin.connect();
  await admin.query('create database mp_restart');
  await admin.end();
  databaseUrl = server.url.replace(/\/postgres$/, '/mp_restart');
  const env = {
    DATABASE_URL: databaseUrl,
    SEED_DEMO: 'true',
    // while the server is away a request waits at most this long for a connection, then 503
    DATABASE_CONNECT_TIMEOUT_MS: '1000',
  };
  a = await startInstance('A', env);
  await waitReady(a);
  b = await startInstance('B', env);
  await waitReady(b);
});

afterAll(async () => {
  await stopAll();
  server?.stop();
});

interface Outcome {
  step: string;
  status: number | 'error';
  retryAfter: string | null;
  at: number;
}

/** One HTTP call with a shopper's cookie; no answer at all is recorded as 'error'. */
async function call(
  outcomes: Outcome[],
  step: string,
  url: string,
  cookie: string,
  body?: unknown,
): Promise<{ status: number | 'error'; json: Record<string, unknown>; location: string | null }> {
  try {
    const res = await fetch(url, {
      method: body === undefined && step !== 'approve' ? 'GET' : 'POST',
      headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
      redirect: 'manual',
      signal: AbortSignal.timeout(15_000),
    });
    const text = await res.text();
    outcomes.push({ step, status: res.status, retryAfter: res.headers.get('retry-after'), at: Date.now() });
    let json: Record<string, unknown> = {};
    try {
      json = JSON.parse(text) as Record<string, unknown>;
    } catch {
      // a redirect or an empty body
    }
    return { status: res.status, json, location: res.headers.get('location') };
  } catch {
    outcomes.push({ step, status: 'error', retryAfter: null, at: Date.now() });
    await sleep(50);
    return { status: 'error', json: {}, location: null };
  }
}

async function login(instance: Instance, email: string): Promise<{ cookie: string; userId: string }> {
  const res = await fetch(`${instance.base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: SHOPPER_PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`login failed: ${res.status}`);
  const { user } = (await res.json()) as { user: { _id: string } };
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return { cookie, userId: user._id };
}

/** What adds one of each product to a cart: the product and its variant with the most stock, if it has options. */
async function cartLines(base: string, products: { _id: string; totalStock: number }[]) {
  const lines = await Promise.all(
    products.map(async (p) => {
      const res = await fetch(`${base}/api/shop/products/get/${p._id}`);
      const { data } = (await res.json()) as { data: { variants: { _id: string; stock: number }[] } };
      // a product sold as one lists no variants: its id alone adds it
      const [most] = [...data.variants].sort((a, b) => b.stock - a.stock);
      return {
        line: { productId: p._id, ...(most ? { variantId: most._id } : {}) },
        stock: most?.stock ?? p.totalStock,
      };
    }),
  );
  // lines with some stock to sell; the load drops a line it sells out (see checkoutLoad)
  return lines.filter((l) => l.stock >= 10).map((l) => l.line);
}

/** Each shopper's delivery address, added once (a shopper may keep three). */
const addresses = new Map<string, string>();
async function addressOf(instance: Instance, email: string, cookie: string): Promise<string> {
  const known = addresses.get(email);
  if (known) return known;
  const res = await fetch(`${instance.base}/api/shop/address/add`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify(addressBody()),
  });
  const body = (await res.json()) as { data?: { _id: string } };
  if (res.status !== 201 || !body.data) throw new Error(`address: ${res.status} ${JSON.stringify(body)}`);
  addresses.set(email, body.data._id);
  return body.data._id;
}

/**
 * Every shopper checks out in a loop (cart → order → sandbox approval → capture), alternating between A and B;
 * a capture answered 503 is tried again, as the shopper returning from the payment page would. Answers the orders
 * whose capture was answered 200 and every outcome.
 */
function checkoutLoad(instances: Instance[]) {
  const outcomes: Outcome[] = [];
  const paid: string[] = [];
  let running = true;
  const failures: unknown[] = [];
  const loops = SHOPPERS.map(async (email, n) => {
    const { cookie, userId } = await login(instances[0]!, email);
    const base0 = instances[0]!.base;
    const addressId = await addressOf(instances[0]!, email, cookie);
    const listing = await call(outcomes, 'listing', `${base0}/api/shop/products/get?limit=100`, cookie);
    const lines = await cartLines(base0, listing.json.data as { _id: string; totalStock: number }[]);
    if (lines.length < 5) throw new Error(`only ${lines.length} products with stock to spare`);
    for (let i = n; running; i++) {
      const base = instances[i % instances.length]!.base;
      const added = await call(outcomes, 'cart', `${base}/api/shop/cart/add`, cookie, {
        ...lines[i % lines.length]!,
        quantity: 1,
      });
      if (added.status !== 201) continue;
      const created = await call(outcomes, 'order', `${base}/api/shop/order/create`, cookie, { addressId });
      if (created.status === 409 && (created.json as { code?: string }).code === 'OUT_OF_STOCK') {
        // the load sold a line out (demo stock is small): the shopper removes it, as the message asks
        outcomes.at(-1)!.step = 'sold out';
        const line = lines.splice(i % lines.length, 1)[0]!;
        const removed = await fetch(`${base}/api/shop/cart/${userId}/${line.productId}`, {
          method: 'DELETE',
          headers: { cookie },
        });
        if (removed.status !== 200 || lines.length === 0) throw new Error(`sold out: ${removed.status}`);
      }
      if (created.status !== 201) continue;
      const { approvalURL, paymentId, orderId } = created.json as Record<string, string>;
      const approved = await call(outcomes, 'approve', `${base}${approvalURL}/approve`, cookie);
      if (approved.status !== 303) continue;
      const payerId = new URL(approved.location!, 'http://x').searchParams.get('PayerID');
      for (let attempt = 0; attempt < 40; attempt++) {
        const captured = await call(outcomes, 'capture', `${base}/api/shop/order/capture`, cookie, {
          paymentId,
          payerId,
          orderId,
        });
        if (captured.status === 200) paid.push(orderId!);
        if (captured.status !== 503 && captured.status !== 'error') break;
        await sleep(250);
      }
    }
  }).map((loop) => loop.catch((err: unknown) => void failures.push(err)));
  return {
    outcomes,
    paid,
    async stop() {
      running = false;
      await Promise.all(loops);
      expect(failures).toEqual([]);
    },
  };
}

/** Orders the sandbox captured whose order is not paid, and orders answered "paid" that are not paid. */
async function lostPayments(paid: string[]) {
  const check = new pg.Client({ connectionString: databaseUrl });
  await check.connect();
  try {
    const captured = await check.query<{ id: string; payment_status: string }>(
      `select o.id, o.payment_status from sandbox_payments s join orders o on o.payment_id = s.payment_id
        where s.capture_id is not null and o.payment_status <> 'paid'`,
    );
    const answered = await check.query<{ id: string }>(
      `select id from orders where id = any($1::uuid[]) and payment_status <> 'paid'`,
      [paid],
    );
    return { capturedNotPaid: captured.rows, answeredPaidNotPaid: answered.rows };
  } finally {
    await check.end();
  }
}

function expectOnly503WhileAway(outcomes: Outcome[]) {
  // no process exited ("Connection terminated unexpectedly" or 57P01 uncaught)
  expect([a.alive() || a.output(), b.alive() || b.output()]).toEqual([true, true]);
  const bad = outcomes.filter((o) => o.status === 'error' || (o.status >= 500 && o.status !== 503));
  expect(bad).toEqual([]);
  const unavailable = outcomes.filter((o) => o.status === 503);
  expect(unavailable.filter((o) => !o.retryAfter)).toEqual([]);
  return unavailable.length;
}

/** Both instances still run, are ready again, and take a checkout each. */
async function expectServingAgain(limitMs: number) {
  expect([a.alive(), b.alive()]).toEqual([true, true]);
  const readyMs = Math.max(await waitReady(a, limitMs), await waitReady(b, limitMs));
  expect(readyMs).toBeLessThan(limitMs);
  // catalogue reads no cache holds answer at once: nothing to rebuild (docs/search-and-listing.md)
  for (const instance of [a, b]) {
    const page = 2 + Math.floor(Math.random() * 40);
    const search = await fetch(
      `${instance.base}/api/shop/product/search/search-product/shirt?page=${page}&limit=5`,
    );
    const listing = await fetch(
      `${instance.base}/api/shop/products/get?page=${page}&limit=7&sortBy=title-ztoa`,
    );
    expect([search.status, listing.status]).toEqual([200, 200]);
  }
  const after = checkoutLoad([a, b]);
  await sleep(2000);
  await after.stop();
  expect(
    after.outcomes.filter(
      (o) => o.status !== 200 && o.status !== 201 && o.status !== 303 && o.step !== 'sold out',
    ),
  ).toEqual([]);
  expect(after.paid.length).toBeGreaterThan(0);
}

describe('a PostgreSQL restart under checkout load', () => {
  it('when the server restarts, then both instances stay up, answer 503 with Retry-After meanwhile, serve again within seconds and every captured payment is paid', async () => {
    const load = checkoutLoad([a, b]);
    await sleep(2500);
    const paidBefore = load.paid.length;
    await server.restart();
    const restartedAt = Date.now();
    await sleep(3000);
    await load.stop();

    expect(paidBefore).toBeGreaterThan(0);
    // the database was away for a moment: some requests were told to come back
    expect(expectOnly503WhileAway(load.outcomes)).toBeGreaterThan(0);
    // every shopper finished the order in hand once the server was back
    expect(load.outcomes.some((o) => o.at > restartedAt && o.step === 'capture' && o.status === 200)).toBe(
      true,
    );
    await expectServingAgain(5000);
    expect(await lostPayments(load.paid)).toEqual({ capturedNotPaid: [], answeredPaidNotPaid: [] });
  });
});

describe('pg_terminate_backend of every app connection under checkout load', () => {
  it('when every app connection is ended three times, then both instances stay up, answer 503 at worst and every captured payment is paid', async () => {
    const admin = new pg.Client({ connectionString: server.url });
    await admin.connect();
    const load = checkoutLoad([a, b]);
    try {
      await sleep(2000);
      for (let k = 0; k < 3; k++) {
        const killed = await admin.query<{ n: number }>(
          `select count(pg_terminate_backend(pid))::int as n from pg_stat_activity
            where datname = 'mp_restart' and pid <> pg_backend_pid()`,
        );
        if (k === 0) expect(killed.rows[0]!.n).toBeGreaterThanOrEqual(4);
        await sleep(400);
      }
      await sleep(1500);
    } finally {
      await load.stop();
      await admin.end();
    }
    expectOnly503WhileAway(load.outcomes);
    await expectServingAgain(5000);
    expect(await lostPayments(load.paid)).toEqual({ capturedNotPaid: [], answeredPaidNotPaid: [] });
  });
});
