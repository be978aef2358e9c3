import { describe, expect, it, vi } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { orders, products } from '../../../../db/schema';
import { createTestContext } from '../../../../../test/app';
import {
  addToCart,
  cartLinesOf,
  createOrder,
  insertProduct,
  readOrder,
  readProduct,
  sandboxCheckout,
  shopperWithAddress,
  setStock,
} from '../../__tests__/helpers';
import { releaseExpiredHolds } from '../stock-hold';

const ctx = await createTestContext();

const shopper = () => shopperWithAddress(ctx);

const cartCount = async (userId: string) => (await cartLinesOf(ctx.db, userId)).length;

describe('order creation', () => {
  it('when the cart is empty, then 400 CART_EMPTY and no order', async () => {
    const { agent, addressId, userId } = await shopper();
    const res = await agent.post('/api/shop/order/create').send({ addressId });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('CART_EMPTY');
    expect(await ctx.db.select().from(orders).where(eq(orders.userId, userId))).toHaveLength(0);
  });

  it('when no address or not a uuid, then 400', async () => {
    const { agent } = await shopper();
    expect((await agent.post('/api/shop/order/create').send({})).status).toBe(400);
    expect((await agent.post('/api/shop/order/create').send({ addressId: 'x' })).status).toBe(400);
  });

  it("when the address is someone else's, then 404 and no stock is held", async () => {
    const a = await shopper();
    const b = await shopper();
    const p = await insertProduct(ctx.db, { totalStock: 3 });
    await addToCart(a.agent, p.id);
    const res = await a.agent.post('/api/shop/order/create').send({ addressId: b.addressId });
    expect(res.status).toBe(404);
    expect((await readProduct(ctx.db, p.id)).totalStock).toBe(3);
  });

  it('when a carted product was deleted or sold out, then 409 naming it and nothing is held', async () => {
    const { agent, addressId, userId } = await shopper();
    const ok = await insertProduct(ctx.db, { totalStock: 5 });
    const gone = await insertProduct(ctx.db, { totalStock: 5, title: 'Vanishing Shoe' });
    await addToCart(agent, ok.id);
    await addToCart(agent, gone.id);
    await ctx.db
      .update(products)
      .set({ deletedAt: sql`now()` })
      .where(eq(products.id, gone.id));
    let res = await agent.post('/api/shop/order/create').send({ addressId });
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/Vanishing Shoe/);

    await ctx.db
      .update(products)
      .set({ deletedAt: null, title: 'Sold Out Tee' })
      .where(eq(products.id, gone.id));
    await setStock(ctx.db, gone.id, 0);
    res = await agent.post('/api/shop/order/create').send({ addressId });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'OUT_OF_STOCK', message: expect.stringMatching(/Sold Out Tee/) });
    expect((await readProduct(ctx.db, ok.id)).totalStock).toBe(5);
    expect(await ctx.db.select().from(orders).where(eq(orders.userId, userId))).toHaveLength(0);
  });

  it('when the client sends its own prices, then the server recomputes them and holds the stock', async () => {
    const { agent, addressId, userId } = await shopper();
    const shirt = await insertProduct(ctx.db, {
      pricePaise: 30_000,
      salePricePaise: 19_999,
      discount: 15,
      totalStock: 5,
    });
    const cap = await insertProduct(ctx.db, { pricePaise: 12_345, discount: 0, totalStock: 5 });
    await addToCart(agent, shirt.id, 2);
    await addToCart(agent, cap.id, 1);
    const res = await agent.post('/api/shop/order/create').send({
      addressId,
      totalAmount: 1,
      cartItems: [{ productId: shirt.id, price: '0.01', quantity: 2 }],
      paymentStatus: 'paid',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ success: true, orderId: expect.any(String) });
    expect(res.body.approvalURL).toBe(`/api/payments/sandbox/${res.body.paymentId}`);

    const details = await agent.get(`/api/shop/order/details/${res.body.orderId}`);
    expect(details.status).toBe(200);
    const o = details.body.data;
    // subtotal 199.99×2 + 123.45 = 523.43; discount 15% of 399.98 = 60.00 (rounded per line); delivery 0 (> 500)
    expect(o).toMatchObject({
      userId,
      orderStatus: 'pending',
      paymentStatus: 'pending',
      paymentMethod: 'sandbox',
      subtotal: 523.43,
      discount: 60,
      shippingCharge: 0,
      totalAmount: 463.43,
      payerId: '',
      addressInfo: { addressId, city: 'Bengaluru', pincode: '560001' },
    });
    const shirtLine = o.cartItems.find((l: { productId: string }) => l.productId === shirt.id);
    expect(shirtLine).toMatchObject({
      price: '169.99',
      unitPrice: 199.99,
      discount: 15,
      quantity: 2,
      status: 'pending',
    });
    expect(o.cartItems.find((l: { productId: string }) => l.productId === cap.id).price).toBe('123.45');
    expect((await readProduct(ctx.db, shirt.id)).totalStock).toBe(3);
    const row = await readOrder(ctx.db, res.body.orderId);
    expect(row.stockHeld).toBe(true);
    expect(row.holdExpiresAt!.getTime()).toBeGreaterThan(Date.now() + 25 * 60_000);
  });
});

describe('sandbox payment', () => {
  it('when the shopper approves and captures, then the order is paid and confirmed, stock sold, cart empty', async () => {
    const { agent, addressId, userId } = await shopper();
    const p = await insertProduct(ctx.db, { pricePaise: 149_950, totalStock: 7 });
    await addToCart(agent, p.id, 2);
    const created = await createOrder(agent, addressId);

    const page = await agent.get(created.approvalURL);
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.text).toContain('₹2,999');
    expect(page.text).not.toMatch(/<script|https?:\/\//i);
    expect(page.text).toContain(`action="/api/payments/sandbox/${created.paymentId}/approve"`);
    expect(page.text).toContain(`action="/api/payments/sandbox/${created.paymentId}/cancel"`);

    // capture before approval is refused and changes nothing
    const early = await agent
      .post('/api/shop/order/capture')
      .send({ paymentId: created.paymentId, orderId: created.orderId });
    expect(early.status).toBe(409);
    expect((await readOrder(ctx.db, created.orderId)).paymentStatus).toBe('pending');

    const approve = await agent.post(`${created.approvalURL}/approve`);
    expect(approve.status).toBe(303);
    const loc = new URL(approve.headers.location!, 'http://x');
    expect(loc.pathname).toBe('/shop/paypal-return');
    expect(loc.searchParams.get('paymentId')).toBe(created.paymentId);
    const payerId = loc.searchParams.get('PayerID');
    expect(payerId).toBeTruthy();

    const capture = await agent
      .post('/api/shop/order/capture')
      .send({ paymentId: created.paymentId, payerId, orderId: created.orderId });
    expect(capture.status).toBe(200);
    expect(capture.body.success).toBe(true);
    expect(capture.body.data).toMatchObject({
      _id: created.orderId,
      paymentStatus: 'paid',
      orderStatus: 'confirmed',
      payerId,
      paymentId: created.paymentId,
      totalAmount: 2999,
    });
    expect(capture.body.data.cartItems.every((l: { status: string }) => l.status === 'confirmed')).toBe(true);
    const after = await readProduct(ctx.db, p.id);
    expect(after.totalStock).toBe(5);
    expect(after.unitsSold).toBe(2);
    expect(await cartCount(userId)).toBe(0);
    const row = await readOrder(ctx.db, created.orderId);
    expect(row).toMatchObject({ stockHeld: false, captureId: `CAP-${created.paymentId}` });
    expect(row.paidAt).toBeInstanceOf(Date);

    // a second capture answers the same paid order and sells nothing twice
    const again = await agent
      .post('/api/shop/order/capture')
      .send({ paymentId: created.paymentId, payerId, orderId: created.orderId });
    expect(again.status).toBe(200);
    expect(again.body.data).toMatchObject({ _id: created.orderId, paymentStatus: 'paid' });
    const twice = await readProduct(ctx.db, p.id);
    expect(twice.totalStock).toBe(5);
    expect(twice.unitsSold).toBe(2);

    const list = await agent.get(`/api/shop/order/list/${userId}`);
    expect(list.status).toBe(200);
    expect(list.body.data.map((o: { _id: string }) => o._id)).toEqual([created.orderId]);
  });

  it('when two captures race, then the order completes once', async () => {
    const { agent, addressId } = await shopper();
    const p = await insertProduct(ctx.db, { totalStock: 4 });
    await addToCart(agent, p.id, 3);
    const created = await createOrder(agent, addressId);
    await agent.post(`${created.approvalURL}/approve`);
    const both = await Promise.all(
      [1, 2].map(() =>
        agent
          .post('/api/shop/order/capture')
          .send({ paymentId: created.paymentId, orderId: created.orderId }),
      ),
    );
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    const after = await readProduct(ctx.db, p.id);
    expect(after.totalStock).toBe(1);
    expect(after.unitsSold).toBe(3);
  });

  it('when the shopper cancels, then 303 to the cancel page, stock back, payment cancelled (idempotent)', async () => {
    const { agent, addressId, userId } = await shopper();
    const p = await insertProduct(ctx.db, { totalStock: 5 });
    await addToCart(agent, p.id, 2);
    const created = await createOrder(agent, addressId);
    expect((await readProduct(ctx.db, p.id)).totalStock).toBe(3);

    const cancel = await agent.post(`${created.approvalURL}/cancel`);
    expect(cancel.status).toBe(303);
    expect(cancel.headers.location).toBe(`/shop/paypal-cancel?paymentId=${created.paymentId}`);
    expect((await readProduct(ctx.db, p.id)).totalStock).toBe(5);
    expect(await readOrder(ctx.db, created.orderId)).toMatchObject({
      paymentStatus: 'cancelled',
      stockHeld: false,
    });

    expect((await agent.post(`${created.approvalURL}/cancel`)).status).toBe(303);
    expect((await readProduct(ctx.db, p.id)).totalStock).toBe(5);
    // the cart is kept so the shopper can try again; capture of a cancelled payment is refused
    expect(await cartCount(userId)).toBe(1);
    const capture = await agent
      .post('/api/shop/order/capture')
      .send({ paymentId: created.paymentId, orderId: created.orderId });
    expect(capture.status).toBe(409);
    expect((await agent.post(`${created.approvalURL}/approve`)).status).toBe(409);
    expect((await readOrder(ctx.db, created.orderId)).paymentStatus).toBe('cancelled');
  });

  it('when the shopper cancels through the API, then the same happens', async () => {
    const { agent, addressId } = await shopper();
    const p = await insertProduct(ctx.db, { totalStock: 2 });
    await addToCart(agent, p.id, 2);
    const created = await createOrder(agent, addressId);
    const res = await agent.post('/api/shop/order/cancel').send({ orderId: created.orderId });
    expect(res.status).toBe(200);
    expect(res.body.data.paymentStatus).toBe('cancelled');
    expect((await readProduct(ctx.db, p.id)).totalStock).toBe(2);
    expect((await agent.post('/api/shop/order/cancel').send({})).status).toBe(400);
  });

  it('when capture names a wrong or reused paymentId, then it is refused and nothing is paid', async () => {
    const { agent, addressId } = await shopper();
    const p = await insertProduct(ctx.db, { totalStock: 9 });
    await addToCart(agent, p.id);
    const first = await sandboxCheckout(agent, addressId);
    await addToCart(agent, p.id);
    const second = await createOrder(agent, addressId);
    await agent.post(`${second.approvalURL}/approve`);

    const reused = await agent
      .post('/api/shop/order/capture')
      .send({ paymentId: first.paymentId, orderId: second.orderId });
    expect(reused.status).toBe(409);
    const unknown = await agent
      .post('/api/shop/order/capture')
      .send({ paymentId: 'SBX-NOPE', orderId: second.orderId });
    expect(unknown.status).toBe(409);
    const unknownAlone = await agent.post('/api/shop/order/capture').send({ paymentId: 'SBX-NOPE' });
    expect(unknownAlone.status).toBe(400);
    expect((await agent.post('/api/shop/order/capture').send({})).status).toBe(400);
    expect((await readOrder(ctx.db, second.orderId)).paymentStatus).toBe('pending');
  });

  it("when a shopper captures, reads or pays someone else's order, then 403/404 and nothing changes", async () => {
    const owner = await shopper();
    const thief = await shopper();
    const p = await insertProduct(ctx.db, { totalStock: 9 });
    await addToCart(owner.agent, p.id);
    const created = await createOrder(owner.agent, owner.addressId);
    await owner.agent.post(`${created.approvalURL}/approve`);

    const withId = await thief.agent
      .post('/api/shop/order/capture')
      .send({ paymentId: created.paymentId, orderId: created.orderId });
    expect([403, 404]).toContain(withId.status);
    const withoutId = await thief.agent
      .post('/api/shop/order/capture')
      .send({ paymentId: created.paymentId });
    expect([403, 404]).toContain(withoutId.status);
    expect([403, 404]).toContain(
      (await thief.agent.get(`/api/shop/order/details/${created.orderId}`)).status,
    );
    expect((await thief.agent.get(`/api/shop/order/list/${owner.userId}`)).status).toBe(403);
    expect((await thief.agent.get(created.approvalURL)).status).toBe(404);
    expect((await thief.agent.post(`${created.approvalURL}/cancel`)).status).toBe(404);
    expect((await ctx.anon().get(created.approvalURL)).status).toBe(401);
    expect(await readOrder(ctx.db, created.orderId)).toMatchObject({
      paymentStatus: 'pending',
      stockHeld: true,
    });

    const admin = await ctx.loginAs('admin');
    expect((await admin.agent.get(`/api/shop/order/details/${created.orderId}`)).status).toBe(200);
    expect((await admin.agent.get(`/api/shop/order/list/${owner.userId}`)).body.data).toHaveLength(1);
  });

  it("when the admin opens, approves or cancels a shopper's sandbox payment, then 404 and the payment stays the shopper's", async () => {
    const owner = await shopper();
    const p = await insertProduct(ctx.db, { totalStock: 9 });
    await addToCart(owner.agent, p.id);
    const created = await createOrder(owner.agent, owner.addressId);
    const admin = await ctx.loginAs('admin');
    expect((await admin.agent.get(created.approvalURL)).status).toBe(404);
    expect((await admin.agent.post(`${created.approvalURL}/approve`)).status).toBe(404);
    expect((await admin.agent.post(`${created.approvalURL}/cancel`)).status).toBe(404);
    expect(await readOrder(ctx.db, created.orderId)).toMatchObject({
      paymentStatus: 'pending',
      stockHeld: true,
    });
    // the shopper can still approve it
    expect((await owner.agent.post(`${created.approvalURL}/approve`)).status).toBe(303);
  });

  it('when details is asked with a bad id, then 400; unknown id 404', async () => {
    const { agent } = await shopper();
    expect((await agent.get('/api/shop/order/details/abc')).status).toBe(400);
    expect((await agent.get('/api/shop/order/details/00000000-0000-4000-8000-000000000000')).status).toBe(
      404,
    );
  });
});

describe('payment service busy', () => {
  it('when the sandbox cannot get a database connection in time, then 503 SERVICE_UNAVAILABLE with Retry-After and the stock is given back', async () => {
    const { agent, addressId } = await shopper();
    const p = await insertProduct(ctx.db, { totalStock: 5 });
    await addToCart(agent, p.id);
    const busy = vi
      .spyOn(ctx.deps.payments, 'create')
      .mockRejectedValueOnce(new Error('timeout exceeded when trying to connect'));
    try {
      const res = await agent.post('/api/shop/order/create').send({ addressId });
      expect(res.status).toBe(503);
      expect(res.body.code).toBe('SERVICE_UNAVAILABLE');
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      busy.mockRestore();
    }
    expect(await readProduct(ctx.db, p.id)).toMatchObject({ totalStock: 5 });
  });
});

describe('expired holds', () => {
  it('when a pending order outlives its hold, then the sweeper gives the stock back once', async () => {
    const { agent, addressId } = await shopper();
    const p = await insertProduct(ctx.db, { totalStock: 6 });
    await addToCart(agent, p.id, 4);
    const created = await createOrder(agent, addressId);
    const paid = await shopper();
    await addToCart(paid.agent, p.id, 1);
    const kept = await sandboxCheckout(paid.agent, paid.addressId);
    expect((await readProduct(ctx.db, p.id)).totalStock).toBe(1);

    expect(await releaseExpiredHolds(ctx.db, ctx.deps.changes, new Date())).toBe(0);
    // other tests of this file left pending orders too: every one of them is released exactly once
    const held = await ctx.db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.stockHeld, true), eq(orders.paymentStatus, 'pending')));
    const later = new Date(Date.now() + 31 * 60_000);
    const [a, b] = await Promise.all([
      releaseExpiredHolds(ctx.db, ctx.deps.changes, later),
      releaseExpiredHolds(ctx.db, ctx.deps.changes, later),
    ]);
    expect(a + b).toBe(held.length);
    expect(await releaseExpiredHolds(ctx.db, ctx.deps.changes, later)).toBe(0);
    expect((await readProduct(ctx.db, p.id)).totalStock).toBe(5);
    expect(await readOrder(ctx.db, created.orderId)).toMatchObject({
      paymentStatus: 'cancelled',
      stockHeld: false,
    });
    expect((await readOrder(ctx.db, kept.orderId)).paymentStatus).toBe('paid');

    await agent.post(`${created.approvalURL}/approve`);
    const late = await agent
      .post('/api/shop/order/capture')
      .send({ paymentId: created.paymentId, orderId: created.orderId });
    expect(late.status).toBe(409);
    expect((await readProduct(ctx.db, p.id)).totalStock).toBe(5);
  });
});

describe('shop listings after stock changes', () => {
  const listedStock = async (productId: string, category: string) => {
    const res = await ctx.anon().get(`/api/shop/products/get?category=${category}&limit=100`);
    expect(res.status).toBe(200);
    return (res.body.data as { _id: string; totalStock: number }[]).find((p) => p._id === productId)
      ?.totalStock;
  };

  it('when stock is held, sold or given back, then the (cached) shop listing shows it at once', async () => {
    const product = await insertProduct(ctx.db, { category: 'kids', totalStock: 5 });
    expect(await listedStock(product.id, 'kids')).toBe(5); // now cached
    const s = await shopper();
    await addToCart(s.agent, product.id, 2);
    const created = await createOrder(s.agent, s.addressId);
    expect(await listedStock(product.id, 'kids')).toBe(3);
    await s.agent.post(`${created.approvalURL}/cancel`);
    expect(await listedStock(product.id, 'kids')).toBe(5);
    // a cancelled payment keeps the cart (2); one more makes 3 sold
    await addToCart(s.agent, product.id, 1);
    await sandboxCheckout(s.agent, s.addressId);
    expect(await listedStock(product.id, 'kids')).toBe(2);
  });
});
