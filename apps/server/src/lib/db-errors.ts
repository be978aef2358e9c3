/** Postgres error codes, read the same way from node-postgres and PGlite (possibly wrapped by drizzle). */
function pgCode(err: unknown): { code?: string; constraint?: string } {
  let e = err as { code?: unknown; constraint?: unknown; cause?: unknown } | undefined;
  for (let depth = 0; e && depth < 4; depth++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) {
      return { code: e.code, constraint: typeof e.constraint === 'string' ? e.constraint : undefined };
    }
    e = e.cause as typeof e;
  }
  return {};
}

export const isUniqueViolation = (err: unknown, constraint?: string) => {
  const c = pgCode(err);
  return c.code === '23505' && (!constraint || !c.constraint || c.constraint === constraint);
};

/** The constraint (or unique index) a unique violation names, from the error or its message (PGlite). */
export function uniqueConstraintOf(err: unknown): string | undefined {
  const c = pgCode(err);
  if (c.constraint) return c.constraint;
  for (let e = err as { message?: unknown; cause?: unknown } | undefined, d = 0; e && d < 4; d++) {
    const m = typeof e.message === 'string' ? /unique constraint "([^"]+)"/.exec(e.message) : null;
    if (m) return m[1];
    e = e.cause as typeof e;
  }
  return undefined;
}

/** Network errors of a connection that could not be opened or was lost. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
  'EHOSTUNREACH',
]);
/**
 * SQLSTATEs that mean "the database cannot serve this now, try again": connection exceptions (08), operator
 * intervention (57P01 terminated, 57P02 crash shutdown, 57P03 cannot connect now, 57014 statement timeout),
 * too many connections, lock timeout (55P03) and serialization/deadlock failures under a lock storm.
 */
const UNAVAILABLE_SQLSTATES = /^(08...|57P0[1-3]|57014|53300|55P03|40001|40P01)$/;
/** node-postgres's own messages for pool and connection time-outs and dropped connections (they carry no code). */
const UNAVAILABLE_MESSAGES =
  /timeout exceeded when trying to connect|Connection terminated|connection timeout|Client has encountered a connection error|Cannot use a pool after calling end/i;

/**
 * True when err (possibly wrapped by drizzle) says the database is unreachable, overloaded or timed out — an
 * answer of 503 with Retry-After, not 500 (docs/operations.md, "Database faults").
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  let e = err as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown } | undefined;
  for (let depth = 0; e && depth < 5; depth++) {
    if (typeof e.code === 'string' && (NETWORK_CODES.has(e.code) || UNAVAILABLE_SQLSTATES.test(e.code)))
      return true;
    if (typeof e.message === 'string' && UNAVAILABLE_MESSAGES.test(e.message)) return true;
    // AggregateError (e.g. ECONNREFUSED on both ::1 and 127.0.0.1)
    if (Array.isArray(e.errors) && e.errors.some((x) => isDatabaseUnavailable(x))) return true;
    e = e.cause as typeof e;
  }
  return false;
}

/** The innermost cause of a (possibly wrapped) database error, for a log line that starts with the real reason. */
export function rootCause(err: unknown): string {
  let e = err as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown } | undefined;
  let deepest = e;
  for (let depth = 0; e && depth < 6; depth++) {
    deepest = e;
    if (Array.isArray(e.errors) && e.errors.length) {
      e = e.errors[0] as typeof e;
      continue;
    }
    e = e.cause as typeof e;
  }
  const code = typeof deepest?.code === 'string' ? deepest.code : undefined;
  const message = typeof deepest?.message === 'string' && deepest.message ? deepest.message : String(deepest);
  return code && !message.includes(code) ? `${code}: ${message}` : message;
}

/** Failures that retrying will not fix: a wrong password or user, a missing database. */
export function isPermanentConnectFailure(err: unknown): boolean {
  const c = pgCode(err).code;
  return c === '28P01' || c === '28000' || c === '3D000';
}
