/**
 * Rate limits whose counts live in PostgreSQL (docs/security.md, "Rate limits"): a limit holds on every instance
 * and across restarts. Over the limit: 429 RATE_LIMITED with Retry-After and the RateLimit headers.
 */
import type { RequestHandler } from 'express';
import { rateLimit, type Options } from 'express-rate-limit';
import type { Db } from '../db/client';
import { PgRateLimitStore } from '../db/rate-limit-store';
import { AppError } from './errors';

/** `name` keeps this limiter's counts apart from every other's. */
export function dbRateLimit(
  db: Db,
  name: string,
  options: Partial<Options> & { message: string },
): RequestHandler {
  return rateLimit({
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    ...options,
    store: new PgRateLimitStore(db, name),
    handler: () => {
      throw new AppError(429, 'RATE_LIMITED', options.message);
    },
  });
}
