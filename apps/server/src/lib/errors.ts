import type { ApiErrorCode, FieldErrors } from '@mp/shared';
import { z } from 'zod';

/**
 * A failure the caller can act on: answered with its status and the error envelope
 * (docs/decisions/0003-error-envelope.md).
 */
export class AppError extends Error {
  constructor(
    public readonly status: number,
    public readonly code: ApiErrorCode,
    message: string,
    public readonly errors?: FieldErrors,
    /** answered as `details` in the envelope */
    public readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, code: ApiErrorCode = 'VALIDATION_FAILED') =>
  new AppError(400, code, message);
export const unauthenticated = (message = 'Please log in to continue') =>
  new AppError(401, 'UNAUTHENTICATED', message);
export const forbidden = (message = 'You are not allowed to do this') =>
  new AppError(403, 'FORBIDDEN', message);
export const notFound = (what: string) => new AppError(404, 'NOT_FOUND', `${what} not found`);

/** The first row a read or a write found, else 404 naming `what`. */
export function firstOr404<T>(rows: readonly T[], what: string): T {
  const [row] = rows;
  if (row === undefined) throw notFound(what);
  return row;
}
export const conflict = (message: string, code: ApiErrorCode = 'CONFLICT') =>
  new AppError(409, code, message);

/**
 * The path of the first string in `value` (walked iteratively, so any nesting depth is safe) that holds a NUL
 * character. PostgreSQL text cannot store one: it would fail the query with a 500 instead of a 400.
 */
export function nulCharacterPath(value: unknown): string[] | undefined {
  type Step = { key: string; up: Step | undefined } | undefined;
  const pending: [unknown, Step][] = [[value, undefined]];
  while (pending.length) {
    const [v, step] = pending.pop()!;
    if (typeof v === 'string') {
      if (!v.includes('\u0000')) continue;
      const path: string[] = [];
      for (let s = step; s; s = s.up) path.unshift(s.key);
      return path;
    }
    if (v && typeof v === 'object') {
      for (const [key, child] of Object.entries(v)) pending.push([child, { key, up: step }]);
    }
  }
  return undefined;
}

/** Parses a value with a shared zod schema, or throws 400 VALIDATION_FAILED with the field errors. */
export function parse<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const nulAt = nulCharacterPath(value);
  if (nulAt) {
    const field = nulAt.join('.');
    const message = 'Must not contain NUL characters';
    throw new AppError(400, 'VALIDATION_FAILED', field ? `${field}: ${message}` : message, {
      formErrors: field ? [] : [message],
      fieldErrors: field ? { [nulAt[0]!]: [message] } : {},
    });
  }
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  const flat = z.flattenError(result.error) as FieldErrors;
  const first = result.error.issues[0];
  const where = first && first.path.length ? `${first.path.join('.')}: ` : '';
  throw new AppError(400, 'VALIDATION_FAILED', `${where}${first?.message ?? 'Invalid input'}`, flat);
}
