import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { realPostgresUrl } from '../../../test/db';
import { openPglite } from '../client';
import { users } from '../schema';
import { backupDataDir, restoreDataDir } from '../backup';
import { lockDataDir } from '../../lib/data-dir';

const root = mkdtempSync(path.join(tmpdir(), 'mp-backup-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A DATA_DIR with a migrated embedded database holding one user. */
async function dataDirWithUser(name: string, email: string) {
  const dataDir = path.join(root, name);
  const database = await openPglite({ dataDir: path.join(dataDir, 'pgdata') });
  await database.migrate();
  await database.db.insert(users).values({ username: 'Backed Up', email, passwordHash: 'x' });
  await database.close();
  return dataDir;
}

const emailsIn = async (dataDir: string) => {
  const database = await openPglite({ dataDir: path.join(dataDir, 'pgdata') });
  try {
    return (await database.db.select({ email: users.email }).from(users)).map((u) => u.email);
  } finally {
    await database.close();
  }
};

describe('pnpm db:backup and db:restore (embedded database)', () => {
  it('when a backup is restored into another DATA_DIR, then the data is there and the replaced database is kept', async () => {
    const source = await dataDirWithUser('source', 'kept@backup.test');
    const { archive, sql } = await backupDataDir(source, path.join(root, 'out'));
    expect(existsSync(archive) && existsSync(sql)).toBe(true);

    const target = await dataDirWithUser('target', 'replaced@backup.test');
    const { previous } = await restoreDataDir(target, archive);
    expect(await emailsIn(target)).toEqual(['kept@backup.test']);
    expect(previous && existsSync(previous)).toBe(true);
  }, 60_000);

  it('when the server holds DATA_DIR, then backup refuses and says to stop it', async () => {
    const dataDir = await dataDirWithUser('busy', 'busy@backup.test');
    const release = await lockDataDir(dataDir, () => undefined);
    try {
      await expect(backupDataDir(dataDir, path.join(root, 'out2'))).rejects.toThrow(/Stop the server/);
    } finally {
      await release();
    }
  }, 60_000);

  it.skipIf(!realPostgresUrl())(
    'when the .sql file is loaded into a real PostgreSQL, then the same rows are there',
    async () => {
      const source = await dataDirWithUser('to-postgres', 'moved@backup.test');
      const { sql } = await backupDataDir(source, path.join(root, 'out3'));
      const admin = new pg.Client({ connectionString: realPostgresUrl() });
      await admin.connect();
      const name = `mp_multi_restore_${process.pid}`;
      await admin.query(`drop database if exists ${name}`);
      await admin.query(`create database ${name}`);
      const url = new URL(realPostgresUrl()!);
      url.pathname = `/${name}`;
      const target = new pg.Client({ connectionString: url.toString() });
      try {
        await target.connect();
        await target.query(readFileSync(sql, 'utf8'));
        const rows = await target.query('select email from public.users');
        expect(rows.rows.map((r: { email: string }) => r.email)).toEqual(['moved@backup.test']);
      } finally {
        await target.end();
        await admin.query(`drop database if exists ${name}`);
        await admin.end();
      }
    },
    60_000,
  );
});
