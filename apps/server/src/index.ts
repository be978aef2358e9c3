/** Process entry: config, database, migrations, bootstrap data, listen, graceful shutdown. */
import { fileURLToPath } from 'node:url';
import { ConfigError, loadConfig, type Config } from './config/env';
import { openDatabase } from './db/client';
import { createLogger } from './lib/logger';
import { createServer, type Server } from 'node:http';
import { createRequestHandler } from './app';
import { buildDeps } from './deps';
import { bootstrapData } from './seed/bootstrap';
import { startBackgroundJobs } from './jobs';
import { mailWorkerFor } from './modules/mail';
import { withJwtSecret } from './modules/auth/installation-secret';

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
  const config = readConfig();
  const logger = createLogger(config.logLevel);
  const webDist = config.webDist ?? fileURLToPath(new URL('../../web/dist', import.meta.url));
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolMax: config.databasePoolMax,
  });
  await database.migrate();
  const deps = buildDeps(await withJwtSecret({ ...config, webDist }, database.db), database.db, logger);
  await bootstrapData(deps);

  const stopHoldSweeper = startBackgroundJobs(deps);
  const stopMailWorker = mailWorkerFor(deps).start(2_000);
  // slow clients: request time-outs are checked every second, not every 30 s (docs/security.md)
  const server: Server = createServer({ connectionsCheckingInterval: 1000 }, createRequestHandler(deps));
  server.requestTimeout = config.requestTimeoutMs;
  server.headersTimeout = Math.min(10_000, config.requestTimeoutMs);
  server.listen(config.port, config.host, () => {
    logger.info(
      { port: config.port, database: database.kind, storage: deps.storage.kind },
      `Marketplace listening on ${config.publicUrl}`,
    );
  });
  server.keepAliveTimeout = 5000;

  let stopping = false;
  async function shutdown(signal: string, code = 0) {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down: finishing requests in flight');
    const force = setTimeout(() => {
      logger.warn('requests still open after 10 s; closing anyway');
      server.closeAllConnections();
    }, 10_000);
    force.unref();
    server.closeIdleConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    stopHoldSweeper();
    await stopMailWorker();
    await database.close();
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
  console.error('Start-up failed:', err);
  process.exit(1);
});
