/**
 * pnpm db:migrate — applies the pending migrations (apps/server/drizzle) to the database of DATABASE_URL, or to the
 * embedded one under DATA_DIR, and logs which ones ran. Run it once before starting the instances of a new release
 * (docs/operations.md, "Upgrades"). Takes the same start-up lock as the server, so it may also run while old
 * instances still serve; the embedded database's DATA_DIR lock makes it refuse while a server runs there. Needs no
 * JWT_SECRET.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../config/env';
import { lockDataDir } from '../lib/data-dir';
import { rootCause } from '../lib/db-errors';
import { migrationsFolder, openDatabase, type Db } from './client';

interface JournalEntry {
  tag: string;
  when: number;
}

/** When the last applied migration was made (drizzle's bookkeeping); 0 on a database never migrated. */
async function lastApplied(db: Db): Promise<number> {
  try {
    const rows = await db.execute<{ last: string | null }>(
      sql`select max(created_at)::text as last from drizzle.__drizzle_migrations`,
    );
    return Number((rows as unknown as { rows?: { last: string | null }[] }).rows?.[0]?.last ?? 0);
  } catch {
    return 0;
  }
}

async function main() {
  // pnpm runs package scripts in apps/server; DATA_DIR means what it meant where the command was typed
  if (process.env.INIT_CWD) process.chdir(process.env.INIT_CWD);
  const config = loadConfig(process.env, { forServer: false });
  const release = config.databaseUrl ? undefined : await lockDataDir(config.dataDir, () => process.exit(1));
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolMax: 2,
    timeouts: config.databaseTimeouts,
  });
  const journal = JSON.parse(
    readFileSync(path.join(migrationsFolder(), 'meta', '_journal.json'), 'utf8'),
  ) as {
    entries: JournalEntry[];
  };
  try {
    await database.exclusive(async () => {
      const since = await lastApplied(database.db);
      const pending = journal.entries.filter((m) => m.when > since);
      if (!pending.length) {
        console.log(
          `db:migrate: the ${database.kind} database is up to date (${journal.entries.length} migrations).`,
        );
        return;
      }
      console.log(`db:migrate: ${pending.length} pending on the ${database.kind} database:`);
      for (const m of pending) console.log(`  ${m.tag}`);
      const t0 = Date.now();
      await database.migrate();
      console.log(`db:migrate: applied ${pending.length} in ${((Date.now() - t0) / 1000).toFixed(1)} s.`);
    });
  } finally {
    await database.close();
    await release?.();
  }
}

main().catch((err: unknown) => {
  console.error(`db:migrate failed: ${rootCause(err)}`);
  process.exit(1);
});
