/**
 * The contract cannot drift: the routes Express registers and the endpoint table / OpenAPI document are the same
 * set, the document is valid OpenAPI 3.1, and it is served with its reference page. (Every answer of every API
 * test is also checked against the document: test/contract.ts.)
 */
import { Validator } from '@seriousme/openapi-schema-validator';
import express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { endpointList, endpoints, openApiPath, pathOf, type BannerDto } from '@mp/shared';
import { createOpenApiDocument } from '@mp/shared/openapi';
import { createContractRecorder } from '../../../test/contract';
import { createTestContext } from '../../../test/app';
import { createApp } from '../../app';

const ctx = await createTestContext();

interface StackLayer {
  route?: { path: string; methods: Record<string, boolean> };
  handle?: { stack?: StackLayer[] };
  rawPath?: unknown;
}

/** `method path` of every route the Express app registers, with the paths it is mounted under. */
function registeredRoutes(): string[] {
  const app = createApp(ctx.deps) as unknown as { router: { stack: StackLayer[] } };
  const out: string[] = [];
  const walk = (stack: StackLayer[], prefix: string) => {
    for (const layer of stack) {
      if (layer.route) {
        for (const m of Object.keys(layer.route.methods)) out.push(`${m} ${prefix}${layer.route.path}`);
      } else if (layer.handle?.stack) {
        const mount = typeof layer.rawPath === 'string' && layer.rawPath !== '/' ? layer.rawPath : '';
        walk(layer.handle.stack, prefix + mount);
      }
    }
  };
  walk(app.router.stack, '');
  return out.filter((r) => r.split(' ')[1]!.startsWith('/api/'));
}

describe('the routes and the document', () => {
  const documented = new Set(endpointList.map((e) => `${e.method} ${e.path}`));

  it('when the routers are walked, then every route they register is in the endpoint table', () => {
    const registered = registeredRoutes();
    expect(registered.length).toBeGreaterThan(55);
    expect(registered.filter((r) => !documented.has(r))).toEqual([]);
  });

  it('when the routers are walked, then every table row is registered exactly once', () => {
    const registered = registeredRoutes();
    const twice = registered.filter((r, i) => registered.indexOf(r) !== i);
    expect(twice).toEqual([]);
    const missing = endpointList.filter((e) => !registered.includes(`${e.method} ${e.path}`));
    expect(missing.map((e) => e.id)).toEqual([]);
  });

  it('when every documented route is called, then Express has a route for it (no "No API route" 404)', async () => {
    const missing: string[] = [];
    const registered = new Set(registeredRoutes());
    for (const e of endpointList) {
      if (!registered.has(`${e.method} ${e.path}`)) missing.push(`${e.method} ${e.path} (not registered)`);
      const params = Object.fromEntries(
        (e.path.match(/:(\w+)/g) ?? []).map((m) => [m.slice(1), '00000000-0000-4000-8000-000000000000']),
      );
      const res = await ctx.anon()[e.method](pathOf(e.path, params));
      if (res.status === 404 && /^No API route/.test(res.body?.message ?? ''))
        missing.push(`${e.method} ${e.path}`);
    }
    expect(missing).toEqual([]);
  });

  it('when the document is generated, then it has every endpoint with its method, tag and auth', () => {
    const doc = createOpenApiDocument();
    const ops = Object.entries(doc.paths ?? {}).flatMap(([p, item]) =>
      Object.entries(item as Record<string, { operationId: string; tags: string[] }>).map(
        ([m, op]) => [`${m} ${p}`, op] as const,
      ),
    );
    expect(ops.map(([k]) => k).sort()).toEqual(
      endpointList.map((e) => `${e.method} ${openApiPath(e.path)}`).sort(),
    );
    const cart = doc.paths!['/api/shop/cart/{userId}/{productId}']!.delete!;
    expect(cart.parameters?.map((p) => ('name' in p ? p.name : ''))).toEqual(['userId', 'productId']);
    expect(cart.security).toEqual([{ sessionCookie: [] }]);
    expect(Object.keys(cart.responses ?? {})).toEqual(
      expect.arrayContaining(['200', '400', '401', '403', '404', '500', '503']),
    );
    const upload = doc.paths!['/api/admin/products/upload-image']!.post!;
    expect(upload).toMatchObject({ 'x-auth': 'approvedSellerOrAdmin', 'x-roles': ['seller', 'admin'] });
    expect(Object.keys((upload.requestBody as { content: object }).content)).toEqual(['multipart/form-data']);
    expect(doc.paths!['/api/shop/products/get']!.get!.security).toBeUndefined();
  });
});

describe('GET /api/openapi.json and /api/docs', () => {
  it('when the document is fetched, then it is valid OpenAPI 3.1 (checked by a validator)', async () => {
    const res = await ctx.anon().get('/api/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe('3.1.0');
    const result = await new Validator().validate(res.body);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(Object.keys(res.body.paths).length).toBeGreaterThan(50);
  });

  it('when the reference page is opened, then it and its assets come from this server', async () => {
    const page = await ctx.anon().get('/api/docs');
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/html/);
    const sources = [...page.text.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(sources.length).toBeGreaterThanOrEqual(3);
    for (const src of sources) {
      expect(src.startsWith('/api/docs/assets/'), src).toBe(true);
      const asset = await ctx.anon().get(src);
      expect(asset.status, src).toBe(200);
    }
    // the page's scripts run under the app's CSP: scripts from this origin only
    expect(page.headers['content-security-policy']).toMatch(/script-src 'self'/);
    expect(page.text).not.toMatch(/<script>(?!<\/script>)/);
    const init = await ctx.anon().get('/api/docs/assets/init.js');
    expect(init.text).toContain("url: '/api/openapi.json'");
    expect(init.text).toContain('validatorUrl: null');
  });
});

describe('the answer check of the API tests', () => {
  // a copy of a real route whose handler answers a shape the document does not allow
  const broken = (answer: object, status = 200) => {
    const recorder = createContractRecorder();
    const app = express();
    app.use(recorder.middleware);
    app.get(endpoints.listBanners.path, (_req, res) => {
      res.status(status).json(answer);
    });
    return { app, recorder };
  };

  it('when a handler drops a field, renames one or adds an undocumented one, then the check reports it', async () => {
    const banner: BannerDto = {
      _id: 'b1',
      image: '/uploads/banners/a.png',
      mobileImage: null,
      title: 'Sale',
      subtitle: '',
      ctaLabel: '',
      ctaLink: '',
      createdAt: new Date().toISOString(),
    };
    for (const answer of [
      { success: true, data: [{ _id: 'b1', image: '/uploads/banners/a.png' }] },
      { success: true, banners: [banner] },
      { success: true, data: [banner], secret: 'x' },
      { data: [banner] },
    ]) {
      const { app, recorder } = broken(answer);
      await request(app).get('/api/common/banner/get');
      expect(recorder.take(), JSON.stringify(answer)).toHaveLength(1);
    }
    const { app, recorder } = broken({ success: true, data: [banner] });
    await request(app).get('/api/common/banner/get');
    expect(recorder.take()).toEqual([]);
  });

  it('when a route answers an undocumented status or an error without the envelope, then the check reports it', async () => {
    const teapot = broken({ success: false, message: 'x', code: 'CONFLICT' }, 409);
    await request(teapot.app).get('/api/common/banner/get');
    expect(teapot.recorder.take().join()).toMatch(/409, which the document does not list/);
    const bare = broken({ error: 'nope' }, 500);
    await request(bare.app).get('/api/common/banner/get');
    expect(bare.recorder.take().join()).toMatch(/not the error envelope/);
  });
});
