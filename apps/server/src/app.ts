/** createApp(): middleware, routers and the error handler. No listen() here, so tests build it in-process. */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import type { ParsedUrlQuery } from 'node:querystring';
import express, { Router, type Express, type RequestHandler } from 'express';
import compression from 'compression';
import cookieParser from 'cookie-parser';
import helmet from 'helmet';
import proxyaddr from 'proxy-addr';
import type { AppDeps } from './context';
import { createApiDocsRouter } from './lib/api-docs';
import { apiNotFound, errorMiddleware } from './lib/error-middleware';
import { HEALTH_PATHS, healthRouter } from './lib/health';
import { metricsEndpoint, requestMetrics } from './lib/http-metrics';
import { endpointList, endpoints as api, type EndpointDef } from '@mp/shared';
import {
  createMicroCache,
  pathPattern,
  ruleOf,
  type MicroCache,
  type LaneRead,
  type MicroCacheRule,
} from './lib/micro-cache';
import { requestLog } from './lib/request-log';
import { sameOriginWrites } from './lib/same-origin';
import { webApp } from './lib/static-files';
import { createAuthRouter } from './modules/auth/auth.routes';
import { createCatalogRouter } from './modules/catalog';
import { createCommerceRouter } from './modules/commerce';
import { createNotificationsRouter } from './modules/notifications';
import { createPageRenderer, createSeoRouter } from './modules/seo/seo.routes';
import { createStoreRouter } from './modules/stores';
import { createTaxRouter } from './modules/tax/tax.routes';
import { createDeliveryRouter } from './modules/delivery/delivery.routes';
import { keepRawBodyFor } from './lib/raw-body';

/** The only writes whose bodies are not JSON (docs/security.md): the table's uploads and the sandbox's forms. */
const BODY_RULES = {
  multipartPaths: endpointList.filter((e) => e.body?.kind === 'multipart').map((e) => pathPattern(e.path)),
  formPaths: [api.sandboxApprove, api.sandboxCancel, api.razorpayReturn].map((e) => pathPattern(e.path)),
  crossSitePaths: [pathPattern(api.razorpayReturn.path)],
};

export interface AppOptions {
  /** the catalogue micro-cache's capture side (see createRequestHandler) */
  microCache?: MicroCache;
}

/** The security headers of every answer (docs/security.md). */
function securityHeaders(config: AppDeps['config']): RequestHandler {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        'img-src': [
          "'self'",
          'data:',
          'blob:',
          'https://res.cloudinary.com',
          ...(config.s3?.publicUrl ? [new URL(config.s3.publicUrl).origin] : []),
        ],
        'connect-src': ["'self'"],
        'form-action': ["'self'"],
        'style-src': ["'self'", "'unsafe-inline'"],
        // HTTPS-only deployments (COOKIE_SECURE, on by default in production) also get HSTS and request upgrades
        'upgrade-insecure-requests': config.cookieSecure ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
    hsts: config.cookieSecure,
  });
}

/** The headers a middleware that only sets headers (helmet) adds, computed once on a response nobody sends. */
function headersOf(middleware: RequestHandler): Record<string, string | string[] | number> {
  const req = new IncomingMessage(new Socket());
  const res = new ServerResponse(req);
  middleware(req as never, res as never, () => undefined);
  const headers: Record<string, string | string[] | number> = {};
  for (const [k, v] of Object.entries(res.getHeaders())) if (v !== undefined) headers[k] = v;
  return headers;
}

/**
 * Every API route, each registering its own path and guard from the endpoint table (lib/route.ts,
 * docs/api-contract.md). Other requests (pages, files) skip them with one test, as under a mount at /api.
 */
function apiRoutes(deps: AppDeps): Router {
  const r = Router();
  r.use((req, _res, next) => next(/^\/api\//i.test(req.path) ? undefined : 'router'));
  r.use(
    createAuthRouter(deps),
    createCatalogRouter(deps),
    createCommerceRouter(deps),
    createNotificationsRouter(deps),
    createStoreRouter(deps),
    createTaxRouter(deps),
    createDeliveryRouter(deps),
  );
  return r;
}

export function createApp(deps: AppDeps, options: AppOptions = {}): Express {
  const { config, logger } = deps;
  const app = express();
  app.disable('x-powered-by');
  if (config.trustProxy)
    app.set('trust proxy', /^\d+$/.test(config.trustProxy) ? Number(config.trustProxy) : config.trustProxy);

  app.use(requestLog(logger, { ignore: (p) => HEALTH_PATHS.has(p) || p === '/metrics' }));
  app.use(requestMetrics(deps.metrics));
  // off in production without METRICS_TOKEN: /metrics is then a machine path like any other (404)
  if (config.metricsEnabled) app.get('/metrics', metricsEndpoint(deps.metrics, config.metricsToken));
  app.use(securityHeaders(config));
  // API answers and uploads compressed on the fly (the web build ships precompressed files of its own)
  app.use(compression({ threshold: 1024 }));
  app.use(sameOriginWrites({ publicUrl: config.publicUrl, ...BODY_RULES }));
  // the gateway's and the courier's webhook signatures cover the raw body (docs/money.md, "Gateway webhooks";
  // docs/delivery.md): kept for those paths only
  app.use(
    express.json({
      limit: '100kb',
      verify: keepRawBodyFor([api.razorpayWebhook.path, api.courierWebhook.path]),
    }),
  );
  // form posts only where this server's own HTML forms post (docs/security.md)
  app.use(BODY_RULES.formPaths, express.urlencoded({ extended: false, limit: '10kb' }));
  app.use(cookieParser());
  app.use(deps.sessions.authenticate);

  app.use(healthRouter(deps.db, deps.lifecycle));

  if (options.microCache) app.use(options.microCache.capture);
  app.use(createSeoRouter(deps));
  app.use(createApiDocsRouter());
  app.use(apiRoutes(deps));
  app.use('/api', apiNotFound);

  app.use(
    '/uploads',
    deps.storage.serve ??
      express.static(path.resolve(config.uploadDir), {
        immutable: true,
        maxAge: '365d',
        index: false,
        fallthrough: true,
      }),
    (_req, res) => {
      res.status(404).type('text/plain').send('Not found');
    },
  );
  // machine paths (metrics, probes, server files) that no page of the web app lives at: never the app shell
  app.use((req, res, next) =>
    isMachinePath(req.path) ? res.status(404).type('text/plain').send('Not found') : next(),
  );

  const webDist = config.webDist && path.resolve(config.webDist);
  if (webDist && existsSync(path.join(webDist, 'index.html')))
    app.use(webApp(webDist, createPageRenderer(deps)));

  app.use(errorMiddleware);
  return app;
}

const MACHINE_FIRST_SEGMENT = /^\/(metrics|prometheus|actuator|health|ready|live|status|server-status|\.)/i;

/** Probe and scanner paths (/metricsz, /healthz, /actuator/..., /.env) and any path with a metrics or .. segment. */
export const isMachinePath = (p: string) =>
  MACHINE_FIRST_SEGMENT.test(p) || p.split('/').some((s) => s.toLowerCase() === 'metrics' || s === '..');

/** How long a micro-cached catalogue answer may live. */
const MICRO_CACHE_TTL_MS = 30_000;

/** A catalogue read the fast lane answers a miss with (the route's own answer, computed without Express). */
type LaneReader = (reads: AppDeps['catalogReads'], path: string, query: ParsedUrlQuery) => Promise<LaneRead>;
// the last path segment, decoded as Express decodes route parameters (malformed: Express answers the 400)
const lastSegment = (path: string) => decodeURIComponent(path.slice(path.lastIndexOf('/') + 1));

/**
 * Public catalogue reads that every visitor sees the same way, each with its fast-lane read. Their rules come
 * from their table rows: the path, and the query parameters the route reads (the query schema's keys, the only
 * ones in the cache key: junk parameters never make extra copies).
 */
const CACHED_READS: readonly { endpoint: EndpointDef; read: LaneReader }[] = [
  { endpoint: api.listProducts, read: (reads, _path, query) => reads.list(query) },
  { endpoint: api.getProduct, read: (reads, path) => reads.detail({ id: lastSegment(path) }) },
  {
    endpoint: api.searchProducts,
    read: (reads, path, query) => reads.search({ keyword: lastSegment(path) }, query),
  },
  { endpoint: api.searchSuggest, read: (reads, _path, query) => reads.suggest(query) },
  { endpoint: api.home, read: (reads) => reads.home() },
];

export const MICRO_CACHE_RULES: MicroCacheRule[] = CACHED_READS.map(({ endpoint }) =>
  ruleOf(endpoint, MICRO_CACHE_TTL_MS),
);

/** micro-cached routes whose misses count against the client's search limit (rate limited in the table) */
const SEARCH_ROUTES: ReadonlySet<string> = new Set(
  CACHED_READS.filter(({ endpoint }) => endpoint.rateLimited).map(({ endpoint }) => endpoint.path),
);

/** The HTTP handler the server listens with: the catalogue micro-cache first, then the Express app. */

export function createRequestHandler(
  deps: AppDeps,
): ((req: IncomingMessage, res: ServerResponse) => void) & { microCache: MicroCache } {
  const cache = deps.catalogCache;
  const reads = deps.catalogReads;
  // eslint-disable-next-line prefer-const -- the micro-cache asks the app for its ETag function, lazily
  let app: Express;
  const microCache = createMicroCache({
    rules: MICRO_CACHE_RULES,
    maxEntries: deps.config.catalogCacheEntries,
    generation: () => cache.generation,
    unaffected: (since, kind, ids) => cache.unaffected(since, kind, ids),
    setsUnsettled: () => cache.setsUnsettled,
    subscribe: (listener) => cache.onDrop(listener),
    logger: deps.logger,
    // cold catalogue reads skip Express too (docs/search-and-listing.md, "The fast lane")
    lane: {
      readers: Object.fromEntries(
        CACHED_READS.map(({ endpoint, read }) => [endpoint.path, (path, query) => read(reads, path, query)]),
      ),
      headers: headersOf(securityHeaders(deps.config)),
      etag: (body) => (app.get('etag fn') as (b: Buffer) => string | undefined)(body),
    },
  });
  app = createApp(deps, { microCache });
  const { httpDuration, microCache: lookups } = deps.metrics;
  const handler = (req: IncomingMessage, res: ServerResponse) => {
    const rule = microCache.ruleFor(req);
    if (!rule) return app(req, res);
    const started = process.hrtime.bigint();
    const observe = () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      httpDuration.observe({ method: 'GET', route: rule.route, status: String(res.statusCode) }, seconds);
    };
    if (microCache.serve(req, res)) {
      lookups.inc({ result: 'hit' });
      observe();
      return;
    }
    lookups.inc({ result: 'miss' });
    const answer = () =>
      microCache.answer(req, res).then(
        (answered) => (answered ? observe() : app(req, res)),
        () => app(req, res),
      );
    // a search the server must compute counts against the client's search limit (docs/security.md, "Rate
    // limits"); over it, Express answers the 429. Answers served from the cache above are not counted.
    if (!SEARCH_ROUTES.has(rule.route)) return void answer();
    const address = proxyaddr(req, app.get('trust proxy fn') as Parameters<typeof proxyaddr>[1]);
    deps.searchLimit.take(address).then(
      (within) => (within ? answer() : app(req, res)),
      () => app(req, res),
    );
  };
  return Object.assign(handler, { microCache });
}
