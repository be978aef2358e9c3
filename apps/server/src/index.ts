/**
 * Process entry: config, data folder lock (embedded database), database (waited for with backoff), migrations and
 * bootstrap under the start-up lock, listen, and a graceful shutdown that drains (docs/operations.md).
 */
import { fileURLToPath } from 'node:url';
import { createServer, type Server } from 'node:http';
import { createHttpTerminator } from 'http-terminator';
import { ConfigError, loadConfig, type Config } from './config/env';
import { openDatabase, openPostgres } from './db/client';
import { createCatalogReader } from './db/read-routing';
import { DatabaseUnreachableError, waitForDatabase } from './db/wait';
import { createLogger } from './lib/logger';
import { createRequestHandler } from './app';
import { buildDeps } from './deps';
import { createLocalChangeFeed, createPgChangeFeed } from './lib/change-feed';
import { assertWritable, DataDirError, lockDataDir } from './lib/data-dir';
import { rootCause } from './lib/db-errors';
import { createMetrics } from './lib/metrics';
import { bootstrapData } from './seed/bootstrap';
import { startBackgroundJobs } from './jobs';
import { mailWorkerFor } from './modules/mail';
import { withJwtSecret } from './modules/auth/installation-secret';
import { withLocalGateway } from './fakes/razorpay/local';
import { withLocalCourier } from './fakes/courier/local';

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
}

async function main() {
  const loaded = readConfig();
  const logger = createLogger(loaded.logLevel);
  const webDist = loaded.webDist ?? fileURLToPath(new URL('../../web/dist', import.meta.url));

  let releaseDataDir: (() => Promise<void>) | undefined;
  if (!loaded.databaseUrl) {
    releaseDataDir = await lockDataDir(loaded.dataDir, (err) => {
      logger.fatal({ err }, 'lost the DATA_DIR lock; stopping to protect the embedded database');
      process.exit(1);
    });
  }
  if (!loaded.s3 && !loaded.cloudinaryUrl) assertWritable(loaded.uploadDir, 'UPLOAD_DIR');

  const database = await openDatabase({
    databaseUrl: loaded.databaseUrl,
    dataDir: loaded.dataDir,
    poolMax: loaded.databasePoolMax,
    timeouts: loaded.databaseTimeouts,
    onPoolError: (err) =>
      logger.warn({ err: err.message }, 'database connection lost; the pool opens a new one'),
  });
  if (loaded.databaseUrl) {
    await waitForDatabase(database.db, {
      timeoutMs: loaded.databaseTimeouts.startupMs,
      logger,
      url: loaded.databaseUrl,
    });
  }
  // the outside parties' local fakes start once the database answers (so a start-up failure is the first line)
  // no gateway keys outside production: the local fake gateway (src/fakes/razorpay/local.ts)
  const withGateway = await withLocalGateway(loaded, logger);
  const gatewayFake = withGateway.fake;
  // the courier (docs/delivery.md): COURIER_API_KEY's, else the fake courier in-process outside production
  const { config, fake: courierFake } = await withLocalCourier(withGateway.config, logger);

  let resync = (): void => undefined;
  const metrics = createMetrics({ defaultMetrics: true });
  metrics.sources.pool = database.pool;
  const changes =
    config.databaseUrl && database.pool
      ? createPgChangeFeed({
          url: config.databaseUrl,
          pool: database.pool,
          logger,
          connectTimeoutMs: config.databaseTimeouts.connectMs,
          // changes made while the listening connection was down were not heard: drop every cached answer once
          onResync: () => resync(),
        })
      : createLocalChangeFeed(logger);
  // catalogue reads go to DATABASE_READ_URL's replica once it has replayed every change heard (docs/operations.md,
  // "Read replica"); not waited for: until it answers, the primary serves them. Made before the caches, so it hears
  // a change before they refill.
  const readDatabase = config.databaseReadUrl
    ? openPostgres(config.databaseReadUrl, config.databaseReadPoolMax, config.databaseTimeouts, (err) =>
        logger.warn({ err: err.message }, 'read replica connection lost; the pool opens a new one'),
      )
    : undefined;
  metrics.sources.readPool = readDatabase?.pool;
  const catalogReader = createCatalogReader({ primary: database, replica: readDatabase, changes, logger });

  // several instances may start at once on one empty database: one migrates, makes the installation's signing
  // secret (when JWT_SECRET is unset) and seeds; the others wait and then find everything done
  const deps = await database.exclusive(async () => {
    await database.migrate();
    const resolved = await withJwtSecret({ ...config, webDist }, database.db);
    const built = buildDeps(resolved, database.db, logger, { changes, metrics, catalogReader });
    await bootstrapData(built);
    return built;
  });
  resync = () => {
    catalogReader.markBehind();
    deps.catalogCache.clear();
    deps.banners.forget();
    deps.stores.pages.forget();
  };

  const stopHoldSweeper = startBackgroundJobs(deps);
  const stopMailWorker = mailWorkerFor(deps).start(2_000);
  // product imports (docs/catalogue-import.md): polled every 2 s, started at once when this instance queues one
  const stopImportWorker = deps.productImports.worker.start(2_000);
  // time-outs are checked every second (node's default is every 30 s, which would stretch a 30 s limit to a minute)
  const server: Server = createServer({ connectionsCheckingInterval: 1000 }, createRequestHandler(deps));
  // bounded waits: a slow client gets REQUEST_TIMEOUT_MS for its whole request, headers included
  server.requestTimeout = config.requestTimeoutMs;
  server.headersTimeout = Math.min(config.requestTimeoutMs, 20_000);
  server.keepAliveTimeout = 5000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const ownHost = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
  gatewayFake?.controls.setWebhookUrl(`http://${ownHost}:${port}/api/payments/razorpay/webhook`);
  logger.info(
    { port, database: database.kind, storage: deps.storage.kind, pid: process.pid },
    `Marketplace listening on ${config.publicUrl}`,
  );
  if (!config.metricsEnabled)
    logger.warn('GET /metrics is off: in production it needs METRICS_TOKEN (docs/operations.md, "Metrics")');
  if (courierFake) courierFake.controls.webhookUrl = `http://127.0.0.1:${port}/api/couriers/webhook`;
  const terminator = createHttpTerminator({ server, gracefulTerminationTimeout: config.shutdown.timeoutMs });

  let stopping = false;
  async function shutdown(signal: string, code = 0) {
    if (stopping) return;
    stopping = true;
    // 1. readiness answers 503 so the load balancer stops sending new requests; everything is still served
    deps.lifecycle.draining = true;
    const drainMs = code === 0 ? config.shutdown.drainMs : 0;
    logger.info({ signal, drainMs }, 'shutting down: draining');
    if (drainMs > 0) await new Promise((r) => setTimeout(r, drainMs));
    // 2. stop accepting, answer the requests in flight with Connection: close, close idle keep-alive sockets
    await terminator
      .terminate()
      .catch((err: unknown) => logger.warn({ err }, 'closing the HTTP server failed'));
    stopHoldSweeper();
    await gatewayFake?.stop();
    await stopMailWorker();
    await stopImportWorker();
    await courierFake?.stop();
    await changes.close();
    await catalogReader.close();
    await readDatabase
      ?.close()
      .catch((err: unknown) => logger.warn({ err }, 'closing the read replica failed'));
    await database.close().catch((err: unknown) => logger.warn({ err }, 'closing the database failed'));
    await releaseDataDir?.().catch(() => undefined);
    logger.info('stopped');
    process.exit(code);
  }
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('unhandledRejection', (reason) => {
    logger.fatal({ err: reason }, 'unhandled promise rejection');
    void shutdown('unhandledRejection', 1);
  });
  process.on('uncaughtException', (err) => {
    logger.fatal({ err }, 'uncaught exception');
    void shutdown('uncaughtException', 1);
  });
}

void main().catch((err: unknown) => {
  // the reason first (ECONNREFUSED, a wrong password, a locked DATA_DIR), the details after
  if (err instanceof DataDirError || err instanceof DatabaseUnreachableError)
    console.error(`Start-up failed: ${err.message}`);
  else console.error(`Start-up failed: ${rootCause(err)}`);
  if (!(err instanceof DataDirError)) console.error(err);
  process.exit(1);
});
