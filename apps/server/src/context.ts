import type { Config } from './config/env';
import type { Db } from './db/client';
import type { ChangeFeed } from './lib/change-feed';
import type { Logger } from './lib/logger';
import type { Sessions } from './lib/session';
import type { FileStorage } from './lib/storage/storage';
import type { CatalogCache } from './modules/catalog/catalog-cache';

/** Everything a router needs, built once at start (or per test). */
export interface AppDeps {
  config: Config;
  db: Db;
  logger: Logger;
  sessions: Sessions;
  storage: FileStorage;
  /** what changed in the catalogue (write sites publish, caches subscribe; docs/search-and-listing.md) */
  changes: ChangeFeed;
  /** cached catalogue answers, invalidated by `changes` */
  catalogCache: CatalogCache;
}
