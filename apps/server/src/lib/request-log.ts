/**
 * Request ids and one structured access-log line per request. Lighter than pino-http: no per-request child
 * logger or serializers unless a line is actually written at the configured level.
 */
import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';
import type { Logger } from './logger';

const INCOMING_ID = /^[\w-]{8,64}$/;

export function requestLog(
  logger: Logger,
  opts: { ignore?: (path: string) => boolean } = {},
): RequestHandler {
  return (req, res, next) => {
    const incoming = req.headers['x-request-id'];
    const id = typeof incoming === 'string' && INCOMING_ID.test(incoming) ? incoming : randomUUID();
    req.id = id;
    res.setHeader('X-Request-Id', id);
    let child: Logger | undefined;
    Object.defineProperty(req, 'log', {
      configurable: true,
      get: () => (child ??= logger.child({ reqId: id })),
    });
    if (logger.level === 'silent' || opts.ignore?.(req.path)) return next();
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      const status = res.statusCode;
      const level = status >= 500 ? 'error' : status >= 400 ? 'warn' : 'info';
      if (!logger.isLevelEnabled(level)) return;
      logger[level](
        {
          reqId: id,
          method: req.method,
          url: req.originalUrl,
          status,
          ms: Number(process.hrtime.bigint() - started) / 1e6,
          userId: req.user?.id,
        },
        'request completed',
      );
    });
    next();
  };
}
