/**
 * Failed-login limits (docs/security.md, "Failed logins"): guessing is bounded per account and per address, yet
 * nobody can lock an owner out. Three counters of failures per 15 minutes, kept in PostgreSQL:
 * - per (address, account): over the limit, that address's attempts on that account are refused unchecked;
 * - per address: ADDRESS_FACTOR times the limit, all accounts together, bounds what one address may guess;
 * - per account, from any address: over the limit the account is "locked": a wrong password is answered 429, the
 *   right one still signs in from an address that has not failed for the account, and from one that has, it gets
 *   a one-time sign-in link by e-mail instead of a session.
 * Every attempt counts first and is taken back when the password was right, so parallel guesses cannot slip past.
 */
import type { Options } from 'express-rate-limit';
import type { Db } from '../../db/client';
import { PgRateLimitStore } from '../../db/rate-limit-store';
import { AppError } from '../../lib/errors';

const WINDOW_MS = 15 * 60 * 1000;
/** the per-address bound is this many times the per-account limit: room for a shared office's typos */
export const ADDRESS_FACTOR = 10;

export type LoginAttempt = {
  /** the account had reached its limit of failures before this attempt */
  accountLocked: boolean;
  /** this address had failed for this account before this attempt (within the window) */
  addressFailed: boolean;
  /** the password was right: this attempt is not a failure */
  succeeded(): Promise<void>;
  /** the password was wrong: the answer to give (429 while the account is locked, else the caller's own) */
  failed(): AppError | undefined;
};

const tooMany = (message: string, resetTime: Date | undefined) =>
  new AppError(429, 'RATE_LIMITED', message, undefined, {
    retryAfterSeconds: Math.max(
      1,
      Math.ceil(((resetTime?.getTime() ?? Date.now() + WINDOW_MS) - Date.now()) / 1000),
    ),
  });

export function createLoginThrottle(db: Db, limit: number) {
  const store = (name: string) => {
    const s = new PgRateLimitStore(db, name);
    s.init({ windowMs: WINDOW_MS } as Options);
    return s;
  };
  const pairs = store('login-pair');
  const addresses = store('login-address');
  const accounts = store('login-account');

  return {
    /** Counts the attempt; throws 429 when this address may not try (this account, or any) any more. */
    async begin(address: string, email: string): Promise<LoginAttempt> {
      const pairKey = `${address}|${email}`;
      const [pair, byAddress, account] = await Promise.all([
        pairs.increment(pairKey),
        addresses.increment(address),
        accounts.increment(email),
      ]);
      const undo = () =>
        Promise.all([pairs.decrement(pairKey), addresses.decrement(address), accounts.decrement(email)]);
      if (pair.totalHits > limit || byAddress.totalHits > limit * ADDRESS_FACTOR) {
        await undo(); // a refused attempt is not a guess: it must not extend the lock
        throw pair.totalHits > limit
          ? tooMany(
              'Too many failed login attempts for this account. Please wait 15 minutes and try again.',
              pair.resetTime,
            )
          : tooMany(
              'Too many failed login attempts. Please wait 15 minutes and try again.',
              byAddress.resetTime,
            );
      }
      const accountLocked = account.totalHits > limit;
      return {
        accountLocked,
        addressFailed: pair.totalHits > 1,
        succeeded: async () => {
          await undo();
        },
        failed: () =>
          accountLocked
            ? tooMany(
                'Too many failed login attempts for this account. Please wait 15 minutes and try again.',
                account.resetTime,
              )
            : undefined,
      };
    },
  };
}
