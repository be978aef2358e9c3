/** A fresh, migrated database for one test file: PGlite in memory, or a clone on the DATABASE_URL server. */
import { readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import pg from 'pg';
import {
  DEFAULT_POOL_TIMEOUTS,
  openPglite,
  openPostgres,
  type Database,
  type PoolTimeouts,
} from '../src/db/client';

/** Pool options apply to the PostgreSQL clone only (PGlite has no pool). */
export async function createTestDatabase(
  options: { poolMax?: number; timeouts?: Partial<PoolTimeouts> } = {},
): Promise<Database & { url?: string }> {
  const url = process.env.DATABASE_URL;
  const template = inject('pgTemplate');
  if (url && template) {
    const name = `mp_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name} template ${template}`);
    const fileUrl = new URL(url);
    fileUrl.pathname = `/${name}`;
    const database = openPostgres(fileUrl.toString(), options.poolMax ?? 10, {
      ...DEFAULT_POOL_TIMEOUTS,
      ...options.timeouts,
    });
    return {
      ...database,
      url: fileUrl.toString(),
      close: async () => {
        await database.close();
        // with (force): a connection a test left open must not leave the clone behind
        await admin.query(`drop database if exists ${name} with (force)`).catch(() => undefined);
        await admin.end();
      },
    };
  }
  const dump = readFileSync(inject('pgliteDump'));
  return openPglite({ loadDataDir: new Blob([dump]) });
}

/** The real PostgreSQL server of this run (DATABASE_URL), when there is one: tests of PostgreSQL-only behaviour. */
export const realPostgresUrl = (): string | undefined => process.env.DATABASE_URL || undefined;
