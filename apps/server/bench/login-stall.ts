/**
 * Password hashing vs everyone else: `pnpm --filter @mp/server bench:login` (docs/security.md).
 *
 * Starts the real app on port 0 (PGlite in memory, or the DATABASE_URL server in a throwaway database
 * mp_bench_login) with 200 products and measures other shoppers' listing latency (autocannon in a worker thread,
 * 4 connections, BENCH_SECONDS each) three ways: alone; while 10 clients keep failing to log in to an account
 * with an argon2id hash (today: hashing on the thread pool); and while they fail against an account that still
 * has a bcryptjs hash (before: bcryptjs on the main thread, cost 10, what every login did). Prints p50/p99.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import bcrypt from 'bcryptjs';
import pg from 'pg';
import { createRequestHandler } from '../src/app';
import { loadConfig } from '../src/config/env';
import { openPglite, openPostgres, type Database } from '../src/db/client';
import { products, users } from '../src/db/schema';
import { buildDeps } from '../src/deps';
import { createLogger } from '../src/lib/logger';
import { withJwtSecret } from '../src/modules/auth/installation-secret';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 5);
const LOGINS = 10;
const BENCH_DB = 'mp_bench_login';
const log = (msg: string) => process.stdout.write(`${msg}\n`);

async function openBenchDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const database = await openPglite();
    await database.migrate();
    return { database, drop: async () => undefined };
  }
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`drop database if exists ${BENCH_DB}`);
  await admin.query(`create database ${BENCH_DB}`);
  const u = new URL(url);
  u.pathname = `/${BENCH_DB}`;
  const database = openPostgres(u.toString(), 10);
  await database.migrate();
  return {
    database,
    drop: async () => {
      await admin.query(`drop database if exists ${BENCH_DB}`);
      await admin.end();
    },
  };
}

async function main() {
  const { database, drop } = await openBenchDatabase();
  const servers: Server[] = [];
  try {
    const config = await withJwtSecret(
      loadConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        LOGIN_RATE_LIMIT: '100000000',
        SEED_DEMO: 'false',
      }),
      database.db,
    );
    const deps = buildDeps(config, database.db, createLogger('silent'));
    await database.db.insert(users).values([
      {
        username: 'New',
        email: 'argon@bench.in',
        passwordHash: await deps.passwords.hash('Real-Password-1'),
        role: 'user',
      },
      {
        username: 'Old',
        email: 'bcrypt@bench.in',
        passwordHash: bcrypt.hashSync('Real-Password-1', 10),
        role: 'user',
      },
    ]);
    await database.db.insert(products).values(
      Array.from({ length: 200 }, (_, i) => ({
        title: `Bench product ${i}`,
        description: 'A product for the login bench',
        category: ['men', 'women', 'footwear'][i % 3]!,
        brand: ['nike', 'adidas', 'puma'][i % 3]!,
        pricePaise: 10_000 + i * 100,
        totalStock: 10,
        image: '/uploads/products/bench.png',
        images: ['/uploads/products/bench.png'],
      })),
    );
    const server = createServer(createRequestHandler(deps));
    servers.push(server);
    const port = await new Promise<number>((resolve) =>
      server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
    );
    const url = `http://127.0.0.1:${port}`;
    const listing = {
      method: 'GET',
      path: '/api/shop/products/get?category=men,women&sortBy=price-lowtohigh',
    };

    async function measure(name: string, loginEmail?: string) {
      let running = true;
      let failed = 0;
      const attackers = loginEmail
        ? Array.from({ length: LOGINS }, async () => {
            while (running) {
              const res = await fetch(`${url}/api/auth/login`, {
                method: 'POST',
                headers: { 'content-type': 'application/json' },
                body: JSON.stringify({ email: loginEmail, password: 'wrong-password' }),
              });
              await res.arrayBuffer();
              if (res.status === 401) failed++;
            }
          })
        : [];
      const opts = { url, connections: 4, workers: 1, requests: [listing] };
      await autocannon({ ...opts, duration: 1 });
      const r = await autocannon({ ...opts, duration: DURATION_S });
      running = false;
      await Promise.all(attackers);
      log(
        `${name.padEnd(58)}${String(r.latency.p50).padEnd(9)}${String(r.latency.p99).padEnd(9)}${String(Math.round(r.requests.average)).padEnd(9)}${failed}`,
      );
    }

    log(`listing latency of other shoppers, ${DURATION_S} s each, database ${database.kind}`);
    log(
      `${'scenario'.padEnd(58)}${'p50 ms'.padEnd(9)}${'p99 ms'.padEnd(9)}${'req/s'.padEnd(9)}failed logins`,
    );
    await measure('alone');
    await measure(`${LOGINS} failing logins, argon2id on the thread pool (now)`, 'argon@bench.in');
    await measure(`${LOGINS} failing logins, bcryptjs hash, main thread (before)`, 'bcrypt@bench.in');
  } finally {
    for (const s of servers) {
      s.closeAllConnections();
      await new Promise<void>((resolve) => s.close(() => resolve()));
    }
    await database.close();
    await drop();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
