/**
 * Start-up waits for the database with backoff (a container's PostgreSQL may still be starting, a managed one may
 * be failing over) and says why it is waiting — the network or authentication error itself, not a failed query.
 */
import { sql } from 'drizzle-orm';
import { isPermanentConnectFailure, rootCause } from '../lib/db-errors';
import type { Logger } from '../lib/logger';
import type { Db } from './client';

export class DatabaseUnreachableError extends Error {
  constructor(message: string, options?: { cause: unknown }) {
    super(message, options);
    this.name = 'DatabaseUnreachableError';
  }
}

/** Redacts the password of a postgres:// URL for log lines. */
export const redactUrl = (url: string) => url.replace(/\/\/([^:/@]+):[^@]*@/, '//$1:***@');

export async function waitForDatabase(
  db: Db,
  opts: { timeoutMs: number; logger: Logger; url: string; sleep?: (ms: number) => Promise<void> },
): Promise<void> {
  const sleep = opts.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const until = Date.now() + opts.timeoutMs;
  let delay = 250;
  for (let attempt = 1; ; attempt++) {
    try {
      await db.execute(sql`select 1`);
      if (attempt > 1) opts.logger.info({ attempt }, 'database reachable');
      return;
    } catch (err) {
      const cause = rootCause(err);
      const where = redactUrl(opts.url);
      if (isPermanentConnectFailure(err)) {
        throw new DatabaseUnreachableError(`Cannot use the database at ${where}: ${cause}`, { cause: err });
      }
      if (Date.now() + delay > until) {
        throw new DatabaseUnreachableError(
          `Database at ${where} still unreachable after ${Math.round(opts.timeoutMs / 1000)} s: ${cause}`,
          { cause: err },
        );
      }
      opts.logger.warn(`database at ${where} not reachable (${cause}); retrying in ${delay} ms`);
      await sleep(delay);
      delay = Math.min(delay * 2, 5000);
    }
  }
}
