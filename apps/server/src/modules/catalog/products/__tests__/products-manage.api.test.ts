import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestContext } from '../../../../../test/app';
import { products } from '../../../../db/schema';
import { insertProducts, productBody } from '../../__tests__/catalog-fixtures';

const ctx = await createTestContext();
const admin = await ctx.loginAs('admin');
const shopper = await ctx.loginAs('user');
const seller = await ctx.loginAsSeller('approved');
const otherSeller = await ctx.loginAsSeller('approved');
const pendingSeller = await ctx.loginAsSeller('pending');
const MISSING = '00000000-0000-4000-8000-000000000000';

describe('admin products', () => {
  it('when the admin adds a product, then 201 with the DTO in rupees and the row stored in paise', async () => {
    const res = await admin.agent
      .post('/api/admin/products/add')
      .send(
        productBody({ title: 'Admin Shirt', price: '1499.50', salePrice: 1299.25, category: 'electonics' }),
      );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ success: true, message: 'Product added Successfully!' });
    expect(res.body.data).toMatchObject({
      title: 'Admin Shirt',
      category: 'electronics',
      price: 1499.5,
      salePrice: 1299.25,
      sellerId: null,
      averageReview: 0,
      reviewCount: 0,
      popularity: 0,
    });
    const [row] = await ctx.db.select().from(products).where(eq(products.id, res.body.data._id));
    expect(row).toMatchObject({ pricePaise: 149950, salePricePaise: 129925 });
  });

  it('when salePrice is left empty, then it is stored and answered as null', async () => {
    const res = await admin.agent.post('/api/admin/products/add').send(productBody({ salePrice: '' }));
    expect(res.status).toBe(201);
    expect(res.body.data.salePrice).toBeNull();
  });

  it.each([
    ['a negative price', { price: -5 }, 'price'],
    ['a zero price', { price: 0 }, 'price'],
    ['a salePrice above price', { price: 100, salePrice: 150 }, 'salePrice'],
    ['a discount of 101', { discount: 101 }, 'discount'],
    ['a fractional discount', { discount: 12.5 }, 'discount'],
    ['negative stock', { totalStock: -1 }, 'totalStock'],
    ['an unknown category', { category: 'toys' }, 'category'],
    ['a brand with no letter or digit', { brand: ' - ' }, 'brand'],
    ['an image that is not a URL', { image: 'javascript:alert(1)' }, 'image'],
    ['a blank title', { title: '  ' }, 'title'],
  ])('when the body has %s, then 400 naming the field and nothing is stored', async (_l, override, field) => {
    const before = await ctx.db.$count(products);
    const res = await admin.agent.post('/api/admin/products/add').send(productBody(override));
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    expect(res.body.errors.fieldErrors[field]).toBeDefined();
    expect(await ctx.db.$count(products)).toBe(before);
  });

  it('when the admin lists products, then every live product is there, newest first, deleted ones not', async () => {
    const [live, gone] = await insertProducts(ctx.db, [
      { title: 'Listed' },
      { title: 'Gone', deleted: true },
    ]);
    const res = await admin.agent.get('/api/admin/products/get');
    expect(res.status).toBe(200);
    const ids = res.body.data.map((p: { _id: string }) => p._id);
    expect(ids).toContain(live);
    expect(ids).not.toContain(gone);
    const times = res.body.data.map((p: { createdAt: string }) => p.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('when the admin edits any seller product, then it changes', async () => {
    const [id] = await insertProducts(ctx.db, [{ sellerId: seller.sellerId }]);
    const [row] = await ctx.db.select().from(products).where(eq(products.id, id!));
    const res = await admin.agent
      .put(`/api/admin/products/edit/${id}`)
      .send(productBody({ title: 'Renamed by admin', totalStock: 3, stockLoaded: row!.totalStock }));
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      title: 'Renamed by admin',
      totalStock: 3,
      sellerId: seller.sellerId,
    });
  });

  it('when the admin deletes a product, then it is soft-deleted and the shop answers 404 for it', async () => {
    const [id] = await insertProducts(ctx.db, [{ title: 'To delete' }]);
    const res = await admin.agent.delete(`/api/admin/products/delete/${id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, message: 'Product deleted Successfully!' });
    const [row] = await ctx.db.select().from(products).where(eq(products.id, id!));
    expect(row!.deletedAt).not.toBeNull();
    expect((await ctx.anon().get(`/api/shop/products/get/${id}`)).status).toBe(404);
    expect((await admin.agent.delete(`/api/admin/products/delete/${id}`)).status).toBe(404);
  });

  it('when the id is malformed or unknown, then 400 or 404', async () => {
    expect((await admin.agent.put('/api/admin/products/edit/nope').send(productBody())).status).toBe(400);
    expect((await admin.agent.put(`/api/admin/products/edit/${MISSING}`).send(productBody())).status).toBe(
      404,
    );
    expect((await admin.agent.delete('/api/admin/products/delete/123')).status).toBe(400);
    expect((await admin.agent.delete(`/api/admin/products/delete/${MISSING}`)).status).toBe(404);
  });

  it.each([
    ['anonymous', 401, () => ctx.anon()],
    ['a shopper', 403, () => shopper.agent],
    ['an approved seller', 403, () => seller.agent],
  ])('when %s calls the admin product routes, then %i', async (_l, status, who) => {
    const [id] = await insertProducts(ctx.db, [{}]);
    const agent = who();
    expect((await agent.post('/api/admin/products/add').send(productBody())).status).toBe(status);
    expect((await agent.get('/api/admin/products/get')).status).toBe(status);
    expect((await agent.put(`/api/admin/products/edit/${id}`).send(productBody())).status).toBe(status);
    expect((await agent.delete(`/api/admin/products/delete/${id}`)).status).toBe(status);
  });
});

describe('admin product list: search, filters, pages (issue 11 item 8)', () => {
  it('when the admin searches, filters by category, brand and seller and pages, then each answer holds only matches, newest first, with pagination', async () => {
    const tag = `zq${Date.now().toString(36)}`;
    await insertProducts(ctx.db, [
      { title: `${tag} Kettle steel`, category: 'electronics', brand: 'puma', sellerId: seller.sellerId },
      {
        title: `${tag} kettle glass`,
        category: 'electronics',
        brand: 'nike',
        sellerId: otherSeller.sellerId,
      },
      { title: `${tag} Shoe`, category: 'footwear', brand: 'puma', sellerId: seller.sellerId },
      { title: `${tag} Kettle gone`, category: 'electronics', brand: 'puma', deleted: true },
      { title: `Other 100%_kettle`, category: 'electronics', brand: 'puma' },
    ]);
    const titles = (res: { body: { data: { title: string }[] } }) => res.body.data.map((p) => p.title).sort();

    const search = await admin.agent
      .get('/api/admin/products/get')
      .query({ q: `${tag.toUpperCase()} KETTLE` });
    expect(search.status).toBe(200);
    expect(titles(search)).toEqual([`${tag} Kettle steel`, `${tag} kettle glass`]);
    expect(search.body.pagination).toBeUndefined();

    // % and _ are searched for as themselves, not as wildcards
    const literal = await admin.agent.get('/api/admin/products/get').query({ q: '100%_' });
    expect(titles(literal)).toEqual(['Other 100%_kettle']);

    const filtered = await admin.agent
      .get('/api/admin/products/get')
      .query({ q: tag, category: 'electronics,footwear', brand: 'puma', sellerId: seller.sellerId });
    expect(titles(filtered)).toEqual([`${tag} Kettle steel`, `${tag} Shoe`]);

    const first = await admin.agent.get('/api/admin/products/get').query({ q: tag, page: 1, limit: 2 });
    expect(first.body.pagination).toEqual({ page: 1, limit: 2, total: 3, pages: 2 });
    const second = await admin.agent.get('/api/admin/products/get').query({ q: tag, page: 2, limit: 2 });
    expect(second.body.data).toHaveLength(1);
    const all = [...first.body.data, ...second.body.data].map((p: { createdAt: string }) => p.createdAt);
    expect([...all].sort().reverse()).toEqual(all);

    const past = await admin.agent.get('/api/admin/products/get').query({ q: tag, page: 9, limit: 2 });
    expect(past.body.data).toEqual([]);
    expect(past.body.pagination.total).toBe(3);
  });

  it('when a filter is malformed, then 400 and the field is named', async () => {
    for (const query of [
      { category: 'spaceships' },
      { brand: 'x'.repeat(81) },
      { sellerId: 'x' },
      { q: 'a' },
      { limit: 101, page: 1 },
    ]) {
      const res = await admin.agent.get('/api/admin/products/get').query(query);
      expect(res.status, JSON.stringify(query)).toBe(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
    }
  });

  it('when a seller searches its own list, then only its own matches, whatever sellerId the query names', async () => {
    const tag = `zs${Date.now().toString(36)}`;
    await insertProducts(ctx.db, [
      { title: `${tag} mine`, sellerId: seller.sellerId },
      { title: `${tag} theirs`, sellerId: otherSeller.sellerId },
    ]);
    const res = await seller.agent
      .get(`/api/seller/products/get/${seller.sellerId}`)
      .query({ q: tag, sellerId: otherSeller.sellerId, page: 1 });
    expect(res.status).toBe(200);
    expect(res.body.data.map((p: { title: string }) => p.title)).toEqual([`${tag} mine`]);
    expect(res.body.pagination).toMatchObject({ page: 1, total: 1, pages: 1 });
  });
});

describe('seller products', () => {
  it('when an approved seller adds a product, then it belongs to that seller whatever the body says', async () => {
    const res = await seller.agent
      .post('/api/seller/products/add')
      .send(productBody({ title: 'Seller Jeans', sellerId: otherSeller.sellerId } as never));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ success: true, message: 'Product added Successfully!' });
    expect(res.body.data.sellerId).toBe(seller.sellerId);
  });

  it('when a seller lists its own products, then only its own live products come back', async () => {
    const [mine, theirs, deleted] = await insertProducts(ctx.db, [
      { sellerId: seller.sellerId, title: 'Mine' },
      { sellerId: otherSeller.sellerId, title: 'Theirs' },
      { sellerId: seller.sellerId, title: 'Deleted', deleted: true },
    ]);
    const res = await seller.agent.get(`/api/seller/products/get/${seller.sellerId}`);
    expect(res.status).toBe(200);
    const ids = res.body.data.map((p: { _id: string }) => p._id);
    expect(ids).toContain(mine);
    expect(ids).not.toContain(theirs);
    expect(ids).not.toContain(deleted);
    expect(res.body.data.every((p: { sellerId: string }) => p.sellerId === seller.sellerId)).toBe(true);
    // the seller's user id is accepted as its own id too
    const byUser = await seller.agent.get(`/api/seller/products/get/${seller.userId}`);
    expect(byUser.body.data.map((p: { _id: string }) => p._id)).toEqual(ids);
  });

  it("when a seller lists another seller's products, then 403; the admin may list them", async () => {
    expect((await seller.agent.get(`/api/seller/products/get/${otherSeller.sellerId}`)).status).toBe(403);
    const res = await admin.agent.get(`/api/seller/products/get/${otherSeller.sellerId}`);
    expect(res.status).toBe(200);
    expect(res.body.data.every((p: { sellerId: string }) => p.sellerId === otherSeller.sellerId)).toBe(true);
  });

  it('when a seller edits and deletes its own product, then both work', async () => {
    const [id] = await insertProducts(ctx.db, [{ sellerId: seller.sellerId }]);
    const edit = await seller.agent
      .put(`/api/seller/products/edit/${id}`)
      .send(productBody({ title: 'Edited', price: 500, salePrice: 450 }));
    expect(edit.status).toBe(200);
    expect(edit.body.data).toMatchObject({ title: 'Edited', price: 500, salePrice: 450 });
    const del = await seller.agent.delete(`/api/seller/products/delete/${id}`);
    expect(del.status).toBe(200);
    const [row] = await ctx.db.select().from(products).where(eq(products.id, id!));
    expect(row!.deletedAt).not.toBeNull();
  });

  it("when a seller edits or deletes another seller's or the admin's product, then 403 and nothing changes", async () => {
    const [theirs, admins] = await insertProducts(ctx.db, [
      { sellerId: otherSeller.sellerId, title: 'Not yours' },
      { sellerId: null, title: 'Admin owned' },
    ]);
    for (const id of [theirs, admins]) {
      expect((await seller.agent.put(`/api/seller/products/edit/${id}`).send(productBody())).status).toBe(
        403,
      );
      expect((await seller.agent.delete(`/api/seller/products/delete/${id}`)).status).toBe(403);
    }
    const [row] = await ctx.db.select().from(products).where(eq(products.id, theirs!));
    expect(row).toMatchObject({ title: 'Not yours', deletedAt: null });
  });

  it('when a seller sends an invalid product, then 400', async () => {
    const res = await seller.agent
      .post('/api/seller/products/add')
      .send(productBody({ price: 10, salePrice: 20 }));
    expect(res.status).toBe(400);
    expect(res.body.errors.fieldErrors.salePrice).toBeDefined();
  });

  it('when a pending seller, a shopper or nobody uses the seller routes, then 403, 403 and 401', async () => {
    const [id] = await insertProducts(ctx.db, [{ sellerId: pendingSeller.sellerId }]);
    const pending = await pendingSeller.agent.post('/api/seller/products/add').send(productBody());
    expect(pending.status).toBe(403);
    expect(pending.body.code).toBe('SELLER_NOT_APPROVED');
    expect((await pendingSeller.agent.get(`/api/seller/products/get/${pendingSeller.sellerId}`)).status).toBe(
      403,
    );
    expect(
      (await pendingSeller.agent.put(`/api/seller/products/edit/${id}`).send(productBody())).status,
    ).toBe(403);
    expect((await pendingSeller.agent.delete(`/api/seller/products/delete/${id}`)).status).toBe(403);
    expect((await shopper.agent.post('/api/seller/products/add').send(productBody())).status).toBe(403);
    expect((await ctx.anon().post('/api/seller/products/add').send(productBody())).status).toBe(401);
    expect((await ctx.anon().get(`/api/seller/products/get/${seller.sellerId}`)).status).toBe(401);
  });
});
