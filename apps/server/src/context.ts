import type { Config } from './config/env';
import type { Db } from './db/client';
import type { ChangeFeed } from './lib/change-feed';
import type { Lifecycle } from './lib/health';
import type { Logger } from './lib/logger';
import type { Metrics } from './lib/metrics';
import type { Sessions } from './lib/session';
import type { FileStorage } from './lib/storage/storage';
import type { PasswordHasher } from './modules/auth/passwords';

/** Everything a router needs, built once at start (or per test). */
export interface AppDeps {
  config: Config;
  db: Db;
  logger: Logger;
  sessions: Sessions;
  storage: FileStorage;
  /** catalogue changes, heard by every instance (lib/change-feed.ts) */
  changes: ChangeFeed;
  metrics: Metrics;
  /** draining for a shutdown: readiness answers 503 */
  lifecycle: Lifecycle;
  passwords: PasswordHasher;
}
