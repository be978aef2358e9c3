import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestContext } from '../../../../test/app';
import { products, reviews, wishlistItems } from '../../../db/schema';
import { insertProducts } from './catalog-fixtures';
import { insertOrderOf } from '../../commerce/__tests__/helpers';

const ctx = await createTestContext();
const admin = await ctx.loginAs('admin');
const alice = await ctx.loginAs('user', { username: 'Alice' });
const bob = await ctx.loginAs('user', { username: 'Bob' });
const MISSING = '00000000-0000-4000-8000-000000000000';

const productRow = async (id: string) =>
  (await ctx.db.select().from(products).where(eq(products.id, id)))[0]!;

describe('reviews', () => {
  it('when a shopper reviews, then 201, identity from the session, and the product average follows', async () => {
    const [id] = await insertProducts(ctx.db, [{}]);
    const res = await alice.agent.post('/api/shop/review/add').send({
      productId: id,
      reviewMessage: 'Great fit',
      reviewVal: 4,
      userId: bob.userId,
      username: 'Mallory',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ success: true, message: 'Review Added Successfully!' });
    expect(res.body.data).toMatchObject({
      userId: alice.userId,
      username: 'Alice',
      reviewVal: 4,
      verifiedPurchase: false,
    });
    await bob.agent.post('/api/shop/review/add').send({ productId: id, reviewMessage: 'Meh', reviewVal: 1 });
    const detail = await ctx.anon().get(`/api/shop/products/get/${id}`);
    expect(detail.body.data).toMatchObject({ averageReview: 2.5, reviewCount: 2 });
  });

  it('when the same user reviews again, then the first review is updated, not duplicated', async () => {
    const [id] = await insertProducts(ctx.db, [{}]);
    const first = await alice.agent
      .post('/api/shop/review/add')
      .send({ productId: id, reviewMessage: 'Bad', reviewVal: 1 });
    const second = await alice.agent
      .post('/api/shop/review/add')
      .send({ productId: id, reviewMessage: 'Better after a wash', reviewVal: 5 });
    expect(second.status).toBe(200);
    expect(second.body.data._id).toBe(first.body.data._id);
    const list = await ctx.anon().get(`/api/shop/review/${id}`);
    expect(list.body.data).toHaveLength(1);
    expect(list.body.data[0]).toMatchObject({ reviewMessage: 'Better after a wash', reviewVal: 5 });
    expect(await productRow(id!)).toMatchObject({ ratingSum: 5, reviewCount: 1 });
  });

  it('when the reviewer has a paid order with the product, then verifiedPurchase is true; a pending one is not enough', async () => {
    const [bought, pendingOnly] = await insertProducts(ctx.db, [{}, {}]);
    await insertOrderOf(ctx.db, bob.userId, bought!, { paymentStatus: 'paid' });
    await insertOrderOf(ctx.db, bob.userId, pendingOnly!, { paymentStatus: 'pending' });
    const a = await bob.agent
      .post('/api/shop/review/add')
      .send({ productId: bought, reviewMessage: 'ok', reviewVal: 3 });
    const b = await bob.agent
      .post('/api/shop/review/add')
      .send({ productId: pendingOnly, reviewMessage: 'ok', reviewVal: 3 });
    expect(a.body.data.verifiedPurchase).toBe(true);
    expect(b.body.data.verifiedPurchase).toBe(false);
  });

  it('when a seller reviews its own product, then 403 OWN_PRODUCT and nothing is stored', async () => {
    const seller = await ctx.loginAsSeller();
    const [own] = await insertProducts(ctx.db, [{ sellerId: seller.sellerId }]);
    const res = await seller.agent
      .post('/api/shop/review/add')
      .send({ productId: own, reviewMessage: 'Best product ever', reviewVal: 5 });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('OWN_PRODUCT');
    expect(await ctx.db.$count(reviews, eq(reviews.productId, own!))).toBe(0);
  });

  it('when listing reviews, then newest first', async () => {
    const [id] = await insertProducts(ctx.db, [{}]);
    await alice.agent
      .post('/api/shop/review/add')
      .send({ productId: id, reviewMessage: 'first', reviewVal: 3 });
    await bob.agent
      .post('/api/shop/review/add')
      .send({ productId: id, reviewMessage: 'second', reviewVal: 4 });
    const res = await ctx.anon().get(`/api/shop/review/${id}`);
    expect(res.status).toBe(200);
    expect(res.body.data.map((r: { reviewMessage: string }) => r.reviewMessage)).toEqual(['second', 'first']);
  });

  it.each([
    ['no rating', { reviewMessage: 'x' }],
    ['a rating of 6', { reviewMessage: 'x', reviewVal: 6 }],
    ['a rating of 0', { reviewMessage: 'x', reviewVal: 0 }],
    ['blank text', { reviewMessage: '   ', reviewVal: 3 }],
  ])('when the review has %s, then 400 and nothing stored', async (_l, body) => {
    const [id] = await insertProducts(ctx.db, [{}]);
    const res = await alice.agent.post('/api/shop/review/add').send({ productId: id, ...body });
    expect(res.status).toBe(400);
    expect(await ctx.db.$count(reviews, eq(reviews.productId, id!))).toBe(0);
  });

  it('when the product is malformed, unknown or deleted, or nobody is logged in, then 400, 404, 404, 401', async () => {
    const [gone] = await insertProducts(ctx.db, [{ deleted: true }]);
    const body = { reviewMessage: 'x', reviewVal: 3 };
    expect((await alice.agent.post('/api/shop/review/add').send({ productId: 'nope', ...body })).status).toBe(
      400,
    );
    expect(
      (await alice.agent.post('/api/shop/review/add').send({ productId: MISSING, ...body })).status,
    ).toBe(404);
    expect((await alice.agent.post('/api/shop/review/add').send({ productId: gone, ...body })).status).toBe(
      404,
    );
    expect(
      (
        await ctx
          .anon()
          .post('/api/shop/review/add')
          .send({ productId: gone, ...body })
      ).status,
    ).toBe(401);
    expect((await ctx.anon().get('/api/shop/review/nope')).status).toBe(400);
    expect((await ctx.anon().get(`/api/shop/review/${MISSING}`)).status).toBe(404);
  });
});

describe('wishlist', () => {
  it('when adding twice, then one entry, 201 then 200, and wishlist_count/popularity rise once', async () => {
    const [id] = await insertProducts(ctx.db, [{ unitsSold: 3, price: 500, salePrice: 450 }]);
    const first = await alice.agent
      .post('/api/shop/account/wishlist/add')
      .send({ productId: id, userId: bob.userId });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ success: true, message: 'Added to wishlist' });
    expect(first.body.data).toMatchObject({
      userId: alice.userId,
      productId: id,
      price: 500,
      salePrice: 450,
    });
    const second = await alice.agent.post('/api/shop/account/wishlist/add').send({ productId: id });
    expect(second.status).toBe(200);
    expect(await ctx.db.$count(wishlistItems, eq(wishlistItems.productId, id!))).toBe(1);
    expect(await productRow(id!)).toMatchObject({ wishlistCount: 1, popularity: 4 });
    expect(await ctx.db.$count(wishlistItems, eq(wishlistItems.userId, bob.userId))).toBe(0);
  });

  it('when listing and removing, then own list only; removal twice is harmless and keeps the count right', async () => {
    const [id] = await insertProducts(ctx.db, [{ title: 'Wished' }]);
    await bob.agent.post('/api/shop/account/wishlist/add').send({ productId: id });
    const list = await bob.agent.get(`/api/shop/account/wishlist/get/${bob.userId}`);
    expect(list.status).toBe(200);
    expect(list.body.data.map((w: { productId: string }) => w.productId)).toContain(id);
    const del = await bob.agent.delete(`/api/shop/account/wishlist/${bob.userId}/${id}`);
    expect(del.status).toBe(200);
    expect(del.body.message).toBe('Removed from wishlist');
    expect(del.body.data.map((w: { productId: string }) => w.productId)).not.toContain(id);
    expect((await bob.agent.delete(`/api/shop/account/wishlist/${bob.userId}/${id}`)).status).toBe(200);
    expect((await productRow(id!)).wishlistCount).toBe(0);
  });

  it("when someone reads or edits another user's wishlist, then 403; the admin may read it", async () => {
    const [id] = await insertProducts(ctx.db, [{}]);
    await bob.agent.post('/api/shop/account/wishlist/add').send({ productId: id });
    expect((await alice.agent.get(`/api/shop/account/wishlist/get/${bob.userId}`)).status).toBe(403);
    expect((await alice.agent.delete(`/api/shop/account/wishlist/${bob.userId}/${id}`)).status).toBe(403);
    expect(await ctx.db.$count(wishlistItems, eq(wishlistItems.productId, id!))).toBe(1);
    expect((await admin.agent.get(`/api/shop/account/wishlist/get/${bob.userId}`)).status).toBe(200);
    expect((await ctx.anon().get(`/api/shop/account/wishlist/get/${bob.userId}`)).status).toBe(401);
  });

  it('when a wished product is deleted, then it leaves the list', async () => {
    const [id] = await insertProducts(ctx.db, [{}]);
    await alice.agent.post('/api/shop/account/wishlist/add').send({ productId: id });
    await admin.agent.delete(`/api/admin/products/delete/${id}`);
    const list = await alice.agent.get(`/api/shop/account/wishlist/get/${alice.userId}`);
    expect(list.body.data.map((w: { productId: string }) => w.productId)).not.toContain(id);
  });

  it('when the product id is malformed or unknown, then 400 or 404', async () => {
    expect((await alice.agent.post('/api/shop/account/wishlist/add').send({ productId: 'x' })).status).toBe(
      400,
    );
    expect(
      (await alice.agent.post('/api/shop/account/wishlist/add').send({ productId: MISSING })).status,
    ).toBe(404);
    expect((await alice.agent.delete(`/api/shop/account/wishlist/${alice.userId}/nope`)).status).toBe(400);
  });
});

describe('banners', () => {
  it('when the admin gives a banner its message, button and phone image, then the list answers them; without them, empty', async () => {
    const res = await admin.agent.post('/api/common/banner/add').send({
      image: '/uploads/banners/wide.png',
      mobileImage: '/uploads/banners/tall.png',
      title: '  Big Festive Sale ',
      subtitle: 'Up to 60% off',
      ctaLabel: 'Shop now',
      ctaLink: '/shop/listing?category=electronics',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data).toMatchObject({
      mobileImage: '/uploads/banners/tall.png',
      title: 'Big Festive Sale',
      subtitle: 'Up to 60% off',
      ctaLabel: 'Shop now',
      ctaLink: '/shop/listing?category=electronics',
    });
    const plain = await admin.agent.post('/api/common/banner/add').send({ image: '/uploads/banners/p.png' });
    expect(plain.body.data).toMatchObject({
      mobileImage: null,
      title: '',
      subtitle: '',
      ctaLabel: '',
      ctaLink: '',
    });
    const list = await ctx.anon().get('/api/common/banner/get');
    expect(list.body.data.find((b: { _id: string }) => b._id === res.body.data._id).title).toBe(
      'Big Festive Sale',
    );
  });

  it('when a banner button points outside the shop or has no link, or a text is too long, then 400', async () => {
    for (const body of [
      { ctaLabel: 'Go', ctaLink: 'https://evil.example' },
      { ctaLabel: 'Go', ctaLink: '//evil.example' },
      { ctaLabel: 'Go', ctaLink: 'javascript:alert(1)' },
      { ctaLabel: 'Go' },
      { title: 'x'.repeat(81) },
      { mobileImage: 'ftp://x' },
    ]) {
      const res = await admin.agent
        .post('/api/common/banner/add')
        .send({ image: '/uploads/banners/a.png', ...body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
    }
  });

  it('when the admin adds banners, then the public list shows them newest first; delete removes one', async () => {
    const a = await admin.agent.post('/api/common/banner/add').send({ image: '/uploads/banners/a.png' });
    const b = await admin.agent
      .post('/api/common/banner/add')
      .send({ image: 'https://res.cloudinary.com/x/b.png' });
    expect(a.status).toBe(201);
    expect(a.body).toMatchObject({ success: true, message: 'Banner uploaded successfully!' });
    const list = await ctx.anon().get('/api/common/banner/get');
    expect(list.status).toBe(200);
    expect(list.body.data.slice(0, 2).map((x: { _id: string }) => x._id)).toEqual([
      b.body.data._id,
      a.body.data._id,
    ]);
    const del = await admin.agent.delete(`/api/common/banner/delete/${a.body.data._id}`);
    expect(del.body).toMatchObject({ success: true, message: 'Banner deleted successfully!' });
    const after = await ctx.anon().get('/api/common/banner/get');
    expect(after.body.data.map((x: { _id: string }) => x._id)).not.toContain(a.body.data._id);
    expect((await admin.agent.delete(`/api/common/banner/delete/${a.body.data._id}`)).status).toBe(404);
  });

  it('when the image is missing or not a URL, the id malformed, or the caller not the admin, then 400/400/403/401', async () => {
    expect((await admin.agent.post('/api/common/banner/add').send({})).status).toBe(400);
    expect((await admin.agent.post('/api/common/banner/add').send({ image: 'ftp://x' })).status).toBe(400);
    expect((await admin.agent.delete('/api/common/banner/delete/nope')).status).toBe(400);
    expect((await alice.agent.post('/api/common/banner/add').send({ image: '/uploads/a.png' })).status).toBe(
      403,
    );
    expect((await alice.agent.delete(`/api/common/banner/delete/${MISSING}`)).status).toBe(403);
    expect((await ctx.anon().post('/api/common/banner/add').send({ image: '/uploads/a.png' })).status).toBe(
      401,
    );
  });
});
