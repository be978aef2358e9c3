/**
 * Rate limits (docs/security.md, "Rate limits"). Over a limit: 429 RATE_LIMITED with Retry-After and the RateLimit
 * headers. Most counts live in PostgreSQL, so a limit holds on every instance and across restarts; a limit on a hot
 * read (searches) counts in this instance's memory instead, so an uncached search costs no database write.
 */
import type { RequestHandler } from 'express';
import { ipKeyGenerator, MemoryStore, rateLimit, type Options } from 'express-rate-limit';
import type { Db } from '../db/client';
import { PgRateLimitStore } from '../db/rate-limit-store';
import { AppError } from './errors';

type LimitOptions = Partial<Options> & { message: string };

function limiter(options: LimitOptions, store?: Options['store']): RequestHandler {
  return rateLimit({
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    ...options,
    ...(store ? { store } : {}),
    handler: () => {
      throw new AppError(429, 'RATE_LIMITED', options.message);
    },
  });
}

/** Counted in PostgreSQL; `name` keeps this limiter's counts apart from every other's. */
export function dbRateLimit(db: Db, name: string, options: LimitOptions): RequestHandler {
  return limiter(options, new PgRateLimitStore(db, name));
}

/** A limit counted in this process: the Express middleware, and `take` for the HTTP fast lane (no Express there). */
export interface InstanceLimit {
  middleware: RequestHandler;
  /** counts one request from `address` (the client address); false once it is over the limit */
  take(address: string): Promise<boolean>;
}

/**
 * Counted in this process (express-rate-limit's memory store, one for the middleware and the fast lane): N instances
 * allow N × the limit in all. Keys are client addresses (IPv6 by /56, as express-rate-limit advises).
 */
export function instanceRateLimit(
  options: LimitOptions & { limit: number; windowMs: number },
): InstanceLimit {
  const store = new MemoryStore();
  const middleware = limiter({ ...options, keyGenerator: (req) => ipKeyGenerator(req.ip ?? '') }, store);
  return {
    middleware,
    take: async (address) => (await store.increment(ipKeyGenerator(address))).totalHits <= options.limit,
  };
}
