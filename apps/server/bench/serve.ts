/**
 * The app under test, in its own process (forked by bench.ts) so its RSS and event loop are its own.
 * Listens on 127.0.0.1 port 0 and reports the port over IPC; answers `stats` (RSS, cache hits) and `reset`.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequestHandler } from '../src/app';
import { loadConfig } from '../src/config/env';
import { openPostgres } from '../src/db/client';
import { buildDeps } from '../src/deps';
import { withJwtSecret } from '../src/modules/auth/installation-secret';
import { createLogger } from '../src/lib/logger';

const databaseUrl = process.env.BENCH_DATABASE_URL!;
const config = loadConfig({
  NODE_ENV: 'production',
  JWT_SECRET: 'bench-secret-long-enough-123',
  LOG_LEVEL: 'silent',
  DATABASE_URL: databaseUrl,
  DATABASE_POOL_MAX: process.env.BENCH_POOL ?? '10',
  UPLOAD_DIR: '/tmp/mp-bench-uploads',
  SEED_DEMO: 'false',
  // the session workload checks out through the built-in sandbox (production turns it off unless asked)
  ALLOW_SANDBOX_PAYMENTS: 'true',
  LOGIN_RATE_LIMIT: '100000',
  COOKIE_SECURE: 'false',
  PUBLIC_URL: 'http://127.0.0.1',
});
const database = openPostgres(databaseUrl, config.databasePoolMax);
const deps = buildDeps(await withJwtSecret(config, database.db), database.db, createLogger('silent'));
const handler = createRequestHandler(deps);
// as src/index.ts does at start, but waited for here, so its build is not measured as part of the first row
const indexStarted = performance.now();
await deps.listingIndex.ready();
const indexMs = Math.round(performance.now() - indexStarted);
const server = createServer(handler);
server.keepAliveTimeout = 30_000;

server.listen(0, '127.0.0.1', () => {
  process.send!({
    type: 'ready',
    port: (server.address() as AddressInfo).port,
    indexMs,
    rss: process.memoryUsage().rss,
  });
});

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

process.on('message', (msg: { type: string; body?: string }) => {
  if (msg.type === 'ceiling') startCeiling(msg.body!);
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
