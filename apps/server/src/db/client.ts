/** Opens the database: PGlite (embedded, persisted under DATA_DIR) or node-postgres when DATABASE_URL is set. */
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A database handle or an open transaction: repositories accept either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  /**
   * Runs fn while holding the start-up advisory lock, so instances starting together on one database migrate and
   * bootstrap one after another (docs/operations.md). PGlite has one process, so it just runs fn.
   */
  exclusive<T>(fn: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** the embedded client, when kind is pglite */
  pglite?: PGlite;
  /** the node-postgres pool, when kind is postgres */
  pool?: pg.Pool;
}

/** Time-outs every pooled connection gets (docs/operations.md, "Bounded waits"); 0 turns one off. */
export interface PoolTimeouts {
  /** waiting for a free pool connection or for a new connection to open */
  connectMs: number;
  statementMs: number;
  lockMs: number;
  idleInTransactionMs: number;
}

export const DEFAULT_POOL_TIMEOUTS: PoolTimeouts = {
  connectMs: 5000,
  statementMs: 15000,
  lockMs: 5000,
  idleInTransactionMs: 30000,
};

/** pg_advisory_lock key of start-up work: the first 8 bytes (signed) of sha1('haat-marketplace:startup'), fixed. */
const STARTUP_LOCK_KEY = -8_341_288_881_094_658_539n;

/** apps/server/drizzle: the migrations and their journal (meta/_journal.json). */
export function migrationsFolder(): string {
  // src/db/client.ts in development and tests, dist/index.js when bundled: both sit beside apps/server/drizzle.
  const here = new URL('.', import.meta.url);
  const up = here.pathname.includes('/src/db/') ? '../../drizzle' : '../drizzle';
  return fileURLToPath(new URL(up, here));
}

export async function openPglite(options: { dataDir?: string; loadDataDir?: Blob } = {}): Promise<Database> {
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const client = await PGlite.create({
    dataDir: options.dataDir,
    loadDataDir: options.loadDataDir,
    extensions: { pg_trgm },
  });
  const db = drizzlePglite({ client, schema, casing: 'snake_case' }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: async () => {
      await migratePglite(db as never, { migrationsFolder: migrationsFolder() });
    },
    exclusive: (fn) => fn(),
    close: async () => {
      if (!client.closed) await client.close();
    },
    pglite: client,
  };
}

/**
 * A drizzle handle over node-postgres: a pool, or anything shaped like one whose `query` drizzle calls (the catalogue
 * reader's routing pool, db/read-routing.ts).
 */
export function drizzleOn(pool: pg.Pool): Db {
  return drizzlePg({ client: pool, schema, casing: 'snake_case' }) as unknown as Db;
}

export function openPostgres(
  url: string,
  poolMax = 10,
  timeouts: PoolTimeouts = DEFAULT_POOL_TIMEOUTS,
  onPoolError: (err: Error) => void = () => undefined,
): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolMax,
    connectionTimeoutMillis: timeouts.connectMs,
    // sent as start-up parameters: the server enforces them on every pooled connection
    statement_timeout: timeouts.statementMs,
    lock_timeout: timeouts.lockMs,
    idle_in_transaction_session_timeout: timeouts.idleInTransactionMs,
    // a search's candidate set is "the first 200 matches" (docs/search-and-listing.md, "Search"): a sequential
    // scan that joined another one mid-table would pick other first matches, and the same search would answer
    // differently from one request to the next
    options: '-c synchronize_seqscans=off',
    // a connection the server dropped (failover, pg_terminate_backend) is replaced on next use
    idleTimeoutMillis: 30_000,
  });
  // An idle pooled connection that the server ends emits 'error' on the pool: without a listener that crashes
  // the process. The pool has already discarded that connection; the next query opens a new one.
  pool.on('error', onPoolError);
  // A connection lost while checked out (a transaction between two statements, a server restart or
  // pg_terminate_backend under load) emits 'error' on its client, which the pool no longer listens to then: without
  // this listener that too crashes the process. The statement in flight fails (503, docs/operations.md, "Database
  // faults") and the pool drops the broken client when it is released.
  pool.on('connect', (client) => client.on('error', onPoolError));
  const db = drizzleOn(pool);
  let closed = false;
  return {
    db,
    kind: 'postgres',
    pool,
    migrate: async () => {
      // a connection of its own, without the request time-outs: building an index on a large table may take minutes
      const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: timeouts.connectMs });
      client.on('error', onPoolError);
      await client.connect();
      try {
        await migratePg(drizzlePg({ client, schema, casing: 'snake_case' }), {
          migrationsFolder: migrationsFolder(),
        });
      } finally {
        await client.end().catch(() => undefined);
      }
    },
    exclusive: async (fn) => {
      // a dedicated connection holds the session lock; the work itself uses the pool as usual
      const lockClient = new pg.Client({
        connectionString: url,
        connectionTimeoutMillis: timeouts.connectMs,
      });
      lockClient.on('error', onPoolError);
      await lockClient.connect();
      try {
        await lockClient.query('select pg_advisory_lock($1)', [STARTUP_LOCK_KEY.toString()]);
        return await fn();
      } finally {
        await lockClient
          .query('select pg_advisory_unlock($1)', [STARTUP_LOCK_KEY.toString()])
          .catch(() => undefined);
        await lockClient.end().catch(() => undefined);
      }
    },
    close: async () => {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}

export async function openDatabase(opts: {
  databaseUrl?: string;
  dataDir: string;
  poolMax?: number;
  timeouts?: PoolTimeouts;
  onPoolError?: (err: Error) => void;
}): Promise<Database> {
  return opts.databaseUrl
    ? openPostgres(opts.databaseUrl, opts.poolMax, opts.timeouts, opts.onPoolError)
    : openPglite({ dataDir: `${opts.dataDir}/pgdata` });
}
