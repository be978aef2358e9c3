/**
 * Catalogue benchmark: `pnpm bench -- --products=50k` (root) → `tsx bench/bench.ts` in apps/server.
 * Flags (or env): --products=5k|50k|500k (BENCH_PRODUCTS, default 50k), --seconds=N (BENCH_SECONDS, default 6),
 * --keep (BENCH_KEEP=1: leave the database for EXPLAIN sessions), --reuse, --only=rows, --profile=DIR,
 * --workers=N (below), --edit-rate=R (below). DATABASE_URL names the PostgreSQL server
 * (default: the local dev server); the database is BENCH_DB (default mp_bench), created and dropped here.
 *
 * Seeds the catalogue with one generate_series insert (secondary indexes dropped first and rebuilt after, so
 * 500,000 products take seconds, not minutes), starts the app in a child process (bench/serve.ts) and measures:
 * - the node:http ceiling: a bare server in the same child answering a listing JSON from memory;
 * - hot: the same few URLs again and again (what the micro-cache serves);
 * - cold: every URL distinct (thousands of search phrases with 10% typos; random category/brand subsets × 4 sorts ×
 *   pages 1..2,000; every product id), so no answer comes from a cache;
 * - shopper sessions at 10 and 50 connections, each shopper from its own client address: home → listing → search →
 *   2 details → add to cart, and 1 session in 5 checks out, which changes stock — half of those by PayPal's sandbox
 *   (order, approval, capture), half by UPI through the fake Indian gateway in this process (order, the fake's
 *   succeed control, the browser's signed verify) —
 *   while the others browse. Listings and searches come 80% from 300 popular pages/phrases (asked for once before
 *   the run, as in a store that has been open a while) and 20% from a tail of 3,000 each.
 * Each row prints req/s (sessions/s), p50 and p99 latency, its share of the ceiling, the cache hit rates
 * (HTTP micro-cache and catalogue cache), the share of product rows computed answers took from cached answers
 * instead of reading them (rows hit), and the server's RSS.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { startRazorpayFake } from '../src/fakes/razorpay';
import bcrypt from 'bcryptjs';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { BRANDS, CATEGORIES, SORT_IDS } from '@mp/shared';
import { DEFAULT_POOL_TIMEOUTS, openPostgres } from '../src/db/client';
import { users } from '../src/db/schema';
import { PINCODES } from '../src/fakes/courier/pincodes';

const arg = (name: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ??
  (process.argv.includes(`--${name}`) ? 'true' : undefined);
const size = (s: string) => Number(s.replace(/k$/i, '000').replace(/m$/i, '000000'));

const PRODUCTS = size(arg('products') ?? process.env.BENCH_PRODUCTS ?? '50k');
const DURATION_S = Number(arg('seconds') ?? process.env.BENCH_SECONDS ?? 6);
const KEEP = Boolean(arg('keep') ?? process.env.BENCH_KEEP);
const BENCH_DB = process.env.BENCH_DB ?? 'mp_bench';
/** --only=a,b: run only the rows whose names contain one of these words (e.g. --only=cold,sessions) */
const ONLY = (arg('only') ?? process.env.BENCH_ONLY)?.split(',').filter(Boolean);
/** --profile=DIR: the app process writes a V8 CPU profile there (open it in Chrome DevTools or speedscope) */
const PROFILE_DIR = arg('profile') ?? process.env.BENCH_PROFILE;
/** --reuse: keep the seeded database of an earlier --keep run instead of seeding again */
const REUSE = Boolean(arg('reuse') ?? process.env.BENCH_REUSE);
/**
 * --workers=N: N app instances on the one port (node:cluster), each with its own caches and the PostgreSQL
 * change feed, as several instances behind a load balancer would run; app CPU and RSS are their sum
 */
const WORKERS = Number(arg('workers') ?? process.env.BENCH_WORKERS ?? 1);
/**
 * --edit-rate=R: for the whole of the cold rows, R product edits a second (alternately a price and a title, as
 * sellers' console saves write them, each change published after its commit) run while the rows are measured
 */
const EDIT_RATE = Number(arg('edit-rate') ?? process.env.BENCH_EDIT_RATE ?? 0);
const SHOPPERS = 200;
const PASSWORD = 'Bench-Passw0rd!';
const serverUrl = process.env.DATABASE_URL ?? 'postgres://mp_dev:mp_dev@127.0.0.1:5432/postgres';

const log = (msg: string) => process.stdout.write(`${msg}\n`);

function dbUrl(name: string): string {
  const u = new URL(serverUrl);
  u.pathname = `/${name}`;
  return u.toString();
}

function shuffle<T>(items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}
const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;

const NOUNS: Record<string, string[]> = {
  men: ['Shirt', 'Jeans', 'Jacket', 'Polo', 'Chinos', 'Hoodie'],
  women: ['Dress', 'Kurta', 'Top', 'Skirt', 'Jeans', 'Saree'],
  kids: ['T-Shirt', 'Shorts', 'Frock', 'Pyjama Set', 'Sneakers'],
  accessories: ['Watch', 'Wallet', 'Belt', 'Sunglasses', 'Backpack'],
  footwear: ['Running Shoes', 'Sneakers', 'Sandals', 'Loafers', 'Boots'],
  mobile: ['Mobile', 'Smartphone', 'Mobile 5G', 'Phone Case', 'Charger'],
  appliances: ['Airconditioner', 'Refrigerator Freeze', 'Washing Machine', 'Microwave', 'Air Purifier'],
  electronics: ['Laptop', 'Smart TV', 'Printer', 'Router', 'Earbuds', 'Speaker'],
  fashion: ['Scarf', 'Handbag', 'Tote', 'Cap', 'Jumpsuit'],
};
const ADJECTIVES = [
  'Classic',
  'Slim Fit',
  'Premium',
  'Everyday',
  'Ultra',
  'Pro',
  'Lite',
  'Sport',
  'Urban',
  'Max',
];

/** A constant text array as SQL (bench-owned data only, quotes doubled). */
const textArray = (values: string[]): string =>
  `ARRAY[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(',')}]`;

type BenchDb = ReturnType<typeof openPostgres>['db'];
const rowsOf = async <T>(db: BenchDb, query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;

async function seed(db: BenchDb) {
  const categories = CATEGORIES.map((c) => c.id);
  const brandIds = BRANDS.map((b) => b.id);
  const brandLabels = BRANDS.map((b) => b.label);
  const nouns = categories.map((c) => NOUNS[c]!);
  const maxNouns = Math.max(...nouns.map((n) => n.length));
  const nounMatrix = nouns.map((n) => Array.from({ length: maxNouns }, (_, i) => n[i % n.length]!));
  // a bulk load builds each index once at the end instead of maintaining it row by row
  const indexes = await rowsOf<{ indexname: string; indexdef: string }>(
    db,
    sql`select indexname, indexdef from pg_indexes where tablename = 'products' and indexname <> 'products_pkey'`,
  );
  for (const i of indexes) await db.execute(sql.raw(`drop index "${i.indexname}"`));
  await db.execute(sql`
    insert into products (title, description, category, brand, price_paise, sale_price_paise, discount,
                          total_stock, image, images, units_sold, wishlist_count, rating_sum, review_count, created_at)
    select
      (${sql.raw(textArray(brandLabels))})[1 + (g * 7) % ${brandIds.length}] || ' ' ||
        (${sql.raw(textArray(ADJECTIVES))})[1 + (g * 3) % ${ADJECTIVES.length}] || ' ' ||
        (${sql.raw(`ARRAY[${nounMatrix.map(textArray).join(',')}]`)})[1 + g % ${categories.length}][1 + (g / ${categories.length}) % ${maxNouns}] ||
        ' ' || (g % 997),
      'Bench product ' || g || ' with fine materials, warranty and free returns',
      (${sql.raw(textArray(categories))})[1 + g % ${categories.length}],
      (${sql.raw(textArray(brandIds))})[1 + (g * 7) % ${brandIds.length}],
      p.price,
      case when g % 3 = 0 then null else (p.price * (50 + g % 50)) / 100 end,
      (g * 37) % 71,
      -- a few sold-out products, the rest with plenty of stock for the checkout sessions
      case when g % 101 = 0 then 0 else 50 + (g * 13) % 950 end,
      '/uploads/bench/p.png',
      array['/uploads/bench/p.png'],
      (g * 53) % 1500,
      (g * 11) % 40,
      (g % 6) * (1 + g % 5),
      g % 6,
      now() - (g || ' minutes')::interval
    from generate_series(1, ${PRODUCTS}) g
    cross join lateral (select 10000 + ((g::bigint * 7919) % 500000)::int as price) p`);
  await db.execute(sql`set maintenance_work_mem = '256MB'`);
  for (const i of indexes) await db.execute(sql.raw(i.indexdef));
  await db.execute(sql`vacuum analyze products`);
  const hash = bcrypt.hashSync(PASSWORD, 4);
  await db.insert(users).values(
    Array.from({ length: SHOPPERS }, (_, i) => ({
      username: `Shopper ${i}`,
      email: `shopper${i}@bench.test`,
      passwordHash: hash,
      role: 'user' as const,
    })),
  );
}

// ---------- the app process ----------

interface Stats {
  rss: number;
  /** the app process's CPU time so far (user + system), ms */
  cpuMs: number;
  micro: { hits: number; misses: number };
  catalog: { hits: number; misses: number };
  /** products computed answers took from cached answers (hits) or read (misses) */
  shown: { hits: number; misses: number };
}

// the Indian gateway's fake, in this process: UPI checkouts are paid through its succeed control (docs/money.md)
const gateway = await startRazorpayFake();

function startServer(databaseUrl: string): Promise<{ child: ChildProcess; port: number }> {
  const child = fork(fileURLToPath(new URL('./serve.ts', import.meta.url)), {
    execArgv: ['--import', 'tsx', ...(PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE_DIR}`] : [])],
    env: {
      ...process.env,
      BENCH_DATABASE_URL: databaseUrl,
      BENCH_WORKERS: String(WORKERS),
      BENCH_RAZORPAY_KEY_ID: gateway.keyId,
      BENCH_RAZORPAY_KEY_SECRET: gateway.keySecret,
      BENCH_RAZORPAY_API_BASE: gateway.url,
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
    child.once('message', (m: { port: number; rss: number }) => {
      log(`server RSS at start ${Math.round(m.rss / 2 ** 20)} MB`);
      resolve({ child, port: m.port });
    });
  });
}

function ask<T>(child: ChildProcess, type: string): Promise<T> {
  return new Promise((resolve) => {
    const on = (m: { type: string }) => {
      if (m.type !== type) return;
      child.off('message', on);
      resolve(m as T);
    };
    child.on('message', on);
    child.send({ type });
  });
}

// ---------- HTTP clients ----------

const agent = new http.Agent({ keepAlive: true, maxSockets: 1000 });

interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** `from`: the client address the app is told of (X-Forwarded-For; serve.ts trusts one proxy), per shopper */
function call(
  port: number,
  method: string,
  path: string,
  cookie?: string,
  body?: unknown,
  from?: string,
): Promise<Reply> {
  const data = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        agent,
        headers: {
          ...(cookie ? { cookie } : {}),
          ...(from ? { 'x-forwarded-for': from } : {}),
          ...(data ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks).toString() }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}

interface Row {
  name: string;
  conns: number;
  rps: number;
  unit: string;
  p50: number;
  p99: number;
  failed: number;
  micro?: number;
  catalog?: number;
  shown?: number;
  rssMb?: number;
  /** CPU time per request (per session for sessions) of the app process and of its PostgreSQL backends, ms */
  appCpu?: number;
  dbCpu?: number;
}

/**
 * CPU time (ms) the PostgreSQL backends of the bench database have used, read from /proc (the server runs on this
 * machine). Unlike req/s and latency, CPU per request barely moves with what else the machine is running.
 */
let pgAdmin: pg.Client | undefined;
async function dbCpuMs(): Promise<number | undefined> {
  if (!pgAdmin) return undefined;
  const { rows } = await pgAdmin.query<{ pid: number }>(
    'select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
    [BENCH_DB],
  );
  let ticks = 0;
  for (const { pid } of rows) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]); // utime, stime
    } catch {
      return undefined; // not on this machine (or the backend just ended)
    }
  }
  return ticks * 10; // 100 ticks per second
}

interface Sample {
  stats?: Stats;
  db?: number;
}
const sample = async (child?: ChildProcess): Promise<Sample> => ({
  stats: child ? await ask<Stats>(child, 'stats') : undefined,
  db: child ? await dbCpuMs() : undefined,
});
const perRequest = (before: Sample, after: Sample, count: number) => ({
  appCpu: before.stats && after.stats && count ? (after.stats.cpuMs - before.stats.cpuMs) / count : undefined,
  dbCpu:
    before.db !== undefined && after.db !== undefined && count ? (after.db - before.db) / count : undefined,
});

const rate = (after: { hits: number; misses: number }, before: { hits: number; misses: number }) => {
  const hits = after.hits - before.hits;
  const all = hits + after.misses - before.misses;
  return all ? (hits / all) * 100 : undefined;
};

/** autocannon over a list of paths; `distinct` hands every request the next path (no URL is asked twice). */
async function fixed(
  name: string,
  port: number,
  paths: string[],
  opts: { conns: number; distinct?: boolean; child?: ChildProcess },
): Promise<Row> {
  let next = 0;
  const nextPath = () => paths[next++ % paths.length]!;
  const requests = opts.distinct
    ? [{ method: 'GET', setupRequest: (req: object) => ({ ...req, path: nextPath() }) }]
    : paths.map((path) => ({ method: 'GET', path }));
  const base = { url: `http://127.0.0.1:${port}`, connections: opts.conns, requests };
  if (!opts.distinct) {
    // warm-up: every path once, so a hot row measures answers already in memory
    for (let i = 0; i < paths.length; i += opts.conns)
      await Promise.all(paths.slice(i, i + opts.conns).map((path) => call(port, 'GET', path)));
    await autocannon({ ...base, duration: 1 });
  }
  const start = await sample(opts.child);
  const r = await autocannon({ ...base, duration: DURATION_S });
  const end = await sample(opts.child);
  const before = start.stats;
  const after = end.stats;
  if (opts.distinct && next > paths.length) log(`  note: ${name} wrapped around its ${paths.length} URLs`);
  return {
    name,
    conns: opts.conns,
    rps: r.requests.average,
    unit: 'req/s',
    p50: r.latency.p50,
    p99: r.latency.p99,
    failed: r.non2xx + r.errors,
    micro: after && before && rate(after.micro, before.micro),
    catalog: after && before && rate(after.catalog, before.catalog),
    shown: after && before && rate(after.shown, before.shown),
    rssMb: after && after.rss / 2 ** 20,
    ...perRequest(start, end, r.requests.total),
  };
}

const percentile = (values: number[], p: number) => {
  if (!values.length) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};

/** 4 shoppers in 5 browse the popular pages and phrases, 1 in 5 something nobody asked for recently. */
interface UrlPool {
  popular: string[];
  tail: string[];
}
const browse = (pool: UrlPool) => pick(Math.random() < 0.8 ? pool.popular : pool.tail);

interface Shopper {
  cookie: string;
  addressId: string;
  /** this shopper's own client address (only ever a header: every request goes to 127.0.0.1) */
  from: string;
}

/** A UPI checkout through the fake gateway: the order, the shopper paying on the gateway, the signed verify. */
async function upiCheckout(
  timed: (step: string, f: () => Promise<Reply>) => Promise<Reply>,
  buying: (method: string, path: string, body?: unknown) => Promise<Reply>,
  addressId: string,
): Promise<void> {
  const created = await timed('create (upi)', () =>
    buying('POST', '/api/shop/order/create', { addressId, paymentMethod: 'upi' }),
  );
  if (created.status !== 201) return;
  const { paymentId: gatewayOrderId } = JSON.parse(created.body) as Record<string, string>;
  const paid = await gateway.controls.pay(gatewayOrderId!, 'succeed');
  await timed('verify (upi)', () =>
    buying('POST', '/api/payments/razorpay/verify', {
      razorpay_order_id: gatewayOrderId,
      razorpay_payment_id: paid.paymentId,
      razorpay_signature: paid.signature,
    }),
  );
}

/** Shopper sessions, one per connection, back to back for the duration. */
async function sessions(
  port: number,
  child: ChildProcess,
  shoppers: Shopper[],
  conns: number,
  urls: { listings: UrlPool; searches: UrlPool; ids: string[] },
): Promise<{ row: Row; steps: Map<string, number[]>; refusals: Map<string, number> }> {
  const steps = new Map<string, number[]>();
  const refusals = new Map<string, number>();
  const sessionTimes: number[] = [];
  let failed = 0;
  let done = 0;
  const timed = async (step: string, f: () => Promise<Reply>) => {
    const t = performance.now();
    const r = await f();
    const ms = performance.now() - t;
    let list = steps.get(step);
    if (!list) steps.set(step, (list = []));
    list.push(ms);
    if (r.status >= 400) {
      failed++;
      // what refused it, so a failed session can be told from a bug (e.g. "add to cart 409 OUT_OF_STOCK")
      const code = /"code":"([A-Z_]+)"/.exec(r.body)?.[1] ?? '';
      const what = `${step} ${r.status} ${code}`.trim();
      refusals.set(what, (refusals.get(what) ?? 0) + 1);
    }
    return r;
  };
  const inStock = (body: string): string[] => {
    try {
      const data = (JSON.parse(body) as { data: { _id: string; totalStock: number }[] }).data;
      return data.filter((p) => p.totalStock > 0).map((p) => p._id);
    } catch {
      return [];
    }
  };
  // the store has been open a while: home and the popular pages and phrases have been asked for before
  const popular = ['/api/shop/home', ...urls.listings.popular, ...urls.searches.popular];
  for (let i = 0; i < popular.length; i += 10)
    await Promise.all(popular.slice(i, i + 10).map((path) => call(port, 'GET', path)));
  const start = await sample(child);
  const before = start.stats!;
  const end = Date.now() + DURATION_S * 1000;
  await Promise.all(
    Array.from({ length: conns }, async (_, c) => {
      const me = shoppers[c % shoppers.length]!;
      // browsing is anonymous, buying with the session; both from the shopper's own address
      const browsing = (path: string) => call(port, 'GET', path, undefined, undefined, me.from);
      const buying = (method: string, path: string, body?: unknown) =>
        call(port, method, path, me.cookie, body, me.from);
      while (Date.now() < end) {
        const t0 = performance.now();
        await timed('home', () => browsing('/api/shop/home'));
        const listing = await timed('listing', () => browsing(browse(urls.listings)));
        await timed('search', () => browsing(browse(urls.searches)));
        const candidates = inStock(listing.body);
        const chosen = [pick(candidates.length ? candidates : urls.ids), pick(urls.ids)];
        for (const id of chosen) await timed('detail', () => browsing(`/api/shop/products/get/${id}`));
        await timed('add to cart', () =>
          buying('POST', '/api/shop/cart/add', { productId: chosen[0], quantity: 1 }),
        );
        const checkout = Math.random() < 0.2;
        if (checkout && Math.random() < 0.5) await upiCheckout(timed, buying, me.addressId);
        else if (checkout) {
          const created = await timed('order create', () =>
            buying('POST', '/api/shop/order/create', { addressId: me.addressId }),
          );
          if (created.status === 201) {
            const { approvalURL, paymentId, orderId } = JSON.parse(created.body) as Record<string, string>;
            const approve = await timed('pay (sandbox)', () =>
              buying('POST', `${new URL(approvalURL!, 'http://x').pathname}/approve`),
            );
            const payerId = new URL(String(approve.headers.location), 'http://x').searchParams.get('PayerID');
            await timed('capture', () =>
              buying('POST', '/api/shop/order/capture', { paymentId, payerId, orderId }),
            );
          }
        }
        sessionTimes.push(performance.now() - t0);
        done++;
      }
    }),
  );
  const finish = await sample(child);
  const after = finish.stats!;
  const all = [...steps.values()].flat();
  return {
    row: {
      name: `shopper sessions (p50/p99: every step)`,
      conns,
      rps: done / DURATION_S,
      unit: 'sessions/s',
      p50: Math.round(percentile(all, 50)),
      p99: Math.round(percentile(all, 99)),
      failed,
      micro: rate(after.micro, before.micro),
      catalog: rate(after.catalog, before.catalog),
      shown: rate(after.shown, before.shown),
      rssMb: after.rss / 2 ** 20,
      ...perRequest(start, finish, done),
    },
    steps,
    refusals,
  };
}

// ---------- the URL sets ----------

function typo(word: string): string {
  if (word.length < 4) return word;
  const i = 1 + Math.floor(Math.random() * (word.length - 2));
  return word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2);
}

/** Distinct search phrases shoppers type: a noun, a brand and a noun, an adjective, sometimes a model number. */
function searchPhrases(count: number): string[] {
  const nouns = [...new Set(Object.values(NOUNS).flat())].map((n) => n.toLowerCase());
  const brands = BRANDS.map((b) => b.label.toLowerCase());
  const adjectives = ADJECTIVES.map((a) => a.toLowerCase());
  const phrases = new Set<string>();
  while (phrases.size < count) {
    const parts = [pick(nouns)];
    const r = Math.random();
    if (r < 0.4) parts.unshift(pick(brands));
    else if (r < 0.7) parts.unshift(pick(adjectives));
    if (Math.random() < 0.5) parts.push(String(Math.floor(Math.random() * 997)));
    let phrase = parts.join(' ');
    if (Math.random() < 0.1)
      phrase = phrase
        .split(' ')
        .map((w, i) => (i === 0 ? typo(w) : w))
        .join(' ');
    phrases.add(phrase);
  }
  return [...phrases];
}

/** as the storefront's search page asks: the first page with the facet counts beside it */
const searchPath = (phrase: string) =>
  `/api/shop/product/search/search-product/${encodeURIComponent(phrase)}?facets=true`;

/** Random category/brand subsets × 4 sorts × pages 1..2,000 (within each answer's pages), all distinct. */
function listingPaths(count: number, cells: { category: string; brand: string; n: number }[]): string[] {
  const categories: string[] = CATEGORIES.map((c) => c.id);
  const brands: string[] = BRANDS.map((b) => b.id);
  const paths = new Set<string>();
  while (paths.size < count) {
    const cs = shuffle([...categories]).slice(0, Math.floor(Math.random() * 4));
    const bs = shuffle([...brands]).slice(0, Math.floor(Math.random() * 4));
    const total = cells
      .filter((c) => (!cs.length || cs.includes(c.category)) && (!bs.length || bs.includes(c.brand)))
      .reduce((s, c) => s + c.n, 0);
    const pages = Math.max(1, Math.min(2000, Math.ceil(total / 24)));
    const q = new URLSearchParams();
    if (cs.length) q.set('category', cs.join(','));
    if (bs.length) q.set('brand', bs.join(','));
    q.set('sortBy', pick(SORT_IDS));
    q.set('page', String(1 + Math.floor(Math.random() * pages)));
    paths.add(`/api/shop/products/get?${q}`);
  }
  return [...paths];
}

// ---------- main ----------

function printRows(rows: Row[], ceiling: Map<number, number>) {
  const pad = (s: string | number, n: number) => String(s).padEnd(n);
  const pct = (v: number | undefined) => (v === undefined ? '—' : `${v.toFixed(0)}%`);
  const ms = (v: number | undefined) => (v === undefined ? '—' : v.toFixed(2));
  log(
    `${pad('workload', 44)}${pad('conns', 7)}${pad('rate', 18)}${pad('p50 ms', 8)}${pad('p99 ms', 8)}${pad('vs ceiling', 12)}${pad('micro hit', 11)}${pad('cache hit', 11)}${pad('rows hit', 10)}${pad('RSS MB', 8)}${pad('app CPU', 9)}${pad('db CPU', 9)}failed`,
  );
  for (const r of rows) {
    const c = ceiling.get(r.conns);
    log(
      `${pad(r.name, 44)}${pad(r.conns, 7)}${pad(`${Math.round(r.rps)} ${r.unit}`, 18)}${pad(r.p50, 8)}${pad(r.p99, 8)}${pad(r.unit === 'req/s' && c ? `${((r.rps / c) * 100).toFixed(1)}%` : '—', 12)}${pad(pct(r.micro), 11)}${pad(pct(r.catalog), 11)}${pad(pct(r.shown), 10)}${pad(r.rssMb ? r.rssMb.toFixed(0) : '—', 8)}${pad(ms(r.appCpu), 9)}${pad(ms(r.dbCpu), 9)}${r.failed}`,
    );
  }
}

async function main() {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  pgAdmin = admin;
  if (!REUSE) {
    await admin.query(`drop database if exists ${BENCH_DB}`);
    await admin.query(`create database ${BENCH_DB}`);
  }
  // seeding 500,000 products runs for minutes: no statement time-out on the bench's own connections
  const database = openPostgres(dbUrl(BENCH_DB), 4, { ...DEFAULT_POOL_TIMEOUTS, statementMs: 0 });
  let child: ChildProcess | undefined;
  try {
    await database.migrate();
    const t0 = Date.now();
    if (REUSE) {
      await database.db.execute(sql`delete from addresses`);
    } else {
      await seed(database.db);
      log(`seeded ${PRODUCTS} products (indexes built after the load) in ${Date.now() - t0} ms`);
    }

    const started = await startServer(dbUrl(BENCH_DB));
    child = started.child;
    const { port } = started;

    const ids = shuffle(
      (await rowsOf<{ id: string }>(database.db, sql`select id::text from products`)).map((r) => r.id),
    );
    const cells = await rowsOf<{ category: string; brand: string; n: number }>(
      database.db,
      sql`select category, brand, n from facet_counts`,
    );
    const shoppers: Shopper[] = [];
    for (let i = 0; i < SHOPPERS; i++) {
      const login = await call(port, 'POST', '/api/auth/login', undefined, {
        email: `shopper${i}@bench.test`,
        password: PASSWORD,
      });
      if (login.status !== 200) throw new Error(`login answered ${login.status}: ${login.body}`);
      const cookie = (login.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]).join('; ');
      const address = await call(port, 'POST', '/api/shop/address/add', cookie, {
        address: `${i} MG Road`,
        city: 'Bengaluru',
        pincode: '560001',
        phone: '9876543210',
        notes: 'Leave at the door',
        place: 'home',
      });
      if (address.status !== 201) throw new Error(`address answered ${address.status}: ${address.body}`);
      shoppers.push({
        cookie,
        addressId: (JSON.parse(address.body) as { data: { _id: string } }).data._id,
        from: `198.18.${i >> 8}.${i & 255}`,
      });
    }

    const hotListings = [
      '/api/shop/products/get?category=men,women,footwear&brand=nike,adidas,puma,zara,levi&sortBy=price-hightolow&page=3&limit=24',
      '/api/shop/products/get?category=electronics&sortBy=price-lowtohigh',
      '/api/shop/products/get?brand=samsung,apple&sortBy=title-atoz&page=2',
    ];
    const hotSearches = [
      'samsung',
      'jeans',
      'samsnug',
      'laptop',
      'running shoes',
      'jeens',
      'premium watch',
      'kurta',
    ].map(searchPath);
    const listingBody = (await call(port, 'GET', hotListings[0]!)).body;
    const ceilingPort = await new Promise<number>((resolve) => {
      const on = (m: { type: string; port: number }) => {
        if (m.type !== 'ceiling') return;
        child!.off('message', on);
        resolve(m.port);
      };
      child!.on('message', on);
      child!.send({ type: 'ceiling', body: listingBody });
    });

    // what shoppers browse: popular listing pages and phrases, plus a long tail of distinct ones
    const popularListings = listingPaths(300, cells).map((p) =>
      p.replace(/page=\d+/, `page=${1 + Math.floor(Math.random() * 3)}`),
    );
    const sessionUrls = {
      listings: { popular: popularListings, tail: listingPaths(3000, cells) },
      searches: { popular: searchPhrases(300).map(searchPath), tail: searchPhrases(3000).map(searchPath) },
      ids,
    };
    // enough distinct URLs that no cold request repeats one
    const coldSearches = searchPhrases(Math.max(20_000, DURATION_S * 3000)).map(searchPath);
    const coldListings = listingPaths(Math.max(20_000, DURATION_S * 4000), cells);

    const ceiling = new Map<number, number>();
    const rows: Row[] = [];
    const wanted = (name: string) => !ONLY || ONLY.some((w) => name.includes(w));
    const run = async (name: string, row: (name: string) => Promise<Row>) => {
      if (!wanted(name)) return undefined;
      const r = await row(name);
      rows.push(r);
      log(`  ${r.name} (${r.conns}): ${Math.round(r.rps)} ${r.unit}, p99 ${r.p99} ms`);
      return r;
    };
    for (const conns of [10, 50]) {
      const c = await run('ceiling (node:http, listing JSON)', (name) =>
        fixed(name, ceilingPort, [hotListings[0]!], { conns }),
      );
      if (c) ceiling.set(conns, c.rps);
    }
    await ask(child, 'reset');
    await run('hot listing (3 URLs)', (name) => fixed(name, port, hotListings, { conns: 10, child }));
    await run('hot search (8 keywords, 2 typos)', (name) =>
      fixed(name, port, hotSearches, { conns: 10, child }),
    );
    await run('hot product detail (2,000 ids)', (name) =>
      fixed(
        name,
        port,
        ids.slice(0, 2000).map((id) => `/api/shop/products/get/${id}`),
        { conns: 10, child },
      ),
    );
    await run('hot home', (name) => fixed(name, port, ['/api/shop/home'], { conns: 10, child }));
    // the delivery estimate (docs/delivery.md): 300 PIN codes × 20 products, courier answers cached per PIN code
    await run('delivery estimate (300 PIN codes × 20 products)', (name) =>
      fixed(
        name,
        port,
        [...PINCODES.keys()].flatMap((pin, i) =>
          ids
            .slice((i % 10) * 2, (i % 10) * 2 + 2)
            .map((id) => `/api/shop/delivery/estimate?pincode=${pin}&productId=${id}`),
        ),
        { conns: 10, child },
      ),
    );
    await ask(child, 'reset');
    const editRate = (rate: number) =>
      new Promise<number>((resolve) => {
        const on = (m: { type: string; edits: number }) => {
          if (m.type !== 'edit-rate') return;
          child!.off('message', on);
          resolve(m.edits);
        };
        child!.on('message', on);
        child!.send({ type: 'edit-rate', rate });
      });
    if (EDIT_RATE > 0) await editRate(EDIT_RATE);
    await run('cold search (distinct phrases, 10% typos)', (name) =>
      fixed(name, port, coldSearches, { conns: 10, distinct: true, child }),
    );
    await run('cold listing (subsets × sorts × pages)', (name) =>
      fixed(name, port, coldListings, { conns: 10, distinct: true, child }),
    );
    await run('cold product detail (all ids shuffled)', (name) =>
      fixed(
        name,
        port,
        ids.map((id) => `/api/shop/products/get/${id}`),
        { conns: 10, distinct: true, child },
      ),
    );
    if (EDIT_RATE > 0) log(`${await editRate(0)} products edited during the cold rows`);
    const stepTables: [number, Map<string, number[]>, Map<string, number>][] = [];
    for (const conns of [10, 50]) {
      if (!wanted('shopper sessions')) break;
      await ask(child, 'reset');
      const { row, steps, refusals } = await sessions(port, child, shoppers, conns, sessionUrls);
      rows.push(row);
      stepTables.push([conns, steps, refusals]);
      log(`  sessions (${conns}): ${row.rps.toFixed(1)} sessions/s`);
    }

    const pgHost = new URL(serverUrl).host;
    const load = loadavg()
      .map((l) => l.toFixed(1))
      .join(' ');
    log(
      `\n${PRODUCTS.toLocaleString('en')} products, PostgreSQL at ${pgHost}, ${WORKERS > 1 ? `${WORKERS} app workers, ` : ''}${EDIT_RATE ? `${EDIT_RATE} edits/s during the cold rows, ` : ''}${DURATION_S} s per row, load average ${load} (${cpus().length} CPUs)`,
    );
    log('app CPU / db CPU: CPU ms per request (per session) of the app process / of its PostgreSQL backends');
    printRows(rows, ceiling);
    for (const [conns, steps, refusals] of stepTables) {
      log(`\nsession steps at ${conns} connections (ms)`);
      log(`${'step'.padEnd(16)}${'count'.padEnd(8)}${'p50'.padEnd(8)}p99`);
      for (const [step, times] of steps)
        log(
          `${step.padEnd(16)}${String(times.length).padEnd(8)}${String(Math.round(percentile(times, 50))).padEnd(8)}${Math.round(percentile(times, 99))}`,
        );
      for (const [what, n] of refusals) log(`refused: ${what} × ${n}`);
    }
    log(
      '\ntargets (issue 15, 50k): cold search ≥ 1,000 req/s p99 ≤ 50 ms; cold listing ≥ 1,500 req/s p99 ≤ 30 ms; ' +
        'detail ≥ 4,000 req/s p99 ≤ 10 ms; sessions ≥ 100/s (10 conns, p99 ≤ 100 ms), ≥ 150/s (50 conns, p99 ≤ 250 ms)',
    );
  } finally {
    if (child) {
      child.removeAllListeners('exit');
      child.send({ type: 'stop' });
      await new Promise((resolve) => child!.once('exit', resolve));
    }
    agent.destroy();
    await gateway.stop();
    await database.close();
    if (!KEEP && !REUSE) await admin.query(`drop database if exists ${BENCH_DB}`);
    await admin.end();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
