/** Request latency by route pattern, and the GET /metrics endpoint (Prometheus text format). */
import { timingSafeEqual } from 'node:crypto';
import type { Request, RequestHandler } from 'express';
import type { Metrics } from './metrics';

/** A bounded label: the matched route pattern, never the raw URL (ids and search words would explode it). */
function routeLabel(req: Request, status: number): string {
  const route = req.route as { path?: unknown } | undefined;
  if (route && typeof route.path === 'string') {
    // req.baseUrl is reset once an error leaves the router, so the mount point is read off the URL instead:
    // the route pattern matched the last as many segments as it has
    if (route.path.includes('*')) return `${req.baseUrl}${route.path}`;
    const segments = req.originalUrl.split('?')[0]!.split('/');
    const mount = segments.slice(0, segments.length - (route.path.split('/').length - 1)).join('/');
    return `${mount}${route.path}`;
  }
  const url = req.originalUrl;
  if (url.startsWith('/uploads/')) return '/uploads/*';
  if (url.startsWith('/api/')) return status === 404 ? '/api/* (no route)' : '/api/* (other)';
  return status === 404 ? '(not found)' : '(web app)';
}

export function requestMetrics(metrics: Metrics): RequestHandler {
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      metrics.httpDuration.observe(
        { method: req.method, route: routeLabel(req, res.statusCode), status: String(res.statusCode) },
        Number(process.hrtime.bigint() - started) / 1e9,
      );
    });
    next();
  };
}

const sameSecret = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** How long one rendered snapshot of the metrics is served before it is rendered again. */
export const METRICS_SNAPSHOT_MS = 5000;

/**
 * GET /metrics; with METRICS_TOKEN set, only for `Authorization: Bearer <token>`. The text is rendered at most
 * once per snapshotMs and the same string is served to every scraper meanwhile (concurrent scrapers wait for the
 * one rendering in progress), so scrapers cannot take the CPU from shoppers (docs/operations.md, "Metrics").
 */
export function metricsEndpoint(
  metrics: Metrics,
  token: string | undefined,
  snapshotMs = METRICS_SNAPSHOT_MS,
): RequestHandler {
  let snapshot: { text: string; at: number } | undefined;
  let rendering: Promise<string> | undefined;
  const current = (): Promise<string> => {
    if (snapshot && Date.now() - snapshot.at < snapshotMs) return Promise.resolve(snapshot.text);
    rendering ??= metrics.registry
      .metrics()
      .then((text) => {
        snapshot = { text, at: Date.now() };
        return text;
      })
      .finally(() => {
        rendering = undefined;
      });
    return rendering;
  };
  return async (req, res) => {
    if (token && !sameSecret(req.headers.authorization ?? '', `Bearer ${token}`)) {
      res.setHeader('WWW-Authenticate', 'Bearer');
      res.status(401).type('text/plain').send('Unauthorized');
      return;
    }
    res.setHeader('Cache-Control', 'no-store');
    res.type(metrics.registry.contentType).send(await current());
  };
}
