import type { Config } from './config/env';
import type { AppDeps } from './context';
import type { Db } from './db/client';
import type { Logger } from './lib/logger';
import { createSessions } from './lib/session';
import { createStorage } from './lib/storage';
import { findSessionUser } from './modules/auth/auth.service';
import { createPasswordHasher } from './modules/auth/passwords';

/** `config.jwtSecret` is resolved first (withJwtSecret: JWT_SECRET or the installation's own, docs/security.md). */
export function buildDeps(config: Config & { jwtSecret: string }, db: Db, logger: Logger): AppDeps {
  return {
    config,
    db,
    logger,
    sessions: createSessions(config, (id) => findSessionUser(db, id)),
    storage: createStorage(config),
    passwords: createPasswordHasher({ memoryKib: config.passwordHashMemoryKib }),
  };
}
