/**
 * An express-rate-limit Store whose counters live in PostgreSQL (table rate_limit_hits), so a limit holds across
 * every instance on the database and across restarts (docs/security.md). The published PostgreSQL stores take a
 * node-postgres pool of their own and cannot run on the embedded PGlite database; this one goes through Drizzle,
 * which speaks to both. Each increment is one upsert: a fixed window that starts at the first hit.
 */
import type { ClientRateLimitInfo, Options, Store } from 'express-rate-limit';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from './client';
import { rateLimitHits } from './schema';

/** how often (in increments) expired rows are swept */
const SWEEP_EVERY = 500;

export class PgRateLimitStore implements Store {
  localKeys = false;
  private windowMs = 60_000;
  private calls = 0;

  /** prefix: one per limiter, so limiters never share counts */
  constructor(
    private readonly db: Db,
    readonly prefix: string,
  ) {}

  init(options: Options): void {
    this.windowMs = options.windowMs;
  }

  private key(key: string): string {
    return `${this.prefix}:${key}`;
  }

  async get(key: string): Promise<ClientRateLimitInfo | undefined> {
    const [row] = await this.db
      .select()
      .from(rateLimitHits)
      .where(and(eq(rateLimitHits.key, this.key(key)), gt(rateLimitHits.resetAt, sql`now()`)));
    return row ? { totalHits: row.hits, resetTime: row.resetAt } : undefined;
  }

  async increment(key: string): Promise<ClientRateLimitInfo> {
    const expired = sql`${rateLimitHits.resetAt} <= now()`;
    const [row] = await this.db
      .insert(rateLimitHits)
      .values({
        key: this.key(key),
        hits: 1,
        resetAt: sql`now() + make_interval(secs => ${this.windowMs / 1000})`,
      })
      .onConflictDoUpdate({
        target: rateLimitHits.key,
        set: {
          hits: sql`case when ${expired} then 1 else ${rateLimitHits.hits} + 1 end`,
          resetAt: sql`case when ${expired} then excluded.reset_at else ${rateLimitHits.resetAt} end`,
        },
      })
      .returning();
    if (++this.calls % SWEEP_EVERY === 0) void this.sweep().catch(() => undefined);
    return { totalHits: row!.hits, resetTime: row!.resetAt };
  }

  async decrement(key: string): Promise<void> {
    await this.db
      .update(rateLimitHits)
      .set({ hits: sql`greatest(${rateLimitHits.hits} - 1, 0)` })
      .where(and(eq(rateLimitHits.key, this.key(key)), gt(rateLimitHits.resetAt, sql`now()`)));
  }

  async resetKey(key: string): Promise<void> {
    await this.db.delete(rateLimitHits).where(eq(rateLimitHits.key, this.key(key)));
  }

  /** drops windows that ended (any limiter's) */
  async sweep(): Promise<void> {
    await this.db.delete(rateLimitHits).where(lt(rateLimitHits.resetAt, sql`now()`));
  }
}
