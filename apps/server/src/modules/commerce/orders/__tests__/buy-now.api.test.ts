/** Issue 11 item 1: buy now orders one product and leaves the cart as it was (docs/orders-and-stock.md). */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders } from '../../../../db/schema';
import { createTestContext } from '../../../../../test/app';
import {
  addAddress,
  addToCart,
  insertProduct,
  readOrder,
  readProduct,
  shopperWithAddress,
} from '../../__tests__/helpers';
import type { TestAgent } from '../../../../../test/app';

const ctx = await createTestContext();

const cartOf = async (agent: TestAgent, userId: string) => {
  const res = await agent.get(`/api/shop/cart/get/${userId}`);
  expect(res.status).toBe(200);
  return (res.body.data.items as { productId: string; quantity: number }[])
    .map((i) => `${i.productId}×${i.quantity}`)
    .sort();
};

const buyNow = (agent: TestAgent, addressId: string, productId: string, quantity = 1, key?: string) => {
  const req = agent.post('/api/shop/order/create');
  if (key) req.set('Idempotency-Key', key);
  return req.send({ addressId, buyNow: { productId, quantity } });
};

async function pay(agent: TestAgent, created: { orderId: string; paymentId: string; approvalURL: string }) {
  const approve = await agent.post(`${created.approvalURL}/approve`);
  expect(approve.status).toBe(303);
  const payerId = new URL(approve.headers.location!, 'http://x').searchParams.get('PayerID')!;
  return agent
    .post('/api/shop/order/capture')
    .send({ paymentId: created.paymentId, payerId, orderId: created.orderId });
}

describe('buy now', () => {
  it('when the shopper buys one product now with other lines in the cart, then the order is that product only and the cart is unchanged after paying', async () => {
    const s = await shopperWithAddress(ctx);
    const a = await insertProduct(ctx.db, { pricePaise: 99_900, salePricePaise: 69_900, discount: 10 });
    const b = await insertProduct(ctx.db, { totalStock: 5 });
    const kettle = await insertProduct(ctx.db, { pricePaise: 120_000, totalStock: 4 });
    await addToCart(s.agent, a.id, 2);
    await addToCart(s.agent, b.id, 1);
    const before = await cartOf(s.agent, s.userId);

    const created = await buyNow(s.agent, s.addressId, kettle.id, 2);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(await cartOf(s.agent, s.userId)).toEqual(before);
    expect((await readProduct(ctx.db, kettle.id)).totalStock).toBe(2);
    expect((await readProduct(ctx.db, a.id)).totalStock).toBe(10);

    const paid = await pay(s.agent, created.body);
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const order = paid.body.data;
    expect(order.cartItems).toHaveLength(1);
    expect(order.cartItems[0]).toMatchObject({ productId: kettle.id, quantity: 2, unitPrice: 1200 });
    // 2 × 1200, no delivery above ₹500
    expect(order.totalAmount).toBe(2400);
    expect(order.cartId).toBeNull();
    expect(await cartOf(s.agent, s.userId)).toEqual(before);
  });

  it('when a buy-now order is cancelled, then its stock comes back and nothing is added to the cart', async () => {
    const s = await shopperWithAddress(ctx);
    const other = await insertProduct(ctx.db);
    const p = await insertProduct(ctx.db, { totalStock: 3 });
    await addToCart(s.agent, other.id);
    const before = await cartOf(s.agent, s.userId);
    const created = await buyNow(s.agent, s.addressId, p.id, 3);
    expect(created.status).toBe(201);
    expect((await readProduct(ctx.db, p.id)).totalStock).toBe(0);
    const cancelled = await s.agent.post('/api/shop/order/cancel').send({ orderId: created.body.orderId });
    expect(cancelled.status).toBe(200);
    expect((await readProduct(ctx.db, p.id)).totalStock).toBe(3);
    expect(await cartOf(s.agent, s.userId)).toEqual(before);
  });

  it('when buy now works with an empty cart, then the order is placed (the cart is not needed)', async () => {
    const s = await shopperWithAddress(ctx);
    const p = await insertProduct(ctx.db, { pricePaise: 30_000 });
    const created = await buyNow(s.agent, s.addressId, p.id);
    expect(created.status).toBe(201);
    const order = await readOrder(ctx.db, created.body.orderId);
    // ₹300 ≤ ₹500: delivery ₹40 (the same price rules as the cart)
    expect(order.totalPaise).toBe(34_000);
    expect(await cartOf(s.agent, s.userId)).toEqual([]);
  });

  it('when buy now follows an unpaid cart checkout, then that checkout is released back into the cart and only one order holds stock', async () => {
    const s = await shopperWithAddress(ctx);
    const inCart = await insertProduct(ctx.db, { totalStock: 5 });
    const now = await insertProduct(ctx.db, { totalStock: 5 });
    await addToCart(s.agent, inCart.id, 2);
    const before = await cartOf(s.agent, s.userId);
    const first = await s.agent.post('/api/shop/order/create').send({ addressId: s.addressId });
    expect(first.status).toBe(201);
    expect(await cartOf(s.agent, s.userId)).toEqual([]);

    const second = await buyNow(s.agent, s.addressId, now.id);
    expect(second.status).toBe(201);
    expect((await readOrder(ctx.db, first.body.orderId)).paymentStatus).toBe('cancelled');
    expect((await readProduct(ctx.db, inCart.id)).totalStock).toBe(5);
    expect(await cartOf(s.agent, s.userId)).toEqual(before);
    const held = await ctx.db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.userId, s.userId), eq(orders.stockHeld, true)));
    expect(held.map((o) => o.id)).toEqual([second.body.orderId]);
  });

  it('when the same buy-now attempt is sent twice, then one order is made', async () => {
    const s = await shopperWithAddress(ctx);
    const p = await insertProduct(ctx.db, { totalStock: 10 });
    const key = randomUUID();
    const [one, two] = await Promise.all([
      buyNow(s.agent, s.addressId, p.id, 2, key),
      buyNow(s.agent, s.addressId, p.id, 2, key),
    ]);
    expect([one.status, two.status].sort()).toEqual([200, 201]);
    expect(one.body.orderId).toBe(two.body.orderId);
    expect((await readProduct(ctx.db, p.id)).totalStock).toBe(8);
  });

  it('when the quantity is more than the stock, then 409 OUT_OF_STOCK and nothing is held', async () => {
    const s = await shopperWithAddress(ctx);
    const p = await insertProduct(ctx.db, { totalStock: 2 });
    const res = await buyNow(s.agent, s.addressId, p.id, 3);
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('OUT_OF_STOCK');
    expect(res.body.message).toContain('Only 2');
    expect((await readProduct(ctx.db, p.id)).totalStock).toBe(2);
    expect(await ctx.db.select().from(orders).where(eq(orders.userId, s.userId))).toHaveLength(0);
  });

  it('when the product is unknown, deleted or not a valid id, or the quantity is bad, then a clear 4xx', async () => {
    const s = await shopperWithAddress(ctx);
    const gone = await insertProduct(ctx.db, { deletedAt: new Date() });
    expect((await buyNow(s.agent, s.addressId, randomUUID())).status).toBe(404);
    const deleted = await buyNow(s.agent, s.addressId, gone.id);
    expect(deleted.status).toBe(409);
    expect(deleted.body.code).toBe('OUT_OF_STOCK');
    const bad = await buyNow(s.agent, s.addressId, 'nope');
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('VALIDATION_FAILED');
    const p = await insertProduct(ctx.db);
    for (const quantity of [0, 1.5, 1000]) {
      const res = await buyNow(s.agent, s.addressId, p.id, quantity);
      expect(res.status).toBe(400);
    }
    expect(await ctx.db.select().from(orders).where(eq(orders.userId, s.userId))).toHaveLength(0);
  });

  it('when a seller buys its own product now, then 403 OWN_PRODUCT', async () => {
    const seller = await ctx.loginAsSeller();
    const addressId = await addAddress(seller.agent);
    const own = await insertProduct(ctx.db, { sellerId: seller.sellerId });
    const res = await buyNow(seller.agent, addressId, own.id);
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('OWN_PRODUCT');
  });
});

describe('order lines carry the price the shop showed', () => {
  it('when a product has a sale price and a further discount, then the line stores the list price, the payable unit and the total agrees', async () => {
    const s = await shopperWithAddress(ctx);
    // the card: ₹999 list, ₹699 sale, 10% further → ₹629.10 a unit
    const p = await insertProduct(ctx.db, { pricePaise: 99_900, salePricePaise: 69_900, discount: 10 });
    const created = await buyNow(s.agent, s.addressId, p.id, 1);
    expect(created.status).toBe(201);
    const detail = await s.agent.get(`/api/shop/order/details/${created.body.orderId}`);
    expect(detail.status).toBe(200);
    expect(detail.body.data.cartItems[0]).toMatchObject({
      listPrice: 999,
      unitPrice: 699,
      discount: 10,
      price: '629.10',
    });
    expect(detail.body.data.totalAmount).toBe(629.1);
  });
});
