/**
 * Granular invalidation (docs/search-and-listing.md): a change drops the cached answers that show the changed
 * products, and the sets (listings, searches, home) only when products may have moved between them.
 * Reads go through the real request handler (HTTP micro-cache + catalogue cache); writes through the API.
 */
import { readFileSync } from 'node:fs';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { ELECTRONICS_KEYWORDS } from '@mp/shared';
import { createRequestHandler } from '../../../app';
import { createTestContext } from '../../../../test/app';
import {
  addAddress,
  addToCart,
  createOrder,
  payOrder,
  sandboxCheckout,
} from '../../commerce/__tests__/helpers';
import { insertProducts, productBody } from './catalog-fixtures';

const ctx = await createTestContext();
const handler = createRequestHandler(ctx.deps);
const get = (url: string) => request(handler).get(url);
const admin = await ctx.loginAs('admin');

const [lastUnit, otherKids, footwear] = await insertProducts(ctx.db, [
  { title: 'Last Unit Kids Frock', category: 'kids', brand: 'zara', price: 900, totalStock: 1 },
  { title: 'Plenty Kids Shorts', category: 'kids', brand: 'puma', price: 500, totalStock: 50 },
  { title: 'Trail Boots', category: 'footwear', brand: 'nike', price: 4000, totalStock: 9 },
]);

type P = { _id: string; totalStock: number; popularity: number };
const stockOf = (body: { data: P[] | P }, id: string) =>
  (Array.isArray(body.data) ? body.data : [body.data]).find((p) => p._id === id)?.totalStock;

describe('catalogue cache invalidation', () => {
  it('when a shopper buys the last unit, then every answer showing it says sold out at once; others stay cached', async () => {
    const kids = '/api/shop/products/get?category=kids';
    const boots = '/api/shop/products/get?category=footwear';
    const search = '/api/shop/product/search/search-product/frock';
    for (const url of [kids, boots, search, `/api/shop/products/get/${lastUnit}`]) await get(url);
    expect((await get(boots)).headers['x-cache']).toBe('HIT');
    expect(stockOf((await get(kids)).body, lastUnit!)).toBe(1);

    const shopper = await ctx.loginAs('user');
    await addToCart(shopper.agent, lastUnit!);
    await sandboxCheckout(shopper.agent, await addAddress(shopper.agent));

    expect(stockOf((await get(kids)).body, lastUnit!)).toBe(0);
    expect(stockOf((await get(search)).body, lastUnit!)).toBe(0);
    expect(stockOf((await get(`/api/shop/products/get/${lastUnit}`)).body, lastUnit!)).toBe(0);
    // the footwear page shows nothing that changed: still answered from memory
    const after = await get(boots);
    expect(after.headers['x-cache']).toBe('HIT');
    expect(stockOf(after.body, footwear!)).toBe(9);
  });

  it('when an order is paid, then a cached detail of its product shows the units sold at once', async () => {
    const [bought] = await insertProducts(ctx.db, [
      { title: 'Paid Test Scarf', category: 'women', brand: 'zara', price: 300, totalStock: 20 },
    ]);
    const shopper = await ctx.loginAs('user');
    await addToCart(shopper.agent, bought!, 2);
    const created = await createOrder(shopper.agent, await addAddress(shopper.agent));
    // cached after the order took its stock, before it is paid
    const detail = `/api/shop/products/get/${bought}`;
    const before = (await get(detail)).body.data as P;
    expect((await get(detail)).headers['x-cache']).toBe('HIT');
    await payOrder(shopper.agent, created);
    const after = (await get(detail)).body.data as P;
    expect(after.totalStock).toBe(18);
    expect(after.popularity).toBeGreaterThan(before.popularity);
  });

  it('when a product on cached listing and search pages sells, then those pages show its new stock and are otherwise what computing them again gives', async () => {
    const [sold] = await insertProducts(ctx.db, [
      { title: 'Refresh Test Kurta', category: 'women', brand: 'zara', price: 700, totalStock: 5 },
      { title: 'Refresh Test Kurta Long', category: 'women', brand: 'zara', price: 800, totalStock: 5 },
    ]);
    ctx.deps.changes.publish({ type: 'products', ids: [sold!] });
    const pages = [
      '/api/shop/products/get?category=women',
      '/api/shop/product/search/search-product/kurta?facets=true',
    ];
    for (const url of pages) await get(url);
    const shopper = await ctx.loginAs('user');
    await addToCart(shopper.agent, sold!);
    await sandboxCheckout(shopper.agent, await addAddress(shopper.agent));
    const kept = await Promise.all(pages.map((url) => get(url)));
    for (const res of kept) expect(stockOf(res.body, sold!)).toBe(4);
    ctx.deps.catalogCache.clear();
    const computed = await Promise.all(pages.map((url) => get(url)));
    pages.forEach((_, i) => expect(kept[i]!.body).toEqual(computed[i]!.body));
  });

  it('when a product is wished for, then answers showing it update and unrelated listings stay cached', async () => {
    const kids = '/api/shop/products/get?category=kids';
    const boots = '/api/shop/products/get?category=footwear';
    await get(kids);
    await get(boots);
    const before = (await get(kids)).body.data.find((p: P) => p._id === otherKids).popularity;
    const shopper = await ctx.loginAs('user');
    expect(
      (await shopper.agent.post('/api/shop/account/wishlist/add').send({ productId: otherKids })).status,
    ).toBe(201);
    const kidsAfter = await get(kids);
    expect(kidsAfter.headers['x-cache']).toBe('MISS');
    expect(kidsAfter.body.data.find((p: P) => p._id === otherKids).popularity).toBe(before + 1);
    expect((await get(boots)).headers['x-cache']).toBe('HIT');
  });

  it('when a product is added, then cached listings it belongs in show it at once', async () => {
    const boots = '/api/shop/products/get?category=footwear';
    const before = (await get(boots)).body.pagination.total;
    const add = await admin.agent
      .post('/api/admin/products/add')
      .send(productBody({ title: 'Hiking Sandals', category: 'footwear', brand: 'nike' }));
    expect(add.status).toBe(201);
    const after = await get(boots);
    expect(after.body.pagination.total).toBe(before + 1);
    expect(after.body.data.map((p: P) => p._id)).toContain(add.body.data._id);
  });

  it('when a URL carries parameters the route does not read, then one cached answer serves them all', async () => {
    const first = await get('/api/shop/products/get?category=kids&sortBy=title-atoz&utm_source=mail');
    const second = await get('/api/shop/products/get?category=kids&sortBy=title-atoz&fbclid=abc&x=1');
    expect(second.headers['x-cache']).toBe('HIT');
    expect(second.text).toBe(first.text);
    const other = await get('/api/shop/products/get?category=kids&sortBy=title-ztoa&utm_source=mail');
    expect(other.headers['x-cache']).toBe('MISS');
    expect(other.body.data[0]._id).not.toBe(first.body.data[0]._id);
  });
});

describe('the home electronics index', () => {
  it('when the migration declares the electronics index, then its pattern is the shared keyword list', () => {
    const migrations = readFileSync(
      new URL('../../../../drizzle/0004_search_and_listing.sql', import.meta.url),
      'utf8',
    );
    expect(migrations).toContain(`lower("title") ~ '${ELECTRONICS_KEYWORDS.join('|')}'`);
  });
});
