import type { Config } from './config/env';
import type { AppDeps } from './context';
import type { Db } from './db/client';
import type { Logger } from './lib/logger';
import { createSessions } from './lib/session';
import { createStorage } from './lib/storage';

export function buildDeps(config: Config, db: Db, logger: Logger): AppDeps {
  return { config, db, logger, sessions: createSessions(config), storage: createStorage(config) };
}
