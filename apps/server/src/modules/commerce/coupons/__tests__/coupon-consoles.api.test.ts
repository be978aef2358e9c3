/**
 * Coupon consoles and the cart's codes (docs/money.md, "Coupons"): the admin makes platform codes, a seller its own
 * (another seller's products or sellers: 403), bad numbers 400, codes unique whatever their case; the cart applies a
 * code or answers 422 with the reason it shows, one platform code and one per seller, and lists each code with its
 * discount or why it no longer applies.
 */
import { describe, expect, it } from 'vitest';
import { createTestContext } from '../../../../../test/app';
import { addToCart, insertProduct, shopperWithAddress } from '../../__tests__/helpers';

const ctx = await createTestContext();
const admin = await ctx.loginAs('admin');
const sellerA = await ctx.loginAsSeller();
const sellerB = await ctx.loginAsSeller();
let n = 0;
const code = (p = 'T') => `${p}${++n}-${Date.now().toString(36).slice(-4)}`.toUpperCase().slice(0, 20);
const body = (over: Record<string, unknown> = {}) => ({
  code: code(),
  kind: 'percent',
  percent: 10,
  startsAt: '2026-01-01',
  endsAt: '2099-12-31',
  ...over,
});

describe('coupon consoles', () => {
  it('when the admin creates a code, then it is listed with its uses and discount given, and its case does not matter', async () => {
    const c = body({ code: 'save-TEN' });
    const res = await admin.agent.post('/api/admin/coupons').send(c);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data).toMatchObject({
      code: 'SAVE-TEN',
      funder: 'platform',
      sellerId: null,
      status: 'active',
      used: 0,
      reserved: 0,
      discountGiven: 0,
    });
    const again = await admin.agent.post('/api/admin/coupons').send({ ...c, code: 'Save-Ten' });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('COUPON_CODE_TAKEN');
    const list = await admin.agent.get('/api/admin/coupons');
    expect(list.body.data.map((x: { code: string }) => x.code)).toContain('SAVE-TEN');
  });

  it.each([
    [{ percent: 101 }, 'percent'],
    [{ kind: 'fixed', amount: -5 }, 'amount'],
    [{ minOrderValue: -1 }, 'minOrderValue'],
    [{ endsAt: '2025-01-01' }, 'endsAt'],
    [{ code: 'a b' }, 'code'],
  ])('when a coupon has %j, then 400 naming the field and nothing is made', async (over, field) => {
    const res = await admin.agent.post('/api/admin/coupons').send(body(over));
    expect(res.status).toBe(400);
    expect(res.body.errors.fieldErrors[field]).toBeDefined();
  });

  it("when a seller names another seller's products or sellers, then 403; its own products are fine", async () => {
    const mine = await insertProduct(ctx.db, { sellerId: sellerA.sellerId });
    const theirs = await insertProduct(ctx.db, { sellerId: sellerB.sellerId });
    const other = await sellerA.agent
      .post('/api/seller/coupons')
      .send(body({ scope: 'products', scopeIds: [theirs.id] }));
    expect(other.status).toBe(403);
    const sellers = await sellerA.agent
      .post('/api/seller/coupons')
      .send(body({ scope: 'sellers', scopeIds: [sellerB.sellerId] }));
    expect(sellers.status).toBe(403);
    const own = await sellerA.agent
      .post('/api/seller/coupons')
      .send(body({ scope: 'products', scopeIds: [mine.id] }));
    expect(own.status, JSON.stringify(own.body)).toBe(201);
    expect(own.body.data).toMatchObject({ funder: 'seller', sellerId: sellerA.sellerId });
    const listed = await sellerB.agent.get('/api/seller/coupons');
    expect(listed.body.data.map((c: { _id: string }) => c._id)).not.toContain(own.body.data._id);
    const foreignEdit = await sellerB.agent
      .put(`/api/seller/coupons/${own.body.data._id}`)
      .send({ active: false });
    expect(foreignEdit.status).toBe(404);
  });

  it('when the admin pauses a code, then the cart refuses it with "Paused" and the offers drop it; resumed, it is back', async () => {
    const c = (await admin.agent.post('/api/admin/coupons').send(body({ label: 'Ten off' }))).body.data;
    const offers = await ctx.anon().get('/api/shop/offers');
    expect(offers.status).toBe(200);
    expect(offers.body.data.map((o: { code: string }) => o.code)).toContain(c.code);
    const paused = await admin.agent.put(`/api/admin/coupons/${c._id}`).send({ active: false });
    expect(paused.status).toBe(200);
    expect(paused.body.data.status).toBe('paused');
    const s = await shopperWithAddress(ctx);
    await addToCart(s.agent, (await insertProduct(ctx.db, { sellerId: sellerA.sellerId })).id);
    const refused = await s.agent.post('/api/shop/cart/coupon').send({ code: c.code.toLowerCase() });
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ code: 'COUPON_PAUSED', details: { reason: 'paused' } });
    const after = await ctx.anon().get('/api/shop/offers');
    expect(after.body.data.map((o: { code: string }) => o.code)).not.toContain(c.code);
  });
});

describe("the cart's codes", () => {
  it('when a code is below its minimum, then 422 "Add ₹120 more"; after adding an item it applies with its discount', async () => {
    const c = (await admin.agent.post('/api/admin/coupons').send(body({ minOrderValue: 1120 }))).body.data;
    const s = await shopperWithAddress(ctx);
    await addToCart(
      s.agent,
      (await insertProduct(ctx.db, { sellerId: sellerA.sellerId, pricePaise: 100_000 })).id,
    );
    const short = await s.agent.post('/api/shop/cart/coupon').send({ code: c.code });
    expect(short.status).toBe(422);
    expect(short.body).toMatchObject({
      code: 'COUPON_BELOW_MINIMUM',
      details: { reason: 'below_minimum', missing: 120, message: 'Add ₹120 more' },
    });
    await addToCart(
      s.agent,
      (await insertProduct(ctx.db, { sellerId: sellerB.sellerId, pricePaise: 50_000 })).id,
    );
    const ok = await s.agent.post('/api/shop/cart/coupon').send({ code: c.code });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.data.coupons).toEqual([
      expect.objectContaining({ code: c.code, applies: true, discount: 150, reason: null }),
    ]);
    expect(ok.body.data.totals).toMatchObject({ subtotal: 1500, couponDiscount: 150, total: 1350 });
    expect(ok.body.data.items.map((i: { platformDiscount: number }) => i.platformDiscount)).toEqual([
      100, 50,
    ]);

    // the cart changes: the code stays listed with why it no longer applies, and takes nothing off
    const line = ok.body.data.items[1];
    await s.agent.delete(`/api/shop/cart/${s.userId}/${line.productId}`);
    const cart = await s.agent.get(`/api/shop/cart/get/${s.userId}`);
    expect(cart.body.data.coupons[0]).toMatchObject({
      applies: false,
      discount: 0,
      reason: 'below_minimum',
      message: 'Add ₹120 more',
    });
    expect(cart.body.data.totals.total).toBe(1000);

    // adding the item back: the add's own answer shows the code applying again
    const added = await s.agent.post('/api/shop/cart/add').send({ productId: line.productId, quantity: 1 });
    expect(added.body.data.coupons[0]).toMatchObject({ code: c.code, applies: true, discount: 150 });
  });

  it('when a second platform code is applied, then 409 COUPON_LIMIT_REACHED; a seller code beside it is fine', async () => {
    const p1 = (await admin.agent.post('/api/admin/coupons').send(body())).body.data;
    const p2 = (await admin.agent.post('/api/admin/coupons').send(body())).body.data;
    const sc = (await sellerA.agent.post('/api/seller/coupons').send(body({ kind: 'fixed', amount: 50 })))
      .body.data;
    const s = await shopperWithAddress(ctx);
    await addToCart(
      s.agent,
      (await insertProduct(ctx.db, { sellerId: sellerA.sellerId, pricePaise: 100_000 })).id,
    );
    expect((await s.agent.post('/api/shop/cart/coupon').send({ code: p1.code })).status).toBe(200);
    const second = await s.agent.post('/api/shop/cart/coupon').send({ code: p2.code });
    expect(second.status).toBe(409);
    expect(second.body.code).toBe('COUPON_LIMIT_REACHED');
    const both = await s.agent.post('/api/shop/cart/coupon').send({ code: sc.code });
    expect(both.status).toBe(200);
    // the seller's ₹50 first (its price becomes ₹950), then 10 % of what is left
    const discounts = Object.fromEntries(
      both.body.data.coupons.map((c: { code: string; discount: number }) => [c.code, c.discount]),
    );
    expect(discounts).toEqual({ [p1.code]: 95, [sc.code]: 50 });
    expect(both.body.data.items[0]).toMatchObject({ sellerDiscount: 50, platformDiscount: 95, payable: 855 });
    const removed = await s.agent.delete(`/api/shop/cart/coupon/${p1.code}`);
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect(removed.body.data.coupons.map((c: { code: string }) => c.code)).toEqual([sc.code]);
  });

  it('when a code is unknown, expired or for other products, then 422 with the reason', async () => {
    const s = await shopperWithAddress(ctx);
    await addToCart(s.agent, (await insertProduct(ctx.db, { sellerId: sellerA.sellerId, brand: 'puma' })).id);
    const unknown = await s.agent.post('/api/shop/cart/coupon').send({ code: 'NOPE-NOPE' });
    expect(unknown.status).toBe(422);
    expect(unknown.body.code).toBe('COUPON_UNKNOWN');
    const past = (
      await admin.agent
        .post('/api/admin/coupons')
        .send(body({ startsAt: '2025-01-01', endsAt: '2025-02-01' }))
    ).body.data;
    const expired = await s.agent.post('/api/shop/cart/coupon').send({ code: past.code });
    expect(expired.body).toMatchObject({ code: 'COUPON_EXPIRED', details: { message: 'Expired' } });
    const nike = (
      await admin.agent.post('/api/admin/coupons').send(body({ scope: 'brands', scopeIds: ['nike'] }))
    ).body.data;
    const other = await s.agent.post('/api/shop/cart/coupon').send({ code: nike.code });
    expect(other.status).toBe(422);
    expect(other.body).toMatchObject({
      code: 'COUPON_NOT_APPLICABLE',
      details: { message: 'Only for Nike products' },
    });
  });
});
