/**
 * pnpm db:backup [out-dir]   — backs up the embedded database (DATA_DIR) into out-dir (default DATA_DIR/backups)
 * pnpm db:restore <file.tar.gz> — replaces the embedded database with a backup
 * Reads DATA_DIR and DATABASE_URL from the environment like the server (no JWT_SECRET needed). See
 * docs/operations.md, "Backups".
 */
import path from 'node:path';
import { loadConfig } from '../config/env';
import { backupDataDir, restoreDataDir } from './backup';

async function main() {
  // pnpm runs package scripts in apps/server; paths (DATA_DIR, arguments) mean what they meant where it was typed
  if (process.env.INIT_CWD) process.chdir(process.env.INIT_CWD);
  const [command, arg] = process.argv.slice(2);
  const config = loadConfig(process.env, { forServer: false });
  if (config.databaseUrl) {
    console.error(
      'DATABASE_URL is set: back up PostgreSQL with its own tools, e.g.\n' +
        '  pg_dump --format=custom --file=haat.dump "$DATABASE_URL"\n' +
        '  pg_restore --clean --if-exists --dbname="$DATABASE_URL" haat.dump\n' +
        'and keep the uploads (UPLOAD_DIR, or the S3 bucket) with them.',
    );
    process.exit(2);
  }
  if (command === 'backup') {
    const out = arg ?? path.join(config.dataDir, 'backups');
    const { archive, sql } = await backupDataDir(config.dataDir, out);
    console.log(
      `Backup written:\n  ${archive}  (pnpm db:restore ${archive})\n  ${sql}  (psql loads it into PostgreSQL)`,
    );
    console.log(`Uploaded files are not in it: copy ${path.resolve(config.uploadDir)} as well.`);
  } else if (command === 'restore') {
    if (!arg) throw new Error('usage: pnpm db:restore <backup.tar.gz>');
    const { previous } = await restoreDataDir(config.dataDir, arg);
    console.log(`Restored ${arg} into ${path.resolve(config.dataDir, 'pgdata')}.`);
    if (previous) console.log(`The database it replaced is kept in ${previous}.`);
  } else {
    throw new Error('usage: backup-cli backup [out-dir] | restore <backup.tar.gz>');
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(1);
});
