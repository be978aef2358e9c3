/** Issue 14 item 9 and 10b: no hoarding (docs/orders-and-stock.md). */
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cartItems, carts, orders, productVariants } from '../../../../db/schema';
import { createTestContext } from '../../../../../test/app';
import {
  addAddress,
  addToCart,
  cartLinesOf,
  createOrder,
  insertOrderOf,
  insertProduct,
  payOrder,
  placedOrder,
  readOrder,
  readProduct,
  sandboxCheckout,
  shopperWithAddress,
} from '../../__tests__/helpers';
import { releaseExpiredHolds, releaseHalfCreatedOrders } from '../stock-hold';
import { formatIstDateTime } from '@mp/shared';

const ctx = await createTestContext();

const shopper = () => shopperWithAddress(ctx);

const cartLines = async (userId: string) =>
  Object.fromEntries((await cartLinesOf(ctx.db, userId)).map((l) => [l.productId, l.quantity]));

const heldOrders = (userId: string) =>
  ctx.db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.stockHeld, true), eq(orders.paymentStatus, 'pending')));

describe('idempotent order create', () => {
  it('when the same checkout attempt is sent twice at once (a double click), then one order and both answers name it', async () => {
    const s = await shopper();
    const p = await insertProduct(ctx.db, { totalStock: 10 });
    await addToCart(s.agent, p.id, 3);
    const key = randomUUID();
    const send = () =>
      s.agent.post('/api/shop/order/create').set('Idempotency-Key', key).send({ addressId: s.addressId });
    const [one, two] = await Promise.all([send(), send()]);
    expect([one.status, two.status].sort()).toEqual([200, 201]);
    expect(one.body.orderId).toBe(two.body.orderId);
    expect(one.body.paymentId).toBe(two.body.paymentId);
    expect(one.body.approvalURL).toBe(two.body.approvalURL);
    expect(await ctx.db.select().from(orders).where(eq(orders.userId, s.userId))).toHaveLength(1);
    expect((await readProduct(ctx.db, p.id)).totalStock).toBe(7);

    const third = await send();
    expect(third.status).toBe(200);
    expect(third.body.orderId).toBe(one.body.orderId);
  });

  it('when the key comes in the body, then it works the same; a malformed key is a 400', async () => {
    const s = await shopper();
    const p = await insertProduct(ctx.db, { totalStock: 10 });
    await addToCart(s.agent, p.id);
    const idempotencyKey = randomUUID();
    const a = await s.agent.post('/api/shop/order/create').send({ addressId: s.addressId, idempotencyKey });
    const b = await s.agent.post('/api/shop/order/create').send({ addressId: s.addressId, idempotencyKey });
    expect([a.status, b.status]).toEqual([201, 200]);
    expect(b.body.orderId).toBe(a.body.orderId);
    const bad = await s.agent
      .post('/api/shop/order/create')
      .set('Idempotency-Key', 'short')
      .send({ addressId: s.addressId });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('VALIDATION_FAILED');
  });

  it('when a checkout attempt was cancelled, then sending its key again says so (409 CHECKOUT_ENDED)', async () => {
    const s = await shopper();
    const p = await insertProduct(ctx.db, { totalStock: 10 });
    await addToCart(s.agent, p.id);
    const key = randomUUID();
    const created = await s.agent
      .post('/api/shop/order/create')
      .set('Idempotency-Key', key)
      .send({ addressId: s.addressId });
    await s.agent.post('/api/shop/order/cancel').send({ orderId: created.body.orderId });
    const again = await s.agent
      .post('/api/shop/order/create')
      .set('Idempotency-Key', key)
      .send({ addressId: s.addressId });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('CHECKOUT_ENDED');
  });
});

describe('one held order per shopper', () => {
  it('when a shopper creates six orders from a cart of 99, then 99 units are held once, by the newest order', async () => {
    const s = await shopper();
    const p = await insertProduct(ctx.db, { totalStock: 500 });
    await addToCart(s.agent, p.id, 99);
    let last = '';
    for (let i = 0; i < 6; i++) {
      const res = await s.agent.post('/api/shop/order/create').send({ addressId: s.addressId });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      last = res.body.orderId;
    }
    expect((await readProduct(ctx.db, p.id)).totalStock).toBe(401);
    const held = await heldOrders(s.userId);
    expect(held.map((o) => o.id)).toEqual([last]);
    expect(await cartLines(s.userId)).toEqual({});
  });

  it('when a shopper checks out again, cancels and checks out again, then the hold keeps its first deadline', async () => {
    const s = await shopper();
    const p = await insertProduct(ctx.db, { totalStock: 50 });
    await addToCart(s.agent, p.id, 2);
    const first = await createOrder(s.agent, s.addressId);
    const deadline = (await readOrder(ctx.db, first.orderId)).holdExpiresAt!.getTime();
    // make the first hold nearly over, as if the shopper had waited 25 minutes
    await ctx.db
      .update(orders)
      .set({ holdExpiresAt: sql`now() + interval '5 minutes'` })
      .where(eq(orders.id, first.orderId));
    const shortened = (await readOrder(ctx.db, first.orderId)).holdExpiresAt!.getTime();
    expect(shortened).toBeLessThan(deadline);

    const second = await createOrder(s.agent, s.addressId);
    expect((await readOrder(ctx.db, second.orderId)).holdExpiresAt!.getTime()).toBe(shortened);
    await s.agent.post('/api/shop/order/cancel').send({ orderId: second.orderId });
    expect(await cartLines(s.userId)).toEqual({ [p.id]: 2 });
    const third = await createOrder(s.agent, s.addressId);
    expect((await readOrder(ctx.db, third.orderId)).holdExpiresAt!.getTime()).toBe(shortened);
    expect((await readProduct(ctx.db, p.id)).totalStock).toBe(48);
  });

  it('when capture is called again and again before approval, then the hold is not renewed', async () => {
    const created = await placedOrder(ctx, [{ totalStock: 5 }]);
    // placed 40 minutes ago, its hold already stretched once to a minute from now
    await ctx.db
      .update(orders)
      .set({
        createdAt: sql`now() - interval '40 minutes'`,
        holdExpiresAt: sql`now() + interval '1 minute'`,
      })
      .where(eq(orders.id, created.orderId));
    const before = (await readOrder(ctx.db, created.orderId)).holdExpiresAt!.getTime();
    for (let i = 0; i < 3; i++) {
      await created.agent
        .post('/api/shop/order/capture')
        .send({ paymentId: created.paymentId, orderId: created.orderId });
    }
    expect((await readOrder(ctx.db, created.orderId)).holdExpiresAt!.getTime()).toBe(before);
  });

  it('when a capture starts seconds before the hold ends, then the hold lasts while the provider captures; another shopper cannot stretch it', async () => {
    const created = await placedOrder(ctx, [{ totalStock: 5 }]);
    const s = created;
    const other = await shopper();
    await ctx.db
      .update(orders)
      .set({ holdExpiresAt: sql`now() + interval '10 seconds'` })
      .where(eq(orders.id, created.orderId));
    const before = (await readOrder(ctx.db, created.orderId)).holdExpiresAt!.getTime();

    const stranger = await other.agent
      .post('/api/shop/order/capture')
      .send({ paymentId: created.paymentId, orderId: created.orderId });
    expect(stranger.status).toBe(404);
    expect((await readOrder(ctx.db, created.orderId)).holdExpiresAt!.getTime()).toBe(before);

    // not approved yet: the provider refuses, but the hold was stretched before it was asked
    const early = await s.agent
      .post('/api/shop/order/capture')
      .send({ paymentId: created.paymentId, orderId: created.orderId });
    expect(early.status).toBe(409);
    const after = (await readOrder(ctx.db, created.orderId)).holdExpiresAt!.getTime();
    expect(after - Date.now()).toBeGreaterThan(4 * 60_000);
  });
});

describe('the cart after an order', () => {
  it('when a line is added after the order and the order is paid, then that line stays in the cart', async () => {
    const s = await shopper();
    const ordered = await insertProduct(ctx.db, { totalStock: 5 });
    const later = await insertProduct(ctx.db, { totalStock: 5 });
    await addToCart(s.agent, ordered.id, 2);
    const created = await createOrder(s.agent, s.addressId);
    expect(await cartLines(s.userId)).toEqual({});
    await addToCart(s.agent, later.id, 1);

    await payOrder(s.agent, created);
    expect(await cartLines(s.userId)).toEqual({ [later.id]: 1 });
  });

  it('when an unpaid order is cancelled, then its lines come back to the cart and the stock comes back', async () => {
    const s = await shopper();
    const p = await insertProduct(ctx.db, { totalStock: 5 });
    await addToCart(s.agent, p.id, 2);
    const created = await createOrder(s.agent, s.addressId);
    expect((await readProduct(ctx.db, p.id)).totalStock).toBe(3);
    await s.agent.post('/api/shop/order/cancel').send({ orderId: created.orderId });
    expect(await cartLines(s.userId)).toEqual({ [p.id]: 2 });
    expect((await readProduct(ctx.db, p.id)).totalStock).toBe(5);
  });
});

describe('sellers and their own products', () => {
  it('when a seller adds or checks out its own product, then 403 OWN_PRODUCT and nothing is held', async () => {
    const seller = await ctx.loginAsSeller('approved');
    const own = await insertProduct(ctx.db, { sellerId: seller.sellerId, totalStock: 50 });
    const addressId = await addAddress(seller.agent);
    const add = await seller.agent.post('/api/shop/cart/add').send({ productId: own.id, quantity: 50 });
    expect(add.status).toBe(403);
    expect(add.body.code).toBe('OWN_PRODUCT');
    // a line already in the cart (added before the rule existed) is refused at checkout as well
    const [cart] = await ctx.db.insert(carts).values({ userId: seller.userId }).returning();
    const [variant] = await ctx.db
      .select({ id: productVariants.id })
      .from(productVariants)
      .where(eq(productVariants.productId, own.id));
    await ctx.db
      .insert(cartItems)
      .values({ cartId: cart!.id, productId: own.id, variantId: variant!.id, quantity: 50 });
    const res = await seller.agent.post('/api/shop/order/create').send({ addressId });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('OWN_PRODUCT');
    expect((await readProduct(ctx.db, own.id)).totalStock).toBe(50);
    expect(await ctx.db.select().from(orders).where(eq(orders.userId, seller.userId))).toHaveLength(0);
  });

  it("when a seller buys another seller's product, then that works", async () => {
    const seller = await ctx.loginAsSeller('approved');
    const other = await ctx.loginAsSeller('approved');
    const theirs = await insertProduct(ctx.db, { sellerId: other.sellerId, totalStock: 5 });
    const addressId = await addAddress(seller.agent);
    await addToCart(seller.agent, theirs.id);
    await sandboxCheckout(seller.agent, addressId);
  });

  it("when a product's own seller has a paid order of it and tries to review it, then 403 OWN_PRODUCT; a real buyer's review is verified", async () => {
    const seller = await ctx.loginAsSeller('approved');
    const own = await insertProduct(ctx.db, { sellerId: seller.sellerId, totalStock: 5 });
    const buyer = await shopper();
    // a paid order of its own product, as the sandbox allowed before (docs/orders-and-stock.md)
    for (const userId of [seller.userId, buyer.userId]) {
      await insertOrderOf(ctx.db, userId, own.id, { sellerId: seller.sellerId });
    }
    const mine = await seller.agent
      .post('/api/shop/review/add')
      .send({ productId: own.id, reviewMessage: 'Best ever', reviewVal: 5 });
    expect(mine.status).toBe(403);
    expect(mine.body.code).toBe('OWN_PRODUCT');
    const theirs = await buyer.agent
      .post('/api/shop/review/add')
      .send({ productId: own.id, reviewMessage: 'Fine', reviewVal: 4 });
    expect(theirs.body.data.verifiedPurchase).toBe(true);
  });
});

describe('half-created orders (a crash between order insert and payment creation)', () => {
  it('when start-up runs, then an order without a payment is released at once (stock and cart back); one being placed now is not', async () => {
    const s = await shopper();
    const p = await insertProduct(ctx.db, { totalStock: 10 });
    await addToCart(s.agent, p.id, 4);
    const created = await createOrder(s.agent, s.addressId);
    // as if the process had died before the provider answered, two minutes ago
    await ctx.db
      .update(orders)
      .set({ paymentId: null, approvalUrl: null, createdAt: sql`now() - interval '2 minutes'` })
      .where(eq(orders.id, created.orderId));
    const other = await shopper();
    await addToCart(other.agent, p.id, 1);
    const fresh = await createOrder(other.agent, other.addressId);
    await ctx.db.update(orders).set({ paymentId: null }).where(eq(orders.id, fresh.orderId));
    expect((await readProduct(ctx.db, p.id)).totalStock).toBe(5);

    expect(await releaseHalfCreatedOrders(ctx.db, ctx.deps.changes)).toBe(1);
    const order = await readOrder(ctx.db, created.orderId);
    expect(order).toMatchObject({ stockHeld: false, paymentStatus: 'failed' });
    expect((await readOrder(ctx.db, fresh.orderId)).stockHeld).toBe(true);
    expect((await readProduct(ctx.db, p.id)).totalStock).toBe(9);
    expect(await cartLines(s.userId)).toEqual({ [p.id]: 4 });
    expect(await releaseHalfCreatedOrders(ctx.db, ctx.deps.changes)).toBe(0);
  });
});

describe('hold limits (issue 27)', () => {
  const checkout = (s: { agent: ReturnType<typeof ctx.anon>; addressId: string }) =>
    s.agent.post('/api/shop/order/create').send({ addressId: s.addressId });

  it('when a cart has more lines than an unpaid order may hold, then 422 HOLD_LIMIT and nothing is held', async () => {
    const s = await shopper();
    const ps = await Promise.all(
      Array.from({ length: 31 }, () => insertProduct(ctx.db, { totalStock: 100 })),
    );
    for (const p of ps) await addToCart(s.agent, p.id, 1);
    const res = await checkout(s);
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('HOLD_LIMIT');
    expect(res.body.details).toMatchObject({ limit: 30, lines: 31 });
    expect(await heldOrders(s.userId)).toHaveLength(0);
    expect((await readProduct(ctx.db, ps[0]!.id)).totalStock).toBe(100);
  });

  it('when a cart holds more units than an unpaid order may, then 422 HOLD_LIMIT naming the limit', async () => {
    const s = await shopper();
    for (let i = 0; i < 3; i++) {
      const p = await insertProduct(ctx.db, { totalStock: 1000 });
      await addToCart(s.agent, p.id, 99);
    }
    const res = await checkout(s);
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('HOLD_LIMIT');
    expect(res.body.details).toMatchObject({ limit: 200, units: 297 });
    expect(await heldOrders(s.userId)).toHaveLength(0);
  });

  it('when one line asks for more than half of the stock, then 422 HOLD_LIMIT; half is held', async () => {
    const s = await shopper();
    const p = await insertProduct(ctx.db, { totalStock: 10 });
    await addToCart(s.agent, p.id, 6);
    const res = await checkout(s);
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('HOLD_LIMIT');
    expect(res.body.details).toEqual({ limit: 5, productId: p.id });
    expect(res.body.message).toContain('at most 5');
    expect((await readProduct(ctx.db, p.id)).totalStock).toBe(10);

    const buyNow = await s.agent
      .post('/api/shop/order/create')
      .send({ addressId: s.addressId, buyNow: { productId: p.id, quantity: 5 } });
    expect(buyNow.status, JSON.stringify(buyNow.body)).toBe(201);
    expect((await readProduct(ctx.db, p.id)).totalStock).toBe(5);
  });

  it('when holds of a product ended unpaid three times, then it cannot be held again until the cool-down ends', async () => {
    const s = await shopper();
    const p = await insertProduct(ctx.db, { totalStock: 10 });
    const other = await insertProduct(ctx.db, { totalStock: 10 });
    const buy = (productId: string) =>
      s.agent
        .post('/api/shop/order/create')
        .send({ addressId: s.addressId, buyNow: { productId, quantity: 1 } });
    const deadlines: number[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await buy(p.id);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      // the hold runs out unpaid, as if its time had passed; the sweeper gives the stock back
      const [ended] = await ctx.db
        .update(orders)
        .set({ holdExpiresAt: sql`now() - make_interval(mins => ${10 - i})` })
        .where(eq(orders.id, res.body.orderId))
        .returning();
      deadlines.push(ended!.holdExpiresAt!.getTime());
      await releaseExpiredHolds(ctx.db, ctx.deps.changes);
    }
    expect((await readProduct(ctx.db, p.id)).totalStock).toBe(10);

    const refused = await buy(p.id);
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('HOLD_COOLDOWN');
    const retryAt = new Date(deadlines[0]! + 24 * 3_600_000).toISOString();
    expect(refused.body.details).toEqual({ productId: p.id, retryAt });
    expect(refused.body.message).toContain(formatIstDateTime(retryAt));
    expect((await readProduct(ctx.db, p.id)).totalStock).toBe(10);

    // other products are not affected
    expect((await buy(other.id)).status).toBe(201);
  });

  it('when payment creation failed three times, then that does not count towards the cool-down', async () => {
    const s = await shopper();
    const p = await insertProduct(ctx.db, { totalStock: 10 });
    const buy = () =>
      s.agent
        .post('/api/shop/order/create')
        .send({ addressId: s.addressId, buyNow: { productId: p.id, quantity: 1 } });
    for (let i = 0; i < 3; i++) {
      const res = await buy();
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      // as if the provider had failed: the order failed, its deadline has passed
      await ctx.db
        .update(orders)
        .set({
          paymentStatus: 'failed',
          stockHeld: false,
          holdExpiresAt: sql`now() - make_interval(mins => ${10 - i})`,
        })
        .where(eq(orders.id, res.body.orderId));
    }
    expect((await buy()).status).toBe(201);
  });
});
