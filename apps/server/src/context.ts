import type { Config } from './config/env';
import type { Db } from './db/client';
import type { Logger } from './lib/logger';
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
  passwords: PasswordHasher;
}
