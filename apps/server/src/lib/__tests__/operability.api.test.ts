/** Health endpoints, Prometheus metrics and the paths the web app must never answer (docs/operations.md). */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createRequestHandler } from '../../app';
import { loadConfig } from '../../config/env';
import { createTestContext } from '../../../test/app';

const webDist = mkdtempSync(path.join(tmpdir(), 'mp-web-'));
writeFileSync(
  path.join(webDist, 'index.html'),
  '<!doctype html><html><head><title>Haat</title></head><body><div id="root"></div></body></html>',
);
afterAll(() => rmSync(webDist, { recursive: true, force: true }));

const TOKEN = 'metrics-token-0123456789';
const ctx = await createTestContext({ WEB_DIST: webDist, METRICS_TOKEN: TOKEN });
const handler = createRequestHandler(ctx.deps);

describe('health endpoints', () => {
  it('when the process runs and the database answers, then live and ready are 200 and not cacheable', async () => {
    const live = await request(handler).get('/api/health/live');
    expect(live.status).toBe(200);
    expect(live.body).toEqual({ status: 'ok' });
    const ready = await request(handler).get('/api/health/ready');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ status: 'ok', database: 'up' });
    expect(ready.headers['cache-control']).toBe('no-store');
  });

  it('when the instance is draining for a shutdown, then ready is 503 while live and the API still answer', async () => {
    ctx.deps.lifecycle.draining = true;
    try {
      const ready = await request(handler).get('/api/health/ready');
      expect(ready.status).toBe(503);
      expect(ready.body.status).toBe('draining');
      expect(ready.headers['retry-after']).toBeDefined();
      expect((await request(handler).get('/api/health/live')).status).toBe(200);
      expect((await request(handler).get('/api/shop/products/get')).status).toBe(200);
    } finally {
      ctx.deps.lifecycle.draining = false;
    }
  });
});

describe('GET /metrics', () => {
  it('when asked without the token, then 401; with it, Prometheus text with latency by route, pool and caches', async () => {
    await request(handler).get('/api/shop/products/get?limit=2');
    await request(handler).get('/api/shop/products/get?limit=2');
    await request(handler).get('/api/shop/products/get/00000000-0000-4000-8000-000000000000');

    expect((await request(handler).get('/metrics')).status).toBe(401);
    const res = await request(handler).get('/metrics').set('authorization', `Bearer ${TOKEN}`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.text).toMatch(
      /mp_http_request_duration_seconds_count\{method="GET",route="\/api\/shop\/products\/get\/:id",status="404"\} 1/,
    );
    expect(res.text).toMatch(/mp_micro_cache_requests_total\{result="hit"\} [1-9]/);
    expect(res.text).toMatch(/mp_catalog_cache_lookups\{result="miss"\} [1-9]/);
    expect(res.text).toContain('mp_stock_hold_sweeps_total');
  });

  it('when several scrapers ask at once and again within seconds, then the text is rendered once and the same snapshot served', async () => {
    const render = vi.spyOn(ctx.deps.metrics.registry, 'metrics');
    try {
      const own = createRequestHandler(ctx.deps);
      const scrape = () => request(own).get('/metrics').set('authorization', `Bearer ${TOKEN}`);
      const first = await Promise.all([scrape(), scrape(), scrape(), scrape()]);
      await request(own).get('/api/shop/products/get?limit=3');
      const again = await scrape();
      expect([...first, again].map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
      expect(new Set([...first, again].map((r) => r.text)).size).toBe(1);
      expect(render).toHaveBeenCalledTimes(1);
    } finally {
      render.mockRestore();
    }
  });

  it('when the server runs in production without METRICS_TOKEN, then /metrics answers 404', async () => {
    const config = loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'a-production-secret-of-32-chars!' });
    expect(config.metricsEnabled).toBe(false);
    const production = createRequestHandler({
      ...ctx.deps,
      config: { ...ctx.deps.config, metricsEnabled: false },
    });
    const res = await request(production).get('/metrics');
    expect(res.status).toBe(404);
    expect(res.text).not.toContain('mp_http_request_duration_seconds');
    expect(
      loadConfig({
        NODE_ENV: 'production',
        JWT_SECRET: 'a-production-secret-of-32-chars!',
        METRICS_TOKEN: TOKEN,
      }).metricsEnabled,
    ).toBe(true);
  });
});

describe('paths the web app never answers', () => {
  it.each([
    '/metrics/x',
    '/metricsz',
    '/healthz',
    '/readyz',
    '/actuator/../metrics',
    '/.env',
    '/server-status',
  ])('when %s is asked, then it is not the app shell', async (p) => {
    const res = await request(handler).get(p);
    expect(res.status).toBe(404);
    expect(res.text).not.toContain('<div id="root">');
  });

  it('when an unknown /api path is asked, then a JSON 404 envelope, not the app shell', async () => {
    const res = await request(handler).get('/api/nothing/here');
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('NOT_FOUND');
  });

  it('when a page path is asked, then the app shell', async () => {
    const res = await request(handler).get('/shop/listing');
    expect(res.status).toBe(200);
    expect(res.text).toContain('<div id="root">');
  });
});
