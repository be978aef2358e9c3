import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { LIMITS } from '@mp/shared';
import { createTestContext } from '../../../../../test/app';
import { products, sellers } from '../../../../db/schema';
import { insertProducts, productBody } from '../../__tests__/catalog-fixtures';

const ctx = await createTestContext();
const admin = await ctx.loginAs('admin');
const seller = await ctx.loginAsSeller('approved');
const otherSeller = await ctx.loginAsSeller('approved');

/** a pipeline name (docs/images.md): the answer derives its size and variants from it */
const piped = (n: number, w = 1280, h = 960) =>
  `/uploads/products/${String(n).padStart(8, '0')}-0000-4000-8000-000000000000_${w}x${h}.jpg`;
const plain = (n: number) => `/uploads/products/plain-${n}.png`;
const urls = (res: { body: { data: { images: { url: string }[] } } }) =>
  res.body.data.images.map((i) => i.url);

describe('several images per product', () => {
  it('when a seller adds a product with three images, then the answer and the page keep their order, image is the first and each carries its variants', async () => {
    const images = [piped(1), plain(2), piped(3, 640, 640)];
    const res = await seller.agent
      .post('/api/seller/products/add')
      .send(productBody({ image: undefined, images }));
    expect(res.status).toBe(201);
    expect(urls(res)).toEqual(images);
    expect(res.body.data.image).toBe(images[0]);
    expect(res.body.data.images[0]).toMatchObject({ width: 1280, height: 960 });
    expect(res.body.data.images[0].variants.map((v: { width: number }) => v.width)).toEqual(
      expect.arrayContaining([320, 640, 1280]),
    );
    // a plain URL has no size and no variants: the web shows it as a plain <img>
    expect(res.body.data.images[1]).toEqual({ url: plain(2), width: null, height: null, variants: [] });

    const page = await ctx.anon().get(`/api/shop/products/get/${res.body.data._id}`);
    expect(page.status).toBe(200);
    expect(urls(page)).toEqual(images);
  });

  it('when an older caller sends only image, then the product has that one image', async () => {
    const res = await admin.agent.post('/api/admin/products/add').send(productBody({ image: plain(10) }));
    expect(res.status).toBe(201);
    expect(urls(res)).toEqual([plain(10)]);
    expect(res.body.data.image).toBe(plain(10));
  });

  it('when the seller reorders, replaces and removes images on edit, then the product shows the new list and its new first image everywhere', async () => {
    const [id] = await insertProducts(ctx.db, [
      { sellerId: seller.sellerId, images: [plain(20), plain(21), plain(22)] },
    ]);
    const next = [plain(22), plain(23), plain(20)];
    const res = await seller.agent
      .put(`/api/seller/products/edit/${id}`)
      .send(productBody({ image: undefined, images: next }));
    expect(res.status).toBe(200);
    expect(urls(res)).toEqual(next);
    const [row] = await ctx.db.select().from(products).where(eq(products.id, id!));
    expect(row).toMatchObject({ image: plain(22), images: next });
    const listed = await ctx.anon().get(`/api/shop/products/get?seller=${seller.sellerId}&limit=100`);
    const shown = listed.body.data.find((p: { _id: string }) => p._id === id);
    expect(shown.image).toBe(plain(22));
  });

  it.each([
    [
      'more images than allowed',
      { images: Array.from({ length: LIMITS.productImagesMax + 1 }, (_, i) => plain(100 + i)) },
      'images',
    ],
    ['an empty image list', { images: [] }, 'images'],
    ['the same image twice', { images: [plain(30), plain(30)] }, 'images'],
    ['an image that is not a URL in the list', { images: [plain(31), 'javascript:alert(1)'] }, 'images'],
    ['images that is not a list', { images: plain(32) }, 'images'],
    [
      'image differing from the first of images',
      { image: plain(33), images: [plain(34), plain(33)] },
      'image',
    ],
    ['neither image nor images', { image: undefined }, 'image'],
  ])('when the body has %s, then 400 naming the field and nothing changes', async (_l, override, field) => {
    const [id] = await insertProducts(ctx.db, [
      { sellerId: seller.sellerId, images: [plain(40), plain(41)] },
    ]);
    const before = await ctx.db.$count(products);
    const add = await seller.agent
      .post('/api/seller/products/add')
      .send(productBody({ image: undefined, ...override }));
    expect(add.status).toBe(400);
    expect(add.body.code).toBe('VALIDATION_FAILED');
    expect(add.body.errors.fieldErrors[field]).toBeDefined();
    expect(await ctx.db.$count(products)).toBe(before);

    const edit = await seller.agent
      .put(`/api/seller/products/edit/${id}`)
      .send(productBody({ image: undefined, ...override }));
    expect(edit.status).toBe(400);
    const [row] = await ctx.db.select().from(products).where(eq(products.id, id!));
    expect(row!.images).toEqual([plain(40), plain(41)]);
  });

  it(`when a product gets exactly ${LIMITS.productImagesMax} images, then they are all kept`, async () => {
    const images = Array.from({ length: LIMITS.productImagesMax }, (_, i) => plain(200 + i));
    const res = await seller.agent
      .post('/api/seller/products/add')
      .send(productBody({ image: undefined, images }));
    expect(res.status).toBe(201);
    expect(urls(res)).toEqual(images);
  });

  it("when a seller changes another seller's images, then 403 and the images are unchanged", async () => {
    const [id] = await insertProducts(ctx.db, [
      { sellerId: otherSeller.sellerId, images: [plain(50), plain(51)] },
    ]);
    const res = await seller.agent
      .put(`/api/seller/products/edit/${id}`)
      .send(productBody({ image: undefined, images: [plain(52)] }));
    expect(res.status).toBe(403);
    const [row] = await ctx.db.select().from(products).where(eq(products.id, id!));
    expect(row).toMatchObject({ image: plain(50), images: [plain(50), plain(51)] });
  });
});

describe('sold by', () => {
  it("when a seller's product is shown, then its page names the store; the marketplace's own names none", async () => {
    const [own, market] = await insertProducts(ctx.db, [{ sellerId: seller.sellerId }, { sellerId: null }]);
    const [storeRow] = await ctx.db.select().from(sellers).where(eq(sellers.id, seller.sellerId));
    const page = await ctx.anon().get(`/api/shop/products/get/${own}`);
    expect(page.body.data).toMatchObject({ sellerId: seller.sellerId, storeName: storeRow!.storename });
    const mine = await ctx.anon().get(`/api/shop/products/get/${market}`);
    expect(mine.body.data).toMatchObject({ sellerId: null, storeName: null });
  });

  it("when the listing is filtered by seller, then it holds only that seller's live products, with their totals and facets", async () => {
    const s = await ctx.loginAsSeller('approved');
    const inserted = await insertProducts(ctx.db, [
      { sellerId: s.sellerId, category: 'footwear', brand: 'puma', price: 100 },
      { sellerId: s.sellerId, category: 'men', brand: 'nike', price: 900 },
      { sellerId: s.sellerId, category: 'men', brand: 'nike', deleted: true },
      { sellerId: otherSeller.sellerId, category: 'men', brand: 'nike' },
    ]);
    // written past the app: the change feed is told, as every writer of products does
    ctx.deps.changes.publish({ type: 'products', ids: inserted });
    const [cheap, dear] = inserted;
    const res = await ctx.anon().get(`/api/shop/products/get?seller=${s.sellerId}&sortBy=price-hightolow`);
    expect(res.status).toBe(200);
    expect(res.body.data.map((p: { _id: string }) => p._id)).toEqual([dear, cheap]);
    expect(res.body.pagination).toMatchObject({ total: 2, pages: 1 });
    expect(res.body.facets).toEqual({
      category: [
        { id: 'footwear', count: 1 },
        { id: 'men', count: 1 },
      ],
      brand: [
        { id: 'nike', count: 1 },
        { id: 'puma', count: 1 },
      ],
    });

    const men = await ctx.anon().get(`/api/shop/products/get?seller=${s.sellerId}&category=men`);
    expect(men.body.data.map((p: { _id: string }) => p._id)).toEqual([dear]);
    expect(men.body.pagination.total).toBe(1);

    // a page past the end of the seller's products
    const past = await ctx
      .anon()
      .get(`/api/shop/products/get?seller=${s.sellerId}&page=2&limit=1&sortBy=title-atoz`);
    expect(past.body.data).toHaveLength(1);
  });

  it('when the seller filter is not an id, then 400; an unknown seller lists nothing', async () => {
    const bad = await ctx.anon().get('/api/shop/products/get?seller=not-a-seller');
    expect(bad.status).toBe(400);
    expect(bad.body.errors.fieldErrors.seller).toBeDefined();
    const none = await ctx.anon().get('/api/shop/products/get?seller=00000000-0000-4000-8000-000000000000');
    expect(none.status).toBe(200);
    expect(none.body.data).toEqual([]);
    expect(none.body.pagination.total).toBe(0);
  });
});
