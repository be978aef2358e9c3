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
export const isCheckViolation = (err: unknown) => pgCode(err).code === '23514';
export const isForeignKeyViolation = (err: unknown) => pgCode(err).code === '23503';
