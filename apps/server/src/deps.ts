import type { Config } from './config/env';
import type { AppDeps } from './context';
import type { Db } from './db/client';
import { createLocalChangeFeed, type ChangeFeed } from './lib/change-feed';
import { createLifecycle } from './lib/health';
import type { Logger } from './lib/logger';
import { createMetrics, type Metrics } from './lib/metrics';
import { instanceRateLimit } from './lib/rate-limit';
import { createSessions } from './lib/session';
import { createStorage } from './lib/storage';
import { createBannerService } from './modules/catalog/banners/banner.service';
import { CatalogCache } from './modules/catalog/catalog-cache';
import { createCatalogReads } from './modules/catalog/catalog-reads';
import { createProductService } from './modules/catalog/products/product.service';
import { countedReads } from './modules/catalog/read-model/metrics';
import { createPostgresProvider } from './modules/catalog/read-model/postgres';
import { sessionUserLookup } from './modules/auth/auth.service';
import { createPasswordHasher } from './modules/auth/passwords';
import { createEarnings } from './modules/commerce/earnings/earnings.service';
import { createMoneyService } from './modules/commerce/money/money.service';
import { createPaymentProvider } from './modules/commerce/payments';

export interface DepsOptions {
  /** the process's feed (PostgreSQL LISTEN/NOTIFY in src/index.ts); in-process by default */
  changes?: ChangeFeed;
  metrics?: Metrics;
}

/**
 * The composition root: every shared service is made here, once per app. `config.jwtSecret` is resolved first
 * (withJwtSecret: JWT_SECRET or the installation's own, docs/security.md).
 */
export function buildDeps(
  config: Config & { jwtSecret: string },
  db: Db,
  logger: Logger,
  options: DepsOptions = {},
): AppDeps {
  const changes = options.changes ?? createLocalChangeFeed(logger);
  const metrics = options.metrics ?? createMetrics();
  const catalogCache = new CatalogCache(db, changes, config.catalogCacheEntries);
  metrics.sources.catalogCache = catalogCache.stats;
  // the catalogue read model (docs/search-and-listing.md): PostgreSQL, its reads counted by source on /metrics;
  // a replica router (DATABASE_READ_URL) takes the place of `{ db: () => db }` here
  const reader = countedReads({ db: () => db }, metrics.registry);
  const catalogReads = createCatalogReads({
    catalogCache,
    provider: createPostgresProvider({ reader, catalogCache, changes }),
  });
  // the payment provider and the money use cases (docs/money.md): one of each per process
  const payments = createPaymentProvider({ config, db });
  const earnings = createEarnings({ db, commissionBps: config.commissionBps });
  const money = createMoneyService({
    earnings,
    db,
    changes,
    provider: payments,
    logger,
    currency: config.paypalCurrency,
    mailLimits: config.mailLimits,
  });
  return {
    config,
    db,
    logger,
    sessions: createSessions(config, sessionUserLookup(db)),
    storage: createStorage(config),
    passwords: createPasswordHasher({ memoryKib: config.passwordHashMemoryKib }),
    changes,
    catalogCache,
    catalogReads,
    products: createProductService({ db, changes }),
    banners: createBannerService({ db, changes }),
    metrics,
    lifecycle: createLifecycle(),
    payments,
    money,
    earnings,
    searchLimit: instanceRateLimit({
      windowMs: 60_000,
      limit: config.searchRateLimit,
      message: 'Too many searches. Please wait a minute and try again.',
    }),
  };
}
