import type { Config } from './config/env';
import type { AppDeps } from './context';
import type { Db } from './db/client';
import { createLocalChangeFeed } from './lib/change-feed';
import type { Logger } from './lib/logger';
import { createSessions } from './lib/session';
import { createStorage } from './lib/storage';
import { CatalogCache } from './modules/catalog/catalog-cache';

export function buildDeps(config: Config, db: Db, logger: Logger): AppDeps {
  const changes = createLocalChangeFeed();
  return {
    config,
    db,
    logger,
    sessions: createSessions(config),
    storage: createStorage(config),
    changes,
    catalogCache: new CatalogCache(db, changes),
  };
}
