/**
 * Liveness and readiness (docs/operations.md, "Health endpoints"):
 * - live: the process answers HTTP (a restart is the only cure when it does not);
 * - ready: not draining for a shutdown and the database answers within a couple of seconds — a load balancer sends
 *   traffic only to ready instances.
 */
import { sql } from 'drizzle-orm';
import type { Router } from 'express';
import express from 'express';
import { endpoints as api } from '@mp/shared';
import type { Db } from '../db/client';
import { send } from './contract';
import { RETRY_AFTER_SECONDS } from './error-middleware';

export interface Lifecycle {
  /** true from SIGTERM on: readiness answers 503 while requests in flight finish */
  draining: boolean;
}

export const createLifecycle = (): Lifecycle => ({ draining: false });

const HEALTH_TIMEOUT_MS = 2000;

/** 'up' when `select 1` answers within 2 s, 'down' otherwise (unreachable, no free connection, too slow). */
export async function databaseStatus(db: Db): Promise<'up' | 'down'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'down'>((resolve) => {
    timer = setTimeout(() => resolve('down'), HEALTH_TIMEOUT_MS);
  });
  try {
    return await Promise.race([db.execute(sql`select 1`).then(() => 'up' as const), timeout]);
  } catch {
    return 'down';
  } finally {
    clearTimeout(timer);
  }
}

export const HEALTH_PATHS: ReadonlySet<string> = new Set([
  api.health.path,
  api.healthLive.path,
  api.healthReady.path,
]);

export function healthRouter(db: Db, lifecycle: Lifecycle): Router {
  const router = express.Router();
  router.get(api.healthLive.path, (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    send(res, api.healthLive, { status: 'ok' });
  });
  router.get(api.healthReady.path, async (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    if (lifecycle.draining) {
      res.setHeader('Retry-After', String(RETRY_AFTER_SECONDS));
      send(res, api.healthReady, { status: 'draining', database: 'unknown' }, 503);
      return;
    }
    const database = await databaseStatus(db);
    if (database === 'down') res.setHeader('Retry-After', String(RETRY_AFTER_SECONDS));
    if (database === 'up') send(res, api.healthReady, { status: 'ok', database }, 200);
    else send(res, api.healthReady, { status: 'unavailable', database }, 503);
  });
  // the original combined check, kept for existing monitors and the Docker HEALTHCHECK
  router.get(api.health.path, async (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    const database = await databaseStatus(db);
    if (database === 'down') res.setHeader('Retry-After', String(RETRY_AFTER_SECONDS));
    const { draining } = lifecycle;
    if (database === 'up') send(res, api.health, { status: 'ok', database, draining }, 200);
    else send(res, api.health, { status: 'unavailable', database, draining }, 503);
  });
  return router;
}
