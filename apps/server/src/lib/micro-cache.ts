/**
 * A micro-cache in front of Express for public, anonymous catalogue reads (listing, detail, search, home).
 *
 * Express itself costs most of a cached answer's time (on a 2-core machine bare Express serves ~15% of what
 * node:http does), so a hit is written straight from memory at the HTTP layer, with the exact status, headers
 * and body Express produced on the miss that filled it (security headers included), plus a fresh request id.
 * Entries live `ttlMs` and die at once when `generation()` changes: the catalogue bumps it on every product,
 * review or wishlist write and every stock change, so a hit is never staler than the catalogue's own caches.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { RequestHandler } from 'express';
import { pickEncoding, type Encoding } from './http-encoding';
import type { Logger } from './logger';

interface Entry {
  headers: Record<string, string | string[] | number>;
  body: Buffer;
  /** compressed copies, made once on the first hit that asks for them */
  encoded: Partial<Record<Encoding, Buffer>>;
  etag: string | undefined;
  expiresAt: number;
  generation: number;
}

export interface MicroCacheOptions {
  /** path prefixes whose GET answers may be cached, each with its time to live */
  rules: { prefix: string; ttlMs: number }[];
  generation: () => number;
  maxEntries?: number;
  logger?: Logger;
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
  const maxEntries = opts.maxEntries ?? 5000;
  const ruleFor = (url: string) => opts.rules.find((r) => url.startsWith(r.prefix));
  const eligible = (req: IncomingMessage) =>
    req.method === 'GET' && !req.headers.authorization && !req.headers.range && req.url !== undefined;

  function lookup(url: string): Entry | undefined {
    const entry = entries.get(url);
    if (!entry) return undefined;
    if (entry.expiresAt <= Date.now() || entry.generation !== opts.generation()) {
      entries.delete(url);
      return undefined;
    }
    return entry;
  }

  return {
    /** The rule of a request the cache may answer, if any (for the metrics). */
    ruleFor: (req: IncomingMessage) => (eligible(req) ? ruleFor(req.url!) : undefined),

    /** Writes a fresh cached answer and returns true, or returns false to let Express answer. */
    serve(req: IncomingMessage, res: ServerResponse): boolean {
      if (!eligible(req) || !ruleFor(req.url!)) return false;
      const entry = lookup(req.url!);
      if (!entry) return false;
      const id = randomUUID();
      if (entry.etag && req.headers['if-none-match'] === entry.etag) {
        res.writeHead(304, {
          etag: entry.etag,
          vary: 'Accept-Encoding',
          'x-request-id': id,
          'x-cache': 'HIT',
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
          'x-cache': 'HIT',
        });
        res.end(body);
      }
      if (opts.logger?.isLevelEnabled('info')) {
        opts.logger.info(
          { reqId: id, method: 'GET', url: req.url, status: res.statusCode, cache: 'hit' },
          'request completed',
        );
      }
      return true;
    },

    /** Express middleware: records successful JSON answers of cacheable paths as Express wrote them. */
    capture: ((req, res, next) => {
      const rule = eligible(req) ? ruleFor(req.originalUrl) : undefined;
      if (!rule) return next();
      const url = req.originalUrl;
      const generation = opts.generation();
      const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
      res.end = ((...args: unknown[]) => {
        const [chunk] = args;
        const type = String(res.getHeader('content-type') ?? '');
        if (
          res.statusCode === 200 &&
          type.startsWith('application/json') &&
          (typeof chunk === 'string' || Buffer.isBuffer(chunk))
        ) {
          const headers: Entry['headers'] = {};
          for (const [k, v] of Object.entries(res.getHeaders()))
            if (v !== undefined && !SKIP_HEADERS.has(k)) headers[k] = v;
          if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
          entries.set(url, {
            headers,
            body: Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk),
            encoded: {},
            etag: typeof headers.etag === 'string' ? headers.etag : undefined,
            expiresAt: Date.now() + rule.ttlMs,
            generation,
          });
        }
        res.setHeader('x-cache', 'MISS');
        return end(...args);
      }) as typeof res.end;
      next();
    }) as RequestHandler,

    clear: () => entries.clear(),
    get size() {
      return entries.size;
    },
  };
}
export type MicroCache = ReturnType<typeof createMicroCache>;
