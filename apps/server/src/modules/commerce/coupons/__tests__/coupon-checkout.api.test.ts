/**
 * Coupons at checkout (docs/money.md, "Coupons"): the shares frozen on the lines and the total charged, one use per
 * checkout taken by the database guard under concurrency (run with DATABASE_URL for real PostgreSQL), redeemed when
 * paid, given back when the order is cancelled, and a changed total refused with 409 before any order is made.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { couponUses, coupons, orderLines, orders, taxDocuments } from '../../../../db/schema';
import { createTestContext } from '../../../../../test/app';
import { addToCart, insertProduct, payOrder, shopperWithAddress } from '../../__tests__/helpers';

const ctx = await createTestContext();
const admin = await ctx.loginAs('admin');
const sellerA = await ctx.loginAsSeller();
const sellerB = await ctx.loginAsSeller();
let n = 0;
const newCode = (over: Record<string, unknown> = {}) =>
  admin.agent
    .post('/api/admin/coupons')
    .send({
      code: `CK${++n}-${Date.now().toString(36).slice(-5)}`.toUpperCase(),
      kind: 'percent',
      percent: 10,
      startsAt: '2026-01-01',
      endsAt: '2099-12-31',
      usesPerShopper: 1,
      ...over,
    })
    .then((r) => {
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      return r.body.data as { _id: string; code: string };
    });
const couponRow = async (id: string) => (await ctx.db.select().from(coupons).where(eq(coupons.id, id)))[0]!;

/** A shopper with `prices` (paise, GST 0 %) of sellers A and B in the cart and `code` applied. */
async function cartWith(code: string, items: { sellerId: string; pricePaise: number }[]) {
  const s = await shopperWithAddress(ctx);
  for (const i of items) {
    const p = await insertProduct(ctx.db, { ...i, gstRate: 0, totalStock: 50 });
    await addToCart(s.agent, p.id, 1);
  }
  const applied = await s.agent.post('/api/shop/cart/coupon').send({ code });
  expect(applied.status, JSON.stringify(applied.body)).toBe(200);
  return { ...s, cart: applied.body.data };
}

describe('coupons at checkout', () => {
  it('when a 10 % platform code covers ₹600 and ₹400 lines of two sellers, then −₹60 and −₹40 are frozen and charged', async () => {
    const c = await newCode();
    const s = await cartWith(c.code, [
      { sellerId: sellerA.sellerId, pricePaise: 60_000 },
      { sellerId: sellerB.sellerId, pricePaise: 40_000 },
    ]);
    const expectedTotal = s.cart.totals.total;
    const created = await s.agent
      .post('/api/shop/order/create')
      .send({ addressId: s.addressId, expectedTotal });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const lines = await ctx.db.select().from(orderLines).where(eq(orderLines.orderId, created.body.orderId));
    const byPrice = Object.fromEntries(lines.map((l) => [l.linePricePaise, l]));
    expect(byPrice[60_000]).toMatchObject({
      platformDiscountPaise: 6_000,
      sellerDiscountPaise: 0,
      taxablePaise: 60_000,
    });
    expect(byPrice[40_000]).toMatchObject({
      platformDiscountPaise: 4_000,
      sellerDiscountPaise: 0,
      taxablePaise: 40_000,
    });
    const [order] = await ctx.db.select().from(orders).where(eq(orders.id, created.body.orderId));
    expect(order!.totalPaise).toBe(Math.round(expectedTotal * 100));
    expect(order!.totalPaise).toBe(90_000 + order!.shippingPaise);
    expect((await couponRow(c._id)).reserved).toBe(1);

    const paid = await payOrder(s.agent, created.body);
    expect(paid.order.coupons).toEqual([
      expect.objectContaining({ code: c.code, funder: 'platform', discount: 100 }),
    ]);
    expect(
      paid.order.cartItems
        .map((l: { platformDiscount: number; payable: number }) => [l.platformDiscount, l.payable])
        .sort(),
    ).toEqual([
      [40, 360],
      [60, 540],
    ]);
    expect(await couponRow(c._id)).toMatchObject({ used: 1, reserved: 0, discountGivenPaise: 10_000 });
    // used once: the same shopper cannot apply it again
    const again = await s.agent.post('/api/shop/cart/coupon').send({ code: c.code });
    expect(again.status).toBe(200); // still applied in the cart, now listed as used
    const cart = await s.agent.get(`/api/shop/cart/get/${s.userId}`);
    expect(cart.body.data.coupons[0]).toMatchObject({ applies: false, reason: 'already_used' });
  });

  it('when 20 shoppers check out at once against a code with 1 use left, then exactly one order gets it, the others 409 and make no order', async () => {
    const c = await newCode({ totalUses: 1 });
    const shoppers = [];
    for (let i = 0; i < 20; i++)
      shoppers.push(await cartWith(c.code, [{ sellerId: sellerA.sellerId, pricePaise: 100_000 }]));
    const answers = await Promise.all(
      shoppers.map((s) =>
        s.agent
          .post('/api/shop/order/create')
          .send({ addressId: s.addressId, expectedTotal: s.cart.totals.total }),
      ),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((x) => x === 201)).toHaveLength(1);
    expect(statuses.filter((x) => x === 409)).toHaveLength(19);
    for (const a of answers.filter((x) => x.status === 409)) expect(a.body.code).toBe('COUPON_EXHAUSTED');
    const made = await ctx.db
      .select({ id: orders.id })
      .from(orders)
      .where(
        inArray(
          orders.userId,
          shoppers.map((s) => s.userId),
        ),
      );
    expect(made).toHaveLength(1);
    expect(await couponRow(c._id)).toMatchObject({ used: 0, reserved: 1 });

    // the order is cancelled: the use comes back
    const winner = answers.find((a) => a.status === 201)!;
    const owner = shoppers[answers.indexOf(winner)]!;
    const cancelled = await owner.agent.post(`/api/shop/order/cancel/${winner.body.orderId}`);
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(await couponRow(c._id)).toMatchObject({ used: 0, reserved: 0 });
    const [use] = await ctx.db.select().from(couponUses).where(eq(couponUses.orderId, winner.body.orderId));
    expect(use!.state).toBe('released');
  });

  it('when a paid order is cancelled, then its use is given back too', async () => {
    const c = await newCode();
    const s = await cartWith(c.code, [{ sellerId: sellerA.sellerId, pricePaise: 100_000 }]);
    const created = await s.agent.post('/api/shop/order/create').send({ addressId: s.addressId });
    await payOrder(s.agent, created.body);
    expect(await couponRow(c._id)).toMatchObject({ used: 1, discountGivenPaise: 10_000 });
    const cancelled = await s.agent.post(`/api/shop/order/cancel/${created.body.orderId}`);
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(await couponRow(c._id)).toMatchObject({ used: 0, reserved: 0, discountGivenPaise: 0 });
  });

  it('when a free-delivery code applies, then the cart and the order charge no shipping and the use counts the shipping waived', async () => {
    const c = await newCode({ kind: 'free_delivery', percent: undefined });
    const s = await cartWith(c.code, [{ sellerId: sellerA.sellerId, pricePaise: 30_000 }]);
    expect(s.cart.totals).toMatchObject({ subtotal: 300, shippingCharge: 0, total: 300 });
    expect(s.cart.coupons[0]).toMatchObject({ applies: true, discount: 40 });
    const created = await s.agent
      .post('/api/shop/order/create')
      .send({ addressId: s.addressId, expectedTotal: 300 });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const [order] = await ctx.db.select().from(orders).where(eq(orders.id, created.body.orderId));
    expect(order).toMatchObject({ shippingPaise: 0, totalPaise: 30_000 });
    const [use] = await ctx.db.select().from(couponUses).where(eq(couponUses.orderId, order!.id));
    expect(use).toMatchObject({ state: 'reserved', discountPaise: 4_000 });
  });

  it('when a code stopped applying after the shopper saw the total, then 409 COUPON_PRICE_CHANGED and no order', async () => {
    const c = await newCode();
    const s = await cartWith(c.code, [{ sellerId: sellerA.sellerId, pricePaise: 100_000 }]);
    await admin.agent.put(`/api/admin/coupons/${c._id}`).send({ active: false });
    const res = await s.agent
      .post('/api/shop/order/create')
      .send({ addressId: s.addressId, expectedTotal: s.cart.totals.total });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('COUPON_PRICE_CHANGED');
    expect(await ctx.db.select().from(orders).where(eq(orders.userId, s.userId))).toEqual([]);
  });

  it('when a seller-funded code applies, then it lowers the seller price, its taxable value and the seller’s order total', async () => {
    const sc = await sellerA.agent.post('/api/seller/coupons').send({
      code: `SC${Date.now().toString(36).slice(-6)}`.toUpperCase(),
      kind: 'fixed',
      amount: 100,
      startsAt: '2026-01-01',
      endsAt: '2099-12-31',
    });
    expect(sc.status, JSON.stringify(sc.body)).toBe(201);
    const s = await cartWith(sc.body.data.code, [{ sellerId: sellerA.sellerId, pricePaise: 100_000 }]);
    const created = await s.agent.post('/api/shop/order/create').send({ addressId: s.addressId });
    await payOrder(s.agent, created.body);
    const [line] = await ctx.db.select().from(orderLines).where(eq(orderLines.orderId, created.body.orderId));
    expect(line).toMatchObject({
      sellerDiscountPaise: 10_000,
      platformDiscountPaise: 0,
      taxablePaise: 90_000,
    });
    const seen = await sellerA.agent.get(`/api/seller/orders/details/${created.body.orderId}`);
    expect(seen.body.data.totalAmount).toBe(900);
    expect(seen.body.data.coupons).toEqual([expect.objectContaining({ funder: 'seller', discount: 100 })]);
    // shipped: the seller's tax invoice is on the seller's price and names the coupon discount
    const shipped = await sellerA.agent
      .put(`/api/seller/orders/update/${created.body.orderId}`)
      .send({ orderStatus: 'inShipping' });
    expect(shipped.status, JSON.stringify(shipped.body)).toBe(200);
    const [invoice] = await ctx.db
      .select()
      .from(taxDocuments)
      .where(and(eq(taxDocuments.orderId, created.body.orderId), eq(taxDocuments.kind, 'invoice')));
    const content = invoice!.content as { lines: { description: string; totalPaise: number }[] };
    expect(content.lines[0]).toMatchObject({ totalPaise: 90_000 });
    expect(content.lines[0]!.description).toContain('less coupon discount ₹100');
  });
});
