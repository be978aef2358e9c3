/**
 * Webhooks signed over their raw bytes (the courier's, docs/delivery.md; the payment gateway's, docs/money.md): the
 * JSON parser keeps the bytes for those paths only (`keepRawBodyFor`, app.ts) and their routes read them back
 * (`rawBodyOf`).
 */
import type { IncomingMessage } from 'node:http';
import type { Request } from 'express';

const RAW = Symbol('rawBody');

/** The JSON parser's `verify`: keeps the body's bytes of a request to one of `paths`. */
export function keepRawBodyFor(paths: readonly string[]) {
  const kept = new Set(paths);
  return (req: IncomingMessage, _res: unknown, buf: Buffer): void => {
    if (kept.has((req.url ?? '').split('?')[0]!)) (req as unknown as Record<symbol, Buffer>)[RAW] = buf;
  };
}

export const rawBodyOf = (req: Request): Buffer | undefined =>
  (req as unknown as Record<symbol, Buffer>)[RAW];
