/**
 * Prometheus metrics (prom-client), one registry per app so tests can build many: request latency by route,
 * database pool use, cache hit ratios, the catalogue's read replica and the stock-hold sweeper. Served at GET /metrics (docs/operations.md).
 */
import type pg from 'pg';
import type { CatalogReaderStats } from '../db/read-routing';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

export interface MetricsSources {
  pool?: pg.Pool;
  catalogCache?: { hits: number; misses: number; shownHits: number; shownMisses: number };
  /** where catalogue reads go (db/read-routing.ts) */
  catalogReader?: () => CatalogReaderStats;
  /** the read replica's pool, when DATABASE_READ_URL is set */
  readPool?: pg.Pool;
  /** durable queues' backlogs by name: rows waiting for an outside party (reverse pickups, refund payouts) */
  backlogs?: Record<string, () => Promise<number>>;
}

/** The read replica's gauges and counters (docs/operations.md, "Read replica"). */
function replicaMetrics(registry: Registry, sources: MetricsSources) {
  const stats = () => {
    const s = sources.catalogReader?.();
    return s?.replica ? s : undefined;
  };
  new Gauge({
    name: 'mp_db_replica_state',
    help: 'Where catalogue reads go: 1 for the read replica state now (healthy: to the replica; behind: to the primary until it replays the last change; down: to the primary)',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const s = stats();
      if (!s) return;
      for (const state of ['healthy', 'behind', 'down'] as const)
        this.set({ state }, s.state === state ? 1 : 0);
    },
  });
  /** a gauge of one figure of the reader's, unchanged while it cannot be measured */
  const figure = (name: string, help: string, value: (s: CatalogReaderStats) => number | undefined) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        const s = stats();
        const v = s && value(s);
        if (v !== undefined) this.set(v);
      },
    });
  figure(
    'mp_db_replica_lag_bytes',
    "WAL bytes the read replica has not replayed yet (primary's position minus the replica's), at the last probe",
    (s) => s.lagBytes,
  );
  figure(
    'mp_db_replica_lag_seconds',
    'Seconds since the read replica replayed its last commit (0 when it has replayed all it received)',
    (s) => s.lagSeconds,
  );
  /** a counter following counts the reader keeps, by `label` (it adds what grew since the last scrape) */
  const following = (
    name: string,
    help: string,
    label: string,
    counts: (s: CatalogReaderStats) => object,
  ) => {
    const seen = new Map<string, number>();
    return new Counter({
      name,
      help,
      labelNames: [label],
      registers: [registry],
      collect() {
        const s = stats();
        if (!s) return;
        for (const [key, n] of Object.entries(counts(s)) as [string, number][]) {
          this.inc({ [label]: key }, n - (seen.get(key) ?? 0));
          seen.set(key, n);
        }
      },
    });
  };
  following(
    'mp_catalog_read_queries_total',
    'Catalogue read queries (and read transactions) by the server that answered them',
    'target',
    (s) => s.queries,
  );
  following(
    'mp_db_replica_fallbacks_total',
    'Catalogue reads the replica failed that the primary answered, by why (unreachable, or a refusal)',
    'reason',
    (s) => s.fallbacks,
  );
  poolGauge(registry, 'mp_db_read_pool_connections', 'Read replica', () => sources.readPool);
}

/** A pool's connections by state: total, idle, waiting (callers waiting for a connection). */
function poolGauge(registry: Registry, name: string, which: string, pool: () => pg.Pool | undefined) {
  new Gauge({
    name,
    help: `${which} pool connections by state (total, idle, waiting = callers waiting for a connection)`,
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const p = pool();
      if (!p) return;
      this.set({ state: 'total' }, p.totalCount);
      this.set({ state: 'idle' }, p.idleCount);
      this.set({ state: 'waiting' }, p.waitingCount);
    },
  });
}

export function createMetrics(options: { defaultMetrics?: boolean } = {}) {
  const registry = new Registry();
  if (options.defaultMetrics) collectDefaultMetrics({ register: registry, prefix: 'mp_' });
  const sources: MetricsSources = {};
  const counter = <L extends string = string>(name: string, help: string, labelNames?: readonly L[]) =>
    new Counter<L>({ name, help, ...(labelNames ? { labelNames } : {}), registers: [registry] });

  const httpDuration = new Histogram({
    name: 'mp_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by route pattern, method and status code',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const microCache = counter(
    'mp_micro_cache_requests_total',
    'Cacheable catalogue reads, answered from the micro-cache (hit) or by the app (miss)',
    ['result'],
  );
  /** A gauge of two of the catalogue cache's counts since start, as result="hit" and result="miss". */
  const catalogHitsAndMisses = (
    name: string,
    help: string,
    counts: (c: NonNullable<typeof sources.catalogCache>) => { hit: number; miss: number },
  ) =>
    new Gauge({
      name,
      help,
      labelNames: ['result'] as const,
      registers: [registry],
      collect() {
        const c = sources.catalogCache;
        if (!c) return;
        const { hit, miss } = counts(c);
        this.set({ result: 'hit' }, hit);
        this.set({ result: 'miss' }, miss);
      },
    });
  catalogHitsAndMisses(
    'mp_catalog_cache_lookups',
    'Catalogue cache lookups since start, by result (hit ratio = hit / (hit + miss))',
    (c) => ({ hit: c.hits, miss: c.misses }),
  );
  catalogHitsAndMisses(
    'mp_catalog_products_reused',
    'Products a computed catalogue answer took from a cached answer (hit) or read from the database (miss)',
    (c) => ({ hit: c.shownHits, miss: c.shownMisses }),
  );
  poolGauge(registry, 'mp_db_pool_connections', 'PostgreSQL', () => sources.pool);
  replicaMetrics(registry, sources);
  new Gauge({
    name: 'mp_queue_backlog',
    help: 'Rows of a durable queue not settled with the outside party yet (return_pickups: to book; refund_payouts: to pay or confirm)',
    labelNames: ['queue'] as const,
    registers: [registry],
    async collect() {
      for (const [queue, count] of Object.entries(sources.backlogs ?? {}))
        this.set({ queue }, await count().catch(() => -1));
    },
  });
  const dbUnavailable = counter(
    'mp_db_unavailable_total',
    'Requests answered 503 because the database was unreachable or timed out',
  );
  const sweeps = counter('mp_stock_hold_sweeps_total', 'Runs of the expired stock-hold sweeper, by result', [
    'result',
  ]);
  const holdsReleased = counter(
    'mp_stock_holds_released_total',
    'Expired stock holds given back by the sweeper',
  );
  const lastSweep = new Gauge({
    name: 'mp_stock_hold_last_sweep_seconds',
    help: 'Unix time of the last successful sweep',
    registers: [registry],
  });

  return {
    registry,
    sources,
    httpDuration,
    microCache,
    dbUnavailable,
    sweep: {
      ok(released: number) {
        sweeps.inc({ result: 'ok' });
        if (released) holdsReleased.inc(released);
        lastSweep.set(Date.now() / 1000);
      },
      failed: () => sweeps.inc({ result: 'error' }),
    },
  };
}
export type Metrics = ReturnType<typeof createMetrics>;
