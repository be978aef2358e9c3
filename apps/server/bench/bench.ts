/**
 * Catalog read-path benchmark: `pnpm bench` (root) → `tsx bench/bench.ts` in apps/server.
 *
 * Creates a throwaway database (mp_bench) on the DATABASE_URL server (default: the local dev server), migrates it,
 * seeds 50,000 products, starts the real app on port 0 with logging silent and measures, with autocannon
 * (10 connections, a short warm-up then 6 s each): a filtered + sorted listing page, a search, a product detail
 * and the home sections; plus a bare node:http server answering the same listing JSON from memory as the ceiling.
 * Prints req/s, p50/p99 latency and each endpoint's ratio to the ceiling, then drops the database.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import express from 'express';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { BRANDS, CATEGORIES } from '@mp/shared';
import { createRequestHandler } from '../src/app';
import { loadConfig } from '../src/config/env';
import { openPostgres } from '../src/db/client';
import { buildDeps } from '../src/deps';
import { withJwtSecret } from '../src/modules/auth/installation-secret';
import { createLogger } from '../src/lib/logger';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 50_000);
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 6);
const CONNECTIONS = 10;
const BENCH_DB = 'mp_bench';
const serverUrl = process.env.DATABASE_URL ?? 'postgres://mp_dev:mp_dev@127.0.0.1:5432/postgres';

const log = (msg: string) => process.stdout.write(`${msg}\n`);

function dbUrl(name: string): string {
  const u = new URL(serverUrl);
  u.pathname = `/${name}`;
  return u.toString();
}

const listen = (server: Server) =>
  new Promise<number>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
  );
const close = (server: Server) =>
  new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });

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

async function seed(db: ReturnType<typeof openPostgres>['db']) {
  const categories = CATEGORIES.map((c) => c.id);
  const brandIds = BRANDS.map((b) => b.id);
  const brandLabels = BRANDS.map((b) => b.label);
  // one title-noun array per category, indexed by category position
  const nouns = categories.map((c) => NOUNS[c]!);
  const maxNouns = Math.max(...nouns.map((n) => n.length));
  const nounMatrix = nouns.map((n) => Array.from({ length: maxNouns }, (_, i) => n[i % n.length]!));
  await db.execute(sql`
    insert into products (title, description, category, brand, price_paise, sale_price_paise, discount,
                          total_stock, image, units_sold, wishlist_count, rating_sum, review_count, created_at)
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
      (g * 13) % 120,
      '/uploads/bench/p.png',
      (g * 53) % 1500,
      (g * 11) % 40,
      (g % 6) * (1 + g % 5),
      g % 6,
      now() - (g || ' minutes')::interval
    from generate_series(1, ${PRODUCTS}) g
    cross join lateral (select 10000 + ((g * 7919) % 500000) as price) p`);
  await db.execute(sql`analyze products`);
}

interface Row {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

async function measure(name: string, url: string, paths: string[]): Promise<Row> {
  // The load generator runs in a worker thread so it does not share the event loop of the app it measures;
  // each connection cycles through the paths.
  const opts = {
    url,
    connections: CONNECTIONS,
    workers: 1,
    requests: paths.map((path) => ({ method: 'GET', path })),
  };
  await autocannon({ ...opts, duration: 1 }); // warm-up
  const r = await autocannon({ ...opts, duration: DURATION_S });
  return {
    name,
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    non2xx: r.non2xx,
    errors: r.errors,
  };
}

async function main() {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${BENCH_DB}`);
  await admin.query(`create database ${BENCH_DB}`);
  const database = openPostgres(dbUrl(BENCH_DB), 10);
  const servers: Server[] = [];
  try {
    await database.migrate();
    const t0 = Date.now();
    await seed(database.db);
    log(`seeded ${PRODUCTS} products in ${Date.now() - t0} ms`);

    const config = loadConfig({
      NODE_ENV: 'production',
      JWT_SECRET: 'bench-secret-long-enough-123',
      LOG_LEVEL: 'silent',
      DATABASE_URL: dbUrl(BENCH_DB),
      UPLOAD_DIR: '/tmp/mp-bench-uploads',
      SEED_DEMO: 'false',
    });
    const appServer = createServer(
      createRequestHandler(
        buildDeps(await withJwtSecret(config, database.db), database.db, createLogger('silent')),
      ),
    );
    servers.push(appServer);
    const appUrl = `http://127.0.0.1:${await listen(appServer)}`;

    const listingPath =
      '/api/shop/products/get?category=men,women,footwear&brand=nike,adidas,puma,zara,levi&sortBy=price-hightolow&page=3&limit=24';
    const listingRes = await fetch(appUrl + listingPath);
    if (!listingRes.ok) throw new Error(`listing answered ${listingRes.status}`);
    const listingBody = await listingRes.text();
    const ceiling = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
      res.end(listingBody);
    });
    servers.push(ceiling);
    const ceilingUrl = `http://127.0.0.1:${await listen(ceiling)}`;

    const ids = (
      (await database.db.execute(sql`select id from products order by random() limit 2000`)) as unknown as {
        rows: { id: string }[];
      }
    ).rows.map((r) => `/api/shop/products/get/${r.id}`);
    const searches = [
      'samsung',
      'jeans',
      'samsnug',
      'laptop',
      'running shoes',
      'jeens',
      'premium watch',
      'kurta',
    ].map((k) => `/api/shop/product/search/search-product/${encodeURIComponent(k)}`);
    const listings = [
      listingPath,
      '/api/shop/products/get?category=electronics&sortBy=price-lowtohigh',
      '/api/shop/products/get?brand=samsung,apple&sortBy=title-atoz&page=2',
    ];

    const rows: Row[] = [];
    rows.push(await measure('ceiling (node:http, listing JSON)', ceilingUrl, [listingPath]));
    // what Express alone costs here: no middleware, the same body from memory
    const bareExpress = express().get('/api/shop/products/get', (_req, res) => {
      res.type('application/json').send(listingBody);
    });
    const bareServer = createServer(bareExpress);
    servers.push(bareServer);
    rows.push(
      await measure('bare Express (same JSON, memory)', `http://127.0.0.1:${await listen(bareServer)}`, [
        listingPath,
      ]),
    );
    // the full middleware stack plus one database round trip, uncached
    rows.push(await measure('app floor (GET /api/health, DB)', appUrl, ['/api/health']));
    rows.push(await measure('listing (filtered + sorted page)', appUrl, listings));
    rows.push(await measure('search (8 keywords, 2 typos)', appUrl, searches));
    rows.push(await measure('product detail (2000 ids)', appUrl, ids));
    rows.push(await measure('home sections', appUrl, ['/api/shop/home']));

    const ceilingRps = rows[0]!.rps;
    const pad = (s: string | number, n: number) => String(s).padEnd(n);
    log(
      `\n${PRODUCTS} products, ${CONNECTIONS} connections, ${DURATION_S} s per endpoint, PostgreSQL at ${new URL(serverUrl).host}`,
    );
    log(
      `${pad('endpoint', 36)}${pad('req/s', 10)}${pad('p50 ms', 9)}${pad('p99 ms', 9)}${pad('vs ceiling', 12)}non-2xx/errors`,
    );
    for (const r of rows) {
      log(
        `${pad(r.name, 36)}${pad(Math.round(r.rps), 10)}${pad(r.p50, 9)}${pad(r.p99, 9)}${pad(`${((r.rps / ceilingRps) * 100).toFixed(1)}%`, 12)}${r.non2xx}/${r.errors}`,
      );
    }
    log('\ntargets: listing and detail ≥ 25% of the ceiling; search p99 < 50 ms; home p99 < 50 ms');
  } finally {
    for (const s of servers) await close(s);
    await database.close();
    // BENCH_KEEP=1 leaves the database for EXPLAIN sessions
    if (!process.env.BENCH_KEEP) await admin.query(`drop database if exists ${BENCH_DB}`);
    await admin.end();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
