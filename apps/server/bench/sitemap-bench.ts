/**
 * Crawler read-path benchmark: `pnpm --filter @mp/server bench:sitemap`.
 *
 * Creates a throwaway database (mp_bench_sitemap) on the DATABASE_URL server, migrates it, seeds BENCH_PRODUCTS
 * (default 500,000) products (1 % deleted), starts the real app on port 0 and times, sequentially: the sitemap
 * index, one product sitemap page, robots.txt and a product page's server HTML. Prints p50/p99/max per URL and
 * the query plans of the two sitemap reads, then drops the database. Figures only: nothing here asserts a time.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { createRequestHandler } from '../src/app';
import { loadConfig } from '../src/config/env';
import { openPostgres } from '../src/db/client';
import { buildDeps } from '../src/deps';
import { createLogger } from '../src/lib/logger';
import { withJwtSecret } from '../src/modules/auth/installation-secret';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 500_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 30);
const BENCH_DB = process.env.BENCH_DB ?? 'mp_bench_sitemap';
const serverUrl = process.env.DATABASE_URL ?? 'postgres://mp_dev:mp_dev@127.0.0.1:5432/postgres';
const log = (msg: string) => process.stdout.write(`${msg}\n`);
const dbUrl = (name: string) => Object.assign(new URL(serverUrl), { pathname: `/${name}` }).toString();

async function admin(q: string) {
  const c = new pg.Client({ connectionString: serverUrl });
  await c.connect();
  try {
    await c.query(q);
  } finally {
    await c.end();
  }
}

const pct = (xs: number[], p: number) => xs[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;

async function main() {
  await admin(`drop database if exists ${BENCH_DB}`);
  await admin(`create database ${BENCH_DB}`);
  const webDist = mkdtempSync(path.join(tmpdir(), 'mp-bench-web-'));
  writeFileSync(
    path.join(webDist, 'index.html'),
    '<!doctype html><html><head><title>x</title></head><body><div id="root"></div></body></html>',
  );
  const database = openPostgres(dbUrl(BENCH_DB), 10);
  try {
    await database.migrate();
    const started = Date.now();
    await database.db.execute(sql`
      insert into products (title, description, category, brand, price_paise, total_stock, image, deleted_at)
      select 'Bench product ' || g, 'A product for the sitemap benchmark', 'men', 'nike', 10000 + g % 50000,
             g % 7, '/uploads/products/bench.png', case when g % 100 = 0 then now() else null end
      from generate_series(1, ${PRODUCTS}) g`);
    await database.db.execute(sql`vacuum analyze products`); // steady state: autovacuum has set the visibility map
    log(`seeded ${PRODUCTS} products in ${((Date.now() - started) / 1000).toFixed(1)} s`);

    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      JWT_SECRET: 'bench-secret-long-enough',
      WEB_DIST: webDist,
      PUBLIC_URL: 'https://haat.example.in',
    });
    const deps = buildDeps(await withJwtSecret(config, database.db), database.db, createLogger('silent'));
    const server = createServer(createRequestHandler(deps));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

    const index = await (await fetch(`${base}/sitemap.xml`)).text();
    const pages = [...index.matchAll(/<loc>https:\/\/haat\.example\.in([^<]+)<\/loc>/g)].map((m) => m[1]!);
    const productPage = pages.find((p) => p.includes('products-'))!;
    const pageXml = await (await fetch(`${base}${productPage}`)).text();
    const urlsInPage = (pageXml.match(/<url>/g) ?? []).length;
    const productId = /\/product\/([0-9a-f-]{36})/.exec(pageXml)![1]!;
    log(`sitemap index: ${pages.length} files; ${productPage} holds ${urlsInPage} URLs`);

    for (const url of ['/sitemap.xml', productPage, '/robots.txt', `/product/${productId}`]) {
      const times: number[] = [];
      let bytes = 0;
      for (let i = 0; i < ROUNDS; i++) {
        const t = performance.now();
        const res = await fetch(`${base}${url}`, { headers: { 'accept-encoding': 'identity' } });
        bytes = (await res.arrayBuffer()).byteLength;
        times.push(performance.now() - t);
      }
      times.sort((a, b) => a - b);
      log(
        `${url.padEnd(48)} p50 ${pct(times, 50).toFixed(1)} ms  p99 ${pct(times, 99).toFixed(1)} ms  max ${times.at(-1)!.toFixed(1)} ms  ${bytes} B`,
      );
    }

    const plan = async (q: ReturnType<typeof sql>) =>
      ((await database.db.execute(q)) as unknown as { rows: { 'QUERY PLAN': string }[] }).rows
        .map((r) => `    ${r['QUERY PLAN']}`)
        .join('\n');
    log('plan of one product sitemap page:');
    log(
      await plan(sql`explain (analyze, buffers, costs off) select id, updated_at from products
        where deleted_at is null and id between '80000000-0000-0000-0000-000000000000'::uuid
        and '80ffffff-ffff-ffff-ffff-ffffffffffff'::uuid order by id limit 50000`),
    );
    server.closeAllConnections();
    await new Promise<void>((r) => server.close(() => r()));
  } finally {
    await database.close();
    rmSync(webDist, { recursive: true, force: true });
    await admin(`drop database if exists ${BENCH_DB}`);
  }
}

void main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
