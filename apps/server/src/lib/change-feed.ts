/**
 * Catalogue changes, told to every cache that derives from them — in this process at once, and (with PostgreSQL)
 * to every other instance on the same database through LISTEN/NOTIFY (docs/operations.md, "Several instances").
 * Write sites publish after their transaction commits; caches subscribe.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { Logger } from './logger';

export type Change =
  | { type: 'products'; ids: string[] } // catalogue fields of these products changed (create, edit, delete, rating)
  | { type: 'stock'; ids: string[] } // stock or units sold of these products changed
  | { type: 'banners' }
  | { type: 'brands' } // a brand was added, renamed, hidden, shown, accepted or merged
  | { type: 'stores' } // a store page's own fields (logo, banner) or whether it is shown (approval)
  | { type: 'delivery'; sellerId?: string }; // a seller's pickup settings (or, without sellerId, the holidays)

export interface ChangeFeed {
  /** delivers to this process's subscribers at once and to every other instance (PostgreSQL NOTIFY) */
  publish(change: Change): void;
  subscribe(listener: (change: Change) => void): () => void;
  close(): Promise<void>;
}

function createListeners(logger?: Logger) {
  const listeners = new Set<(change: Change) => void>();
  return {
    add(listener: (change: Change) => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    deliver(change: Change) {
      for (const listener of listeners) {
        try {
          listener(change);
        } catch (err) {
          logger?.error({ err, change }, 'a change-feed subscriber failed');
        }
      }
    },
  };
}

/** In-process only (PGlite, tests): subscribers hear every publish synchronously. */
export function createLocalChangeFeed(logger?: Logger): ChangeFeed {
  const listeners = createListeners(logger);
  return {
    publish: (change) => listeners.deliver(change),
    subscribe: (listener) => listeners.add(listener),
    close: async () => undefined,
  };
}

export const CHANGE_CHANNEL = 'mp_catalog_changes';
/** NOTIFY payloads must stay under 8000 bytes: 100 uuids with the envelope is about 4 KB. */
const IDS_PER_MESSAGE = 100;

function isChange(v: unknown): v is Change {
  const c = v as { type?: unknown; ids?: unknown };
  if (c?.type === 'banners' || c?.type === 'brands' || c?.type === 'stores') return true;
  if (c?.type === 'delivery') return true;
  return (
    (c?.type === 'products' || c?.type === 'stock') &&
    Array.isArray(c.ids) &&
    c.ids.every((id) => typeof id === 'string')
  );
}

export interface PgChangeFeedOptions {
  /** the server to LISTEN on: one dedicated connection, reopened by itself when lost */
  url: string;
  /** NOTIFY goes through the application's pool */
  pool: pg.Pool;
  logger: Logger;
  /**
   * Called after the listening connection came back: changes made meanwhile were not heard, so caches should drop
   * everything once.
   */
  onResync?: () => void;
  connectTimeoutMs?: number;
}

/** Local delivery plus PostgreSQL LISTEN/NOTIFY between the instances sharing one database. */
export function createPgChangeFeed(opts: PgChangeFeedOptions): ChangeFeed & { readonly listening: boolean } {
  const { logger } = opts;
  const origin = randomUUID();
  const listeners = createListeners(logger);
  let client: pg.Client | undefined;
  let listening = false;
  let closed = false;
  let everConnected = false;
  let retryMs = 250;
  let timer: NodeJS.Timeout | undefined;

  function scheduleReconnect() {
    if (closed || timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      void connect();
    }, retryMs);
    timer.unref();
    retryMs = Math.min(retryMs * 2, 5000);
  }

  async function connect() {
    if (closed) return;
    const c = new pg.Client({
      connectionString: opts.url,
      connectionTimeoutMillis: opts.connectTimeoutMs ?? 5000,
      keepAlive: true,
    });
    let lost = false;
    const onLost = (err?: Error) => {
      if (lost) return;
      lost = true;
      listening = false;
      if (client === c) client = undefined;
      if (!closed) {
        logger.warn({ err: err?.message }, 'change feed: lost the LISTEN connection; reconnecting');
        void c.end().catch(() => undefined);
        scheduleReconnect();
      }
    };
    c.on('error', onLost);
    c.on('end', () => onLost());
    c.on('notification', (msg) => {
      if (msg.channel !== CHANGE_CHANNEL || !msg.payload) return;
      let parsed: { origin?: unknown; change?: unknown };
      try {
        parsed = JSON.parse(msg.payload) as typeof parsed;
      } catch {
        return;
      }
      if (parsed.origin === origin || !isChange(parsed.change)) return;
      listeners.deliver(parsed.change);
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${CHANGE_CHANNEL}`);
    } catch (err) {
      onLost(err as Error);
      return;
    }
    if (closed) {
      await c.end().catch(() => undefined);
      return;
    }
    client = c;
    listening = true;
    retryMs = 250;
    if (everConnected) {
      logger.info('change feed: listening again');
      opts.onResync?.();
    }
    everConnected = true;
  }

  function notify(change: Change) {
    const payload = JSON.stringify({ origin, change });
    opts.pool.query('select pg_notify($1, $2)', [CHANGE_CHANNEL, payload]).catch((err: unknown) => {
      // the other instances keep their answers until the caches' own time-to-live ends
      logger.warn({ err: (err as Error).message, change }, 'change feed: could not notify other instances');
    });
  }

  void connect();

  return {
    publish(change) {
      listeners.deliver(change);
      if (!('ids' in change) || change.ids.length <= IDS_PER_MESSAGE) return notify(change);
      for (let i = 0; i < change.ids.length; i += IDS_PER_MESSAGE)
        notify({ type: change.type, ids: change.ids.slice(i, i + IDS_PER_MESSAGE) });
    },
    subscribe: (listener) => listeners.add(listener),
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      listening = false;
      const c = client;
      client = undefined;
      await c?.end().catch(() => undefined);
    },
    get listening() {
      return listening;
    },
  };
}
