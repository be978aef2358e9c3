/**
 * A micro-cache in front of Express for public, anonymous catalogue reads (listing, detail, search, home).
 *
 * Express itself costs most of a cached answer's time (on a 2-core machine bare Express serves ~15% of what
 * node:http does), so a hit is written straight from memory at the HTTP layer, with the exact status, headers
 * and body Express produced on the miss that filled it (security headers included), plus a fresh request id.
 * Entries are keyed on the path plus only the query parameters the route reads (junk parameters share one entry),
 * live `ttlMs`, and are dropped exactly when the catalogue cache drops the answer they copy: the route tells which
 * products an answer shows (`res.locals.catalogAnswer`), and `subscribe` reports which products changed or that
 * every set answer (listings, searches, home) is void. An answer computed across a change is not stored.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { parse as parseQuery, type ParsedUrlQuery } from 'node:querystring';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { RequestHandler } from 'express';
import type { EndpointDef } from '@mp/shared';
import { pickEncoding, type Encoding } from './http-encoding';
import type { Logger } from './logger';

interface Entry {
  headers: Record<string, string | string[] | number>;
  body: Buffer;
  /** compressed copies, made once on the first hit that asks for them */
  encoded: Partial<Record<Encoding, Buffer>>;
  etag: string | undefined;
  expiresAt: number;
  kind: 'item' | 'set';
  ids: readonly string[];
}

/** What the route answered with: whether it is one product or a set, and which products it shows. */
export interface CatalogAnswer {
  kind: 'item' | 'set';
  ids: readonly string[];
}

/** What a catalogue invalidation dropped: the answers showing these products, or every set answer. */
/** What a catalogue change drops: the answers showing these products, every set answer, or everything. */
export type Dropped = { ids: ReadonlySet<string> } | { sets: true } | { all: true };

export interface MicroCacheRule {
  /** the paths this rule covers */
  path: RegExp;
  /** the route's name in the request metrics */
  route: string;
  /** the query parameters the route reads; every other parameter is left out of the key */
  params: readonly string[];
  ttlMs: number;
}

/** A path pattern for an Express-style path of the endpoint table (`:name` matches one segment). */
export const pathPattern = (path: string) =>
  new RegExp(`^${path.replace(/[.]/g, '\\.').replace(/:\w+/g, '[^/]+')}$`);

/**
 * The rule of a table row: its path, its path as the route name, and its query schema's keys as the key
 * parameters (docs/api-contract.md, "The micro-cache").
 */
export function ruleOf(endpoint: Pick<EndpointDef, 'path' | 'query'>, ttlMs: number): MicroCacheRule {
  return {
    path: pathPattern(endpoint.path),
    route: endpoint.path,
    params: Object.keys(endpoint.query?.shape ?? {}),
    ttlMs,
  };
}

/** A read the fast lane answers a miss with (the route's own answer, computed without Express). */
export interface LaneRead {
  kind: 'item' | 'set';
  ids: readonly string[];
  body: string;
}

/**
 * The fast lane: a miss on a rule with a reader is answered here too, without Express. The reader gets the path
 * and the parsed query (node:querystring, as Express's default parser) and answers, or throws to let Express
 * answer instead (bad input, not found, errors: Express owns every answer that is not a 200).
 */
export interface MicroCacheLane {
  readers: Record<string, (path: string, query: ParsedUrlQuery) => Promise<LaneRead>>;
  /** the headers Express adds to every answer of these routes (security headers), computed once */
  headers: Record<string, string | string[] | number>;
  /** Express's ETag function, so both paths tag a body alike */
  etag: (body: Buffer) => string | undefined;
}

export interface MicroCacheOptions {
  rules: MicroCacheRule[];
  /** bumped by every catalogue change */
  generation: () => number;
  /** whether an answer of this kind showing these products, computed from generation `since`, may be stored */
  unaffected: (since: number, kind: 'item' | 'set', ids: readonly string[]) => boolean;
  /** true while set answers may be void (a change is being checked): serve none of them from memory */
  setsUnsettled: () => boolean;
  subscribe: (listener: (dropped: Dropped) => void) => () => void;
  maxEntries?: number;
  logger?: Logger;
  lane?: MicroCacheLane;
}

const SKIP_HEADERS = new Set([
  'x-request-id',
  'set-cookie',
  'date',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'content-length',
  'content-encoding',
  'vary',
]);
const COMPRESS_FROM_BYTES = 1024;
const BOTH: Set<Encoding> = new Set(['br', 'gzip']);

function encodedBody(entry: Entry, encoding: Encoding): Buffer {
  return (entry.encoded[encoding] ??=
    encoding === 'br'
      ? brotliCompressSync(entry.body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } })
      : gzipSync(entry.body, { level: 6 }));
}

export function createMicroCache(opts: MicroCacheOptions) {
  const entries = new Map<string, Entry>();
  const byProduct = new Map<string, Set<string>>();
  const stats = { hits: 0, misses: 0 };
  const maxEntries = opts.maxEntries ?? 5000;
  const eligible = (req: IncomingMessage) =>
    req.method === 'GET' && !req.headers.authorization && !req.headers.range && req.url !== undefined;

  /** The rule and cache key of a URL: path plus the rule's parameters in a fixed order, or undefined. */
  function keyOf(url: string): { rule: MicroCacheRule; key: string } | undefined {
    const q = url.indexOf('?');
    const path = q < 0 ? url : url.slice(0, q);
    const rule = opts.rules.find((r) => r.path.test(path));
    if (!rule) return undefined;
    if (q < 0) return { rule, key: path };
    const search = new URLSearchParams(url.slice(q + 1));
    const kept = rule.params.flatMap((name) =>
      search.getAll(name).map((v) => `${encodeURIComponent(name)}=${encodeURIComponent(v)}`),
    );
    return { rule, key: kept.length ? `${path}?${kept.join('&')}` : path };
  }

  function remove(key: string) {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    for (const id of entry.ids) {
      const keys = byProduct.get(id);
      keys?.delete(key);
      if (keys && !keys.size) byProduct.delete(id);
    }
  }

  function store(key: string, entry: Entry) {
    remove(key);
    if (entries.size >= maxEntries) remove(entries.keys().next().value!);
    entries.set(key, entry);
    for (const id of entry.ids) {
      let keys = byProduct.get(id);
      if (!keys) byProduct.set(id, (keys = new Set()));
      keys.add(key);
    }
  }

  opts.subscribe((dropped) => {
    if ('all' in dropped) {
      for (const key of [...entries.keys()]) remove(key);
    } else if ('sets' in dropped) {
      for (const [key, entry] of [...entries]) if (entry.kind === 'set') remove(key);
    } else {
      for (const id of dropped.ids) for (const key of [...(byProduct.get(id) ?? [])]) remove(key);
    }
  });

  function lookup(key: string): Entry | undefined {
    const entry = entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= Date.now()) {
      remove(key);
      return undefined;
    }
    if (entry.kind === 'set' && opts.setsUnsettled()) return undefined;
    // least recently used goes first when the cache is full: a hit moves the entry to the back
    entries.delete(key);
    entries.set(key, entry);
    return entry;
  }

  /** Writes an entry as the answer (a 304 when the client has it), with a fresh request id. */
  function write(req: IncomingMessage, res: ServerResponse, entry: Entry, cache: 'HIT' | 'MISS') {
    const id = randomUUID();
    if (entry.etag && req.headers['if-none-match'] === entry.etag) {
      res.writeHead(304, {
        etag: entry.etag,
        vary: 'Accept-Encoding',
        'x-request-id': id,
        'x-cache': cache,
      });
      res.end();
    } else {
      const encoding =
        entry.body.length >= COMPRESS_FROM_BYTES
          ? pickEncoding(req.headers['accept-encoding'], BOTH)
          : undefined;
      const body = encoding ? encodedBody(entry, encoding) : entry.body;
      res.writeHead(200, {
        ...entry.headers,
        ...(encoding ? { 'content-encoding': encoding } : {}),
        vary: 'Accept-Encoding',
        'content-length': body.length,
        'x-request-id': id,
        'x-cache': cache,
      });
      res.end(body);
    }
    if (opts.logger?.isLevelEnabled('info')) {
      opts.logger.info(
        { reqId: id, method: 'GET', url: req.url, status: res.statusCode, cache: cache.toLowerCase() },
        'request completed',
      );
    }
  }

  /** Computes a miss in the fast lane; undefined when Express must answer it. */
  async function laneEntry(req: IncomingMessage): Promise<{ entry: Entry; key: string } | undefined> {
    const lane = opts.lane;
    const url = req.url!;
    const found = lane && eligible(req) ? keyOf(url) : undefined;
    const reader = found && lane!.readers[found.rule.route];
    if (!found || !reader) return undefined;
    const q = url.indexOf('?');
    const generation = opts.generation();
    let answer: LaneRead;
    try {
      answer = await reader(q < 0 ? url : url.slice(0, q), q < 0 ? {} : parseQuery(url.slice(q + 1)));
    } catch {
      return undefined;
    }
    const body = Buffer.from(answer.body);
    const etag = lane!.etag(body);
    const entry: Entry = {
      headers: {
        ...lane!.headers,
        'content-type': 'application/json; charset=utf-8',
        ...(etag ? { etag } : {}),
      },
      body,
      encoded: {},
      etag,
      expiresAt: Date.now() + found.rule.ttlMs,
      kind: answer.kind,
      ids: answer.ids,
    };
    if (opts.unaffected(generation, entry.kind, entry.ids)) store(found.key, entry);
    return { entry, key: found.key };
  }

  return {
    /** The rule of a request the cache may answer, if any (for the metrics). */
    ruleFor: (req: IncomingMessage) => (eligible(req) ? keyOf(req.url!)?.rule : undefined),

    /** Writes a fresh cached answer and returns true, or returns false to let Express answer. */
    serve(req: IncomingMessage, res: ServerResponse): boolean {
      const found = eligible(req) ? keyOf(req.url!) : undefined;
      if (!found) return false;
      const entry = lookup(found.key);
      if (!entry) {
        stats.misses++;
        return false;
      }
      stats.hits++;
      write(req, res, entry, 'HIT');
      return true;
    },

    /**
     * A miss answered in the fast lane (lane readers): true when answered, false to let Express answer it.
     * Never rejects.
     */
    async answer(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
      const computed = await laneEntry(req);
      if (req.destroyed || res.headersSent) return true; // the client has gone: nothing to answer
      if (!computed) return false;
      write(req, res, computed.entry, 'MISS');
      return true;
    },

    /** Express middleware: records successful JSON answers of cacheable paths as Express wrote them. */
    capture: ((req, res, next) => {
      const found = eligible(req) ? keyOf(req.originalUrl) : undefined;
      if (!found) return next();
      const { rule, key } = found;
      const generation = opts.generation();
      const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
      res.end = ((...args: unknown[]) => {
        const [chunk] = args;
        const type = String(res.getHeader('content-type') ?? '');
        const shown = res.locals.catalogAnswer as CatalogAnswer | undefined;
        if (
          shown &&
          opts.unaffected(generation, shown.kind, shown.ids) &&
          res.statusCode === 200 &&
          type.startsWith('application/json') &&
          (typeof chunk === 'string' || Buffer.isBuffer(chunk))
        ) {
          const headers: Entry['headers'] = {};
          for (const [k, v] of Object.entries(res.getHeaders()))
            if (v !== undefined && !SKIP_HEADERS.has(k)) headers[k] = v;
          store(key, {
            headers,
            body: Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk),
            encoded: {},
            etag: typeof headers.etag === 'string' ? headers.etag : undefined,
            expiresAt: Date.now() + rule.ttlMs,
            kind: shown.kind,
            ids: shown.ids,
          });
        }
        res.setHeader('x-cache', 'MISS');
        return end(...args);
      }) as typeof res.end;
      next();
    }) as RequestHandler,

    clear: () => {
      entries.clear();
      byProduct.clear();
    },
    get size() {
      return entries.size;
    },
    /** catalogue GETs answered from memory (hits) or passed to Express (misses) since start */
    stats,
  };
}
export type MicroCache = ReturnType<typeof createMicroCache>;
