/** docs/security.md "Rate limits": searches per client address, image uploads per user, searches counted per instance, uploads in PostgreSQL. */
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createRequestHandler } from '../../../app';
import { createTestContext } from '../../../../test/app';
import { pngBytes } from './catalog-fixtures';

const ctx = await createTestContext({
  TRUST_PROXY: '1',
  SEARCH_RATE_LIMIT: '3',
  IMAGE_UPLOAD_RATE_LIMIT: '2',
});

describe('search and image-upload limits', () => {
  it('when one address searches more often than SEARCH_RATE_LIMIT a minute, then 429 RATE_LIMITED with Retry-After; another address still searches', async () => {
    const search = (ip: string, path: string) => ctx.anon().get(path).set('X-Forwarded-For', ip);
    const ip = '203.0.113.70';
    const statuses = [
      (await search(ip, '/api/shop/product/search/search-product/kurta')).status,
      (await search(ip, '/api/shop/search/suggest?q=ku')).status,
      (await search(ip, '/api/shop/product/search/search-product/saree')).status,
    ];
    expect(statuses).toEqual([200, 200, 200]);
    const refused = await search(ip, '/api/shop/search/suggest?q=sa');
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('RATE_LIMITED');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await search('203.0.113.71', '/api/shop/product/search/search-product/kurta')).status).toBe(200);
  });

  it('when searches go through the production handler (micro-cache and fast lane), then distinct searches are limited too; a cached answer costs nothing and is not counted', async () => {
    const handler = createRequestHandler(ctx.deps);
    const search = (ip: string, phrase: string) =>
      request(handler).get(`/api/shop/product/search/search-product/${phrase}`).set('X-Forwarded-For', ip);
    const ip = '203.0.113.80';
    expect((await search(ip, 'shirt')).status).toBe(200);
    for (let i = 0; i < 5; i++) expect((await search(ip, 'shirt')).status).toBe(200); // served from the cache
    expect((await search(ip, 'jeans')).status).toBe(200);
    expect((await search(ip, 'shoes')).status).toBe(200);
    const refused = await search(ip, 'watch');
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('RATE_LIMITED');
  });

  it('when a seller uploads more images than IMAGE_UPLOAD_RATE_LIMIT an hour, then 429 RATE_LIMITED; another seller still uploads', async () => {
    const seller = await ctx.loginAsSeller();
    const upload = (agent: typeof seller.agent) =>
      agent.post('/api/admin/products/upload-image').attach('my_file', pngBytes(), 'photo.png');
    expect((await upload(seller.agent)).status).toBe(201);
    expect((await upload(seller.agent)).status).toBe(201);
    const refused = await upload(seller.agent);
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('RATE_LIMITED');
    expect(refused.headers['retry-after']).toBeDefined();
    const other = await ctx.loginAsSeller();
    expect((await upload(other.agent)).status).toBe(201);
  });
});
