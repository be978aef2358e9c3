/**
 * The app under test, in its own process (forked by bench.ts) so its RSS and event loop are its own.
 * Listens on 127.0.0.1 port 0 and reports the port over IPC; answers `stats` (RSS, cache hits) and `reset`.
 * With BENCH_WORKERS > 1 this process is a cluster primary: the workers share the port (node:cluster hands each
 * connection to one of them), each a full instance with the PostgreSQL change feed, and the primary sums their
 * stats. `edit-rate` starts (rate > 0) or stops (rate 0) a stream of product edits (`editStream` below).
 */
import cluster from 'node:cluster';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequestHandler } from '../src/app';
import { loadConfig } from '../src/config/env';
import { openPostgres } from '../src/db/client';
import { buildDeps } from '../src/deps';
import { withJwtSecret } from '../src/modules/auth/installation-secret';
import { createPgChangeFeed } from '../src/lib/change-feed';
import { createLogger } from '../src/lib/logger';
import { startCourierFake } from '../src/fakes/courier';

const databaseUrl = process.env.BENCH_DATABASE_URL!;
// the courier behind the delivery estimate: the fake courier in this process (docs/delivery.md)
const courier = await startCourierFake({
  apiKey: 'bench-courier-key',
  webhookSecret: 'bench-courier-secret-1',
});
const config = loadConfig({
  COURIER_API_BASE: courier.url,
  COURIER_API_KEY: 'bench-courier-key',
  COURIER_WEBHOOK_SECRET: 'bench-courier-secret-1',
  NODE_ENV: 'production',
  JWT_SECRET: 'bench-secret-long-enough-123',
  LOG_LEVEL: 'silent',
  DATABASE_URL: databaseUrl,
  DATABASE_POOL_MAX: process.env.BENCH_POOL ?? '10',
  UPLOAD_DIR: '/tmp/mp-bench-uploads',
  SEED_DEMO: 'false',
  // the session workload checks out through the built-in sandbox (production turns it off unless asked)
  ALLOW_SANDBOX_PAYMENTS: 'true',
  // and half of them through the Indian gateway's fake, which bench.ts runs (docs/money.md)
  ...(process.env.BENCH_RAZORPAY_KEY_ID
    ? {
        RAZORPAY_KEY_ID: process.env.BENCH_RAZORPAY_KEY_ID,
        RAZORPAY_KEY_SECRET: process.env.BENCH_RAZORPAY_KEY_SECRET,
        RAZORPAY_API_BASE: process.env.BENCH_RAZORPAY_API_BASE,
      }
    : {}),
  LOGIN_RATE_LIMIT: '100000',
  // each simulated shopper names its own client address (X-Forwarded-For, one trusted proxy), but each runs many
  // sessions a second: per-address search and mail limits would refuse what a real crowd of shoppers does (the
  // bench must pay for every search and every order mail)
  TRUST_PROXY: '1',
  SEARCH_RATE_LIMIT: '1000000000',
  MAIL_PER_CLIENT_PER_HOUR: '1000000000',
  MAIL_PER_RECIPIENT_PER_HOUR: '1000000000',
  // a simulated shopper's cart keeps what 4 sessions in 5 add without checking out, so over --reuse runs it grows
  // past the lines one unpaid order may hold; earlier runs checked such carts out, and so do these
  UNPAID_ORDER_LINES_MAX: '1000000',
  UNPAID_ORDER_UNITS_MAX: '1000000',
  COOKIE_SECURE: 'false',
  PUBLIC_URL: 'http://127.0.0.1',
});
const WORKERS = Number(process.env.BENCH_WORKERS ?? 1);
if (WORKERS > 1 && cluster.isPrimary) {
  await runPrimary(WORKERS);
} else {
  await runInstance();
}

type Msg = { type: string; [k: string]: unknown };

/** Forks the workers and speaks for them to bench.ts: `ready` once all listen, stats summed. */
async function runPrimary(count: number) {
  const workers = Array.from({ length: count }, () => cluster.fork());
  const ask = (type: string, body?: string) =>
    Promise.all(
      workers.map(
        (w) =>
          new Promise<Msg>((resolve) => {
            const on = (m: Msg) => {
              if (m.type !== type) return;
              w.off('message', on);
              resolve(m);
            };
            w.on('message', on);
            w.send({ type, body });
          }),
      ),
    );
  const ready = await Promise.all(
    workers.map((w) => new Promise<Msg>((resolve) => w.once('message', (m: Msg) => resolve(m)))),
  );
  process.send!({
    type: 'ready',
    port: ready[0]!.port,
    rss: ready.reduce((n, r) => n + (r.rss as number), process.memoryUsage().rss),
  });
  const sum = (all: Msg[], key: string) => ({
    hits: all.reduce((n, m) => n + (m[key] as { hits: number }).hits, 0),
    misses: all.reduce((n, m) => n + (m[key] as { misses: number }).misses, 0),
  });
  process.on('message', async (msg: Msg) => {
    if (msg.type === 'ceiling' || msg.type === 'edit-rate') {
      const [w] = workers;
      w!.once('message', (m: Msg) => process.send!(m));
      w!.send(msg);
    } else if (msg.type === 'stats') {
      const all = await ask('stats');
      const own = process.cpuUsage();
      process.send!({
        type: 'stats',
        rss: all.reduce((n, m) => n + (m.rss as number), process.memoryUsage().rss),
        cpuMs: all.reduce((n, m) => n + (m.cpuMs as number), (own.user + own.system) / 1000),
        micro: sum(all, 'micro'),
        catalog: sum(all, 'catalog'),
        shown: sum(all, 'shown'),
      });
    } else if (msg.type === 'reset') {
      await ask('reset');
      process.send!({ type: 'reset' });
    } else if (msg.type === 'stop') {
      let left = workers.length;
      for (const w of workers) {
        w.once('exit', () => --left === 0 && process.exit(0));
        w.send(msg);
      }
    }
  });
}

async function runInstance() {
  const database = openPostgres(databaseUrl, config.databasePoolMax);
  const logger = createLogger('silent');
  // several workers: each hears the others' catalogue changes, as separate instances do
  const changes =
    WORKERS > 1 ? createPgChangeFeed({ url: databaseUrl, pool: database.pool!, logger }) : undefined;
  const deps = buildDeps(await withJwtSecret(config, database.db), database.db, logger, { changes });
  const handler = createRequestHandler(deps);
  const server = createServer(handler);
  server.keepAliveTimeout = 30_000;

  server.listen(0, '127.0.0.1', () => {
    process.send!({
      type: 'ready',
      port: (server.address() as AddressInfo).port,
      rss: process.memoryUsage().rss,
    });
  });

  /**
   * One edit as a seller's console save writes it: a price (one rupee up or down) or a title word, one product
   * picked at random, the change published once the update has committed (as product.service.ts does). The product
   * is the first live one at or after a random uuid (one primary-key probe): reading every id once cost 0.5 s of
   * database CPU and 100 MB of this process inside the first measured row at 500,000 products.
   */
  async function editOne(n: number) {
    const probe = async (from: string) =>
      (
        (await database.db.execute(
          sql`select id from products where id >= ${from} and deleted_at is null order by id limit 1`,
        )) as unknown as { rows: { id: string }[] }
      ).rows[0]?.id;
    const id = (await probe(randomUUID())) ?? (await probe('00000000-0000-0000-0000-000000000000'));
    if (!id) return;
    await database.db.execute(
      n % 2
        ? sql`update products set updated_at = now(), title = case when title like '% Refreshed'
            then left(title, -10) else title || ' Refreshed' end where id = ${id}`
        : sql`update products set updated_at = now(), price_paise = case
            when price_paise - 100 >= greatest(coalesce(sale_price_paise, 0), 100) and random() < 0.5
            then price_paise - 100 else price_paise + 100 end where id = ${id}`,
    );
    deps.changes.publish({ type: 'products', ids: [id] });
    edits++;
  }
  let edits = 0;
  let stopEdits = () => {};
  /** bench.ts --edit-rate=R: R edits a second (alternately a price and a title) until told rate 0; answers how many. */
  function editStream(rate: number) {
    stopEdits();
    if (rate > 0) {
      let n = 0;
      const timer = setInterval(() => void editOne(n++).catch(() => {}), 1000 / rate);
      stopEdits = () => clearInterval(timer);
    } else stopEdits = () => {};
    process.send!({ type: 'edit-rate', edits });
  }

  /** The ceiling: bare node:http in this same process, answering a fixed JSON body from memory. */
  function startCeiling(body: string) {
    const ceiling = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
      res.end(body);
    });
    ceiling.keepAliveTimeout = 30_000;
    ceiling.listen(0, '127.0.0.1', () => {
      process.send!({ type: 'ceiling', port: (ceiling.address() as AddressInfo).port });
    });
  }

  process.on('message', (msg: { type: string; body?: string; rate?: number }) => {
    if (msg.type === 'ceiling') startCeiling(msg.body!);
    else if (msg.type === 'edit-rate') editStream(msg.rate!);
    else if (msg.type === 'stats') {
      process.send!({
        type: 'stats',
        rss: process.memoryUsage().rss,
        cpuMs: (process.cpuUsage().user + process.cpuUsage().system) / 1000,
        micro: { ...handler.microCache.stats },
        catalog: { hits: deps.catalogCache.stats.hits, misses: deps.catalogCache.stats.misses },
        shown: { hits: deps.catalogCache.stats.shownHits, misses: deps.catalogCache.stats.shownMisses },
      });
    } else if (msg.type === 'reset') {
      handler.microCache.clear();
      deps.catalogCache.clear();
      Object.assign(handler.microCache.stats, { hits: 0, misses: 0 });
      Object.assign(deps.catalogCache.stats, { hits: 0, misses: 0, shownHits: 0, shownMisses: 0 });
      process.send!({ type: 'reset' });
    } else if (msg.type === 'stop') {
      server.closeAllConnections();
      server.close(() => void database.close().then(() => process.exit(0)));
    }
  });
}
