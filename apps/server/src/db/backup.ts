/**
 * Backup and restore of the embedded database (docs/operations.md, "Backups"). Both need the server stopped: they
 * take the DATA_DIR lock the server holds. A backup writes two files:
 * - `<name>.tar.gz`: PGlite's own data folder, restored exactly by `pnpm db:restore`;
 * - `<name>.sql`: a plain pg_dump script (INSERT statements) that a real PostgreSQL loads with psql — the way to
 *   move from the embedded database to DATABASE_URL.
 * With DATABASE_URL set, PostgreSQL's own pg_dump / pg_restore are the tools; these commands say so.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { pgDump } from '@electric-sql/pglite-tools';
import { DataDirError, lockDataDir } from '../lib/data-dir';

const stamp = () => new Date().toISOString().replace(/[:.]/g, '-');

/** Writes data into file through a temporary name, so a full disk never leaves a half backup under the real name. */
function writeAtomically(file: string, data: Buffer | string) {
  const temp = `${file}.part`;
  writeFileSync(temp, data);
  renameSync(temp, file);
}

async function withLock<T>(dataDir: string, fn: () => Promise<T>): Promise<T> {
  let release: () => Promise<void>;
  try {
    release = await lockDataDir(dataDir, () => undefined);
  } catch (err) {
    if (err instanceof DataDirError && /in use/.test(err.message))
      throw new DataDirError(`${err.message.split('.')[0]}. Stop the server before a backup or restore.`);
    throw err;
  }
  try {
    return await fn();
  } finally {
    await release();
  }
}

export async function backupDataDir(
  dataDir: string,
  outDir: string,
): Promise<{ archive: string; sql: string }> {
  const pgdata = path.join(dataDir, 'pgdata');
  if (!existsSync(pgdata) || readdirSync(pgdata).length === 0)
    throw new DataDirError(`There is no embedded database in ${path.resolve(pgdata)} to back up.`);
  return withLock(dataDir, async () => {
    mkdirSync(outDir, { recursive: true });
    const base = path.join(outDir, `haat-${stamp()}`);
    const pg = await PGlite.create({ dataDir: pgdata, extensions: { pg_trgm } });
    try {
      const sqlFile = await pgDump({ pg, args: ['--inserts', '--no-owner', '--no-privileges'] });
      const archive = await pg.dumpDataDir('gzip');
      // PGlite is PostgreSQL 17; its pg_dump sets transaction_timeout, which servers before 17 do not know
      const script = (await sqlFile.text()).replace(/^SET transaction_timeout = 0;\n/m, '');
      writeAtomically(`${base}.sql`, script);
      writeAtomically(`${base}.tar.gz`, Buffer.from(await archive.arrayBuffer()));
    } finally {
      await pg.close();
    }
    return { archive: `${base}.tar.gz`, sql: `${base}.sql` };
  });
}

/**
 * Replaces the embedded database with a `.tar.gz` backup. The current data folder is kept beside it (renamed
 * pgdata.before-restore-<time>), never deleted. Answers where the old one went, if there was one.
 */
export async function restoreDataDir(dataDir: string, archive: string): Promise<{ previous?: string }> {
  if (!archive.endsWith('.tar.gz') || !existsSync(archive))
    throw new DataDirError(`${archive} is not a .tar.gz backup made by pnpm db:backup.`);
  return withLock(dataDir, async () => {
    const pgdata = path.join(dataDir, 'pgdata');
    let previous: string | undefined;
    if (existsSync(pgdata) && readdirSync(pgdata).length > 0) {
      previous = `${pgdata}.before-restore-${stamp()}`;
      renameSync(pgdata, previous);
    }
    const pg = await PGlite.create({
      dataDir: pgdata,
      loadDataDir: new Blob([readFileSync(archive)]),
      extensions: { pg_trgm },
    });
    try {
      await pg.query('select 1');
    } finally {
      await pg.close();
    }
    return { previous };
  });
}
