/**
 * Where catalogue reads go (docs/operations.md, "Read replica"). Without DATABASE_READ_URL every read goes to the
 * primary. With it, each read goes to the streaming replica while the replica has replayed every catalogue change
 * this instance heard of, else to the primary:
 * - a change on the feed (this instance's own writes at once, other instances' through LISTEN/NOTIFY) marks the
 *   replica "behind" synchronously, before the caches that the same change empties fill again; reads go to the
 *   primary until the replica has replayed the primary's WAL position read after the change. So nobody is shown an
 *   older product than one already written, and no answer cache stores one from the replica;
 * - a replica that cannot be reached (or refuses) sends that read to the primary at once and marks the replica
 *   "down" (logged once); a probe tries it again in the background;
 * - a primary that is away (a restart, a failover) while the replica is behind: the replica answers what it has.
 * The routing happens per query (and per transaction) inside a pool-shaped object, so one drizzle handle (`db()`)
 * serves every read and a named prepared statement is prepared on whichever connection runs it.
 */
import type pg from 'pg';
import type { ChangeFeed } from '../lib/change-feed';
import { isDatabaseUnavailable, rootCause } from '../lib/db-errors';
import type { Logger } from '../lib/logger';
import { drizzleOn, type Db } from './client';

/** healthy: reads go to the replica; behind: it has not replayed a change yet; down: it does not answer */
export type ReplicaState = 'healthy' | 'behind' | 'down';

export interface CatalogReaderStats {
  /** whether DATABASE_READ_URL is set */
  replica: boolean;
  state: ReplicaState | 'none';
  /** WAL bytes the replica has not replayed yet (primary's position − replica's), at the last probe */
  lagBytes: number | undefined;
  /** seconds since the replica replayed its last commit, 0 when it has replayed all it received */
  lagSeconds: number | undefined;
  /** catalogue read queries (and read transactions) sent to each server since start */
  queries: { primary: number; replica: number };
  /** reads the replica failed that the primary answered: it was unreachable, or it refused (a recovery conflict) */
  fallbacks: { unreachable: number; refused: number };
}

export interface CatalogReader {
  /** the handle every catalogue read runs on; reads only (a transaction on it is routed like one read) */
  db(): Db;
  /** changes may have been missed (the feed's LISTEN connection came back): reads go to the primary until caught up */
  markBehind(): void;
  stats(): CatalogReaderStats;
  /** stops the probe and the subscription; the pools belong to whoever opened them */
  close(): Promise<void>;
}

interface Handle {
  db: Db;
  pool?: pg.Pool;
}

export interface CatalogReaderOptions {
  primary: Handle;
  replica?: Handle;
  changes: ChangeFeed;
  logger: Logger;
  /** first wait between two looks at the replica's replay position while it is behind (doubles up to 500 ms) */
  pollMs?: number;
  /** how often the replica's lag is measured and, while it is down, its return tried */
  probeMs?: number;
}

const MAX_POLL_MS = 500;

const PRIMARY_LSN = 'select pg_current_wal_lsn()::text as lsn';
/**
 * true once the replica has replayed up to $1; a server that is not a standby has nothing to replay (its replay
 * position, if any, is the end of a past crash recovery)
 */
const REPLAYED = `select case when pg_is_in_recovery() then coalesce(pg_last_wal_replay_lsn() >= $1::pg_lsn, false)
  else true end as ok`;
const REPLICA_POSITION = `select case when pg_is_in_recovery() then pg_last_wal_replay_lsn()::text end as lsn,
  case when not pg_is_in_recovery() or pg_last_wal_receive_lsn() = pg_last_wal_replay_lsn() then 0
       else extract(epoch from now() - pg_last_xact_replay_timestamp())::float8 end as lag_s`;

/** A WAL position ('16/B374D848') as a byte offset. */
export function lsnBytes(lsn: string): bigint {
  const [hi = '0', lo = '0'] = lsn.split('/');
  return (BigInt(`0x${hi}`) << 32n) | BigInt(`0x${lo}`);
}

async function firstRow<T>(pool: pg.Pool, text: string, values?: unknown[]): Promise<T> {
  const { rows } = await pool.query(text, values);
  return rows[0] as T;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The SQLSTATE of a node-postgres error, if it has one. */
const sqlState = (err: unknown) => (err as { code?: unknown } | undefined)?.code;
/** A standby's refusals that the primary answers: a recovery conflict, or a write sent to a read-only server. */
const STANDBY_REFUSALS = new Set(['40001', '25006']);

/** A pool or a checked-out connection: both take `query(text or config, values)`. */
type Queryable = Pick<pg.Pool, 'query'>;
const run = (on: Queryable, text: unknown, values: unknown) =>
  (on.query as (t: unknown, v: unknown) => Promise<unknown>).call(on, text, values);

/** What drizzle sees as its pool: every query, and every transaction's connection, goes where `route` says. */
class RoutingPool {
  constructor(private readonly r: Routing) {}
  query(text: unknown, values?: unknown) {
    return route(this.r, (pool) => run(pool, text, values), true);
  }
  /** a transaction's connection (a catalogue search sets a local setting in one) */
  async connect() {
    const r = this.r;
    let onReplica = false;
    const client = await route(r, (pool) => {
      onReplica = pool === r.replica;
      return pool.connect();
    });
    return new RoutedClient(r, client, onReplica);
  }
}

/** A transaction's connection: one from the replica whose first statement fails is swapped for the primary's. */
class RoutedClient {
  private started = false;
  constructor(
    private readonly r: Routing,
    private client: pg.PoolClient,
    private onReplica: boolean,
  ) {}
  async query(text: unknown, values?: unknown) {
    if (this.started || !this.onReplica) return run(this.client, text, values);
    this.started = true;
    try {
      return await run(this.client, text, values);
    } catch (err) {
      if (!isDatabaseUnavailable(err)) throw err;
      markDown(this.r, err);
      this.r.stats.fallbacks.unreachable++;
      this.client.release(err as Error); // a broken connection is closed, not pooled again
      this.client = await this.r.primary.connect();
      this.onReplica = false;
      return run(this.client, text, values);
    }
  }
  release(err?: Error) {
    this.client.release(err);
  }
}

/** Nothing measured or counted yet. */
const noFigures = (): Routing['stats'] => ({
  lagBytes: undefined,
  lagSeconds: undefined,
  queries: { primary: 0, replica: 0 },
  fallbacks: { unreachable: 0, refused: 0 },
});

const primaryOnly = (primary: Handle): CatalogReader => ({
  db: () => primary.db,
  markBehind: () => undefined,
  stats: () => ({ replica: false, state: 'none', ...noFigures() }),
  close: async () => undefined,
});

/** The reader's shared state: where reads go now, and what was measured. */
interface Routing {
  primary: pg.Pool;
  replica: pg.Pool;
  logger: Logger;
  state: ReplicaState;
  /** bumped by every change heard: a catch-up counts only if no change came while it waited */
  generation: number;
  catching: boolean;
  probing: boolean;
  closed: boolean;
  /** the replica was down: its return is logged once it has caught up */
  returning: boolean;
  stats: Pick<CatalogReaderStats, 'lagBytes' | 'lagSeconds' | 'queries' | 'fallbacks'>;
}

function markDown(r: Routing, err: unknown): void {
  if (r.state === 'down' || r.closed) return;
  r.state = 'down';
  r.returning = true;
  r.logger.warn(
    { err: rootCause(err) },
    'read replica failed: catalogue reads go to the primary until it answers again',
  );
}

/**
 * Runs `work` on the server the state says; a failure on one is tried on the other when that one may answer: the
 * replica unreachable (then marked down) or refusing (`refusals`: a recovery conflict, a write), or the primary away
 * while the replica is only behind (a restart, a failover: the replica serves what it has replayed).
 */
function route<T>(r: Routing, work: (pool: pg.Pool) => Promise<T>, refusals = false): Promise<T> {
  const count = (pool: pg.Pool) => {
    r.stats.queries[pool === r.replica ? 'replica' : 'primary']++;
    return work(pool);
  };
  if (r.state === 'healthy')
    return count(r.replica).catch((err: unknown) => {
      const refused = refusals && STANDBY_REFUSALS.has(sqlState(err) as string);
      if (!refused && !isDatabaseUnavailable(err)) throw err;
      if (!refused) markDown(r, err);
      r.stats.fallbacks[refused ? 'refused' : 'unreachable']++;
      return count(r.primary);
    });
  return count(r.primary).catch((err: unknown) => {
    if (r.state !== 'behind' || !isDatabaseUnavailable(err)) throw err;
    return count(r.replica);
  });
}

/** Polls the replica until it has replayed `target`; false when it went down or the reader closed meanwhile. */
async function replayed(r: Routing, target: string, pollMs: number): Promise<boolean> {
  for (let wait = pollMs; !r.closed && r.state === 'behind'; wait = Math.min(wait * 2, MAX_POLL_MS)) {
    const { ok } = await firstRow<{ ok: boolean }>(r.replica, REPLAYED, [target]);
    if (ok) return true;
    await sleep(wait);
  }
  return false;
}

/** Sends reads back to the replica once it has replayed everything the primary had after the last change. */
async function catchUp(r: Routing, pollMs: number): Promise<void> {
  if (r.catching) return;
  r.catching = true;
  try {
    while (!r.closed && r.state === 'behind') {
      const seen = r.generation;
      // the primary away: reads stay as they are until it is back (the probe starts the catch-up again)
      const target = await firstRow<{ lsn: string }>(r.primary, PRIMARY_LSN).catch(() => undefined);
      if (!target) return;
      const done = await replayed(r, target.lsn, pollMs).catch((err: unknown) => {
        markDown(r, err);
        return false;
      });
      if (done && seen === r.generation && r.state === 'behind') {
        r.state = 'healthy';
        if (r.returning) r.logger.info('read replica caught up: catalogue reads go to it again');
        r.returning = false;
      }
    }
  } finally {
    r.catching = false;
  }
}

/** Measures the lag; brings a replica that answers again back (through a catch-up). */
async function probe(r: Routing, pollMs: number): Promise<void> {
  if (r.probing || r.closed) return;
  r.probing = true;
  try {
    const at = await firstRow<{ lsn: string | null; lag_s: number | null }>(r.replica, REPLICA_POSITION);
    const primaryAt = await firstRow<{ lsn: string }>(r.primary, PRIMARY_LSN).catch(() => undefined);
    r.stats.lagSeconds = at.lag_s ?? undefined;
    r.stats.lagBytes =
      primaryAt && at.lsn ? Math.max(0, Number(lsnBytes(primaryAt.lsn) - lsnBytes(at.lsn))) : undefined;
    if (r.state === 'down') r.state = 'behind';
    if (r.state === 'behind') void catchUp(r, pollMs);
  } catch (err) {
    r.stats.lagBytes = undefined;
    r.stats.lagSeconds = undefined;
    markDown(r, err);
  } finally {
    r.probing = false;
  }
}

/** The catalogue's reader: the primary alone, or the replica with read-your-writes (see the top of this file). */
export function createCatalogReader(opts: CatalogReaderOptions): CatalogReader {
  if (!opts.replica) return primaryOnly(opts.primary);
  if (!opts.primary.pool || !opts.replica.pool)
    throw new Error('a read replica needs PostgreSQL (DATABASE_URL) for both servers');
  const pollMs = opts.pollMs ?? 10;
  const r: Routing = {
    primary: opts.primary.pool,
    replica: opts.replica.pool,
    logger: opts.logger,
    // until the first catch-up shows the replica current, reads go to the primary
    state: 'behind',
    generation: 0,
    catching: false,
    probing: false,
    closed: false,
    returning: false,
    stats: noFigures(),
  };
  const markBehind = () => {
    r.generation++;
    if (r.state === 'healthy') r.state = 'behind';
    if (r.state === 'behind') void catchUp(r, pollMs);
  };
  const unsubscribe = opts.changes.subscribe(markBehind);
  const timer = setInterval(() => void probe(r, pollMs), opts.probeMs ?? 2000);
  timer.unref();
  void probe(r, pollMs);
  const db = drizzleOn(new RoutingPool(r) as unknown as pg.Pool);
  return {
    db: () => db,
    markBehind,
    stats: () => ({
      replica: true,
      state: r.state,
      ...r.stats,
      queries: { ...r.stats.queries },
      fallbacks: { ...r.stats.fallbacks },
    }),
    async close() {
      r.closed = true;
      clearInterval(timer);
      unsubscribe();
    },
  };
}
