import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createRequestHandler } from '../../app';
import { products } from '../../db/schema';
import { createTestContext } from '../../../test/app';

const ctx = await createTestContext();
const handler = createRequestHandler(ctx.deps);
const get = (url: string) => request(handler).get(url);

async function insertProduct(title: string, stock = 10) {
  const [p] = await ctx.db
    .insert(products)
    .values({
      title,
      description: 'micro-cache test product',
      category: 'accessories',
      brand: 'casio',
      pricePaise: 150_000,
      discount: 10,
      totalStock: stock,
      image: '/uploads/products/x.png',
      images: ['/uploads/products/x.png'],
    })
    .returning({ id: products.id });
  return p!.id;
}

describe('the catalogue micro-cache', () => {
  it('when a listing is asked twice, then the second answer comes from memory, identical, with its security headers', async () => {
    await insertProduct('Cached Watch');
    const first = await get('/api/shop/products/get?category=accessories');
    const second = await get('/api/shop/products/get?category=accessories');
    expect(first.status).toBe(200);
    expect(first.headers['x-cache']).toBe('MISS');
    expect(second.headers['x-cache']).toBe('HIT');
    expect(second.text).toBe(first.text);
    expect(second.headers['content-type']).toMatch(/application\/json/);
    expect(second.headers['x-content-type-options']).toBe('nosniff');
    expect(second.headers['content-security-policy']).toBe(first.headers['content-security-policy']);
    expect(second.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(second.headers['x-request-id']).not.toBe(first.headers['x-request-id']);
  });

  it('when the product is edited by the admin, then the next detail and listing show the change', async () => {
    const id = await insertProduct('Edit Me Watch');
    expect((await get(`/api/shop/products/get/${id}`)).body.data.price).toBe(1500);
    expect((await get(`/api/shop/products/get/${id}`)).headers['x-cache']).toBe('HIT');
    const { agent } = await ctx.loginAs('admin');
    const edit = await agent.put(`/api/admin/products/edit/${id}`).send({
      title: 'Edit Me Watch',
      description: 'micro-cache test product',
      category: 'accessories',
      brand: 'casio',
      price: 1999,
      discount: 10,
      totalStock: 10,
      image: '/uploads/products/x.png',
      images: ['/uploads/products/x.png'],
    });
    expect(edit.status).toBe(200);
    const after = await get(`/api/shop/products/get/${id}`);
    expect(after.headers['x-cache']).toBe('MISS');
    expect(after.body.data.price).toBe(1999);
  });

  it('when a shopper adds to the wishlist or reviews, then the cached detail is dropped', async () => {
    const id = await insertProduct('Review Me Watch');
    await get(`/api/shop/products/get/${id}`);
    const { agent } = await ctx.loginAs('user');
    expect(
      (
        await agent
          .post('/api/shop/review/add')
          .send({ productId: id, reviewMessage: 'Lovely', reviewVal: 4 })
      ).status,
    ).toBe(201);
    const after = await get(`/api/shop/products/get/${id}`);
    expect(after.headers['x-cache']).toBe('MISS');
    expect(after.body.data).toMatchObject({ reviewCount: 1, averageReview: 4 });
  });

  it('when the client accepts gzip or brotli, then misses and hits are compressed and decode to the same JSON', async () => {
    for (let i = 0; i < 12; i++) await insertProduct(`Compressed Watch ${i}`);
    const url = '/api/shop/products/get?category=accessories&sortBy=price-hightolow';
    const identity = await get(url).set('Accept-Encoding', 'identity');
    expect(identity.headers['content-encoding']).toBeUndefined();
    const gzMiss = await get(url + '&limit=30').set('Accept-Encoding', 'gzip');
    expect(gzMiss.headers['x-cache']).toBe('MISS');
    expect(gzMiss.headers['content-encoding']).toBe('gzip');
    const gzHit = await get(url).set('Accept-Encoding', 'gzip');
    const brHit = await get(url).set('Accept-Encoding', 'br, gzip');
    for (const hit of [gzHit, brHit]) {
      expect(hit.headers['x-cache']).toBe('HIT');
      expect(hit.headers.vary).toMatch(/Accept-Encoding/i);
      expect(hit.body).toEqual(identity.body); // superagent decodes gzip and br
    }
    expect(gzHit.headers['content-encoding']).toBe('gzip');
    expect(brHit.headers['content-encoding']).toBe('br');
    expect(Number(brHit.headers['content-length'])).toBeLessThan(identity.text.length / 2);
  });

  it('when the ETag matches a cached answer, then 304 without a body', async () => {
    const id = await insertProduct('ETag Watch');
    const first = await get(`/api/shop/products/get/${id}`);
    const res = await get(`/api/shop/products/get/${id}`).set('If-None-Match', first.headers.etag!);
    expect(res.status).toBe(304);
    expect(res.headers['x-cache']).toBe('HIT');
    expect(res.text).toBe('');
  });

  it('when an answer is an error or private, then it is never cached', async () => {
    expect((await get('/api/shop/products/get?page=0')).status).toBe(400);
    const again = await get('/api/shop/products/get?page=0');
    expect(again.status).toBe(400);
    expect(again.headers['x-cache']).toBe('MISS');
    // the same warm URL asked with credentials goes through the app, never the shared memory
    const url = '/api/shop/products/get?category=accessories&sortBy=title-atoz';
    await get(url);
    expect((await get(url)).headers['x-cache']).toBe('HIT');
    const authed = await get(url).set('Authorization', 'Bearer whatever');
    expect(authed.status).toBe(200);
    expect(authed.headers['x-cache']).toBeUndefined();
  });
});
