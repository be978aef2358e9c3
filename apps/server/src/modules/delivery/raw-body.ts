/**
 * The courier's webhook is signed over its raw bytes (docs/delivery.md): the JSON parser keeps them for that path
 * only (`keepRawBody`, app.ts) and the route reads them back (`rawBodyOf`).
 */
import type { IncomingMessage } from 'node:http';
import type { Request } from 'express';
import { routes } from '@mp/shared';

const RAW = Symbol('rawBody');

export function keepRawBody(req: IncomingMessage, _res: unknown, buf: Buffer): void {
  if ((req.url ?? '').split('?')[0] === routes.courierWebhook.path)
    (req as unknown as Record<symbol, Buffer>)[RAW] = buf;
}

export const rawBodyOf = (req: Request): Buffer | undefined =>
  (req as unknown as Record<symbol, Buffer>)[RAW];
