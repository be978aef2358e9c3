/**
 * What every order answer tells people (docs/order-views.md): short order numbers, the shopper's state (an ended
 * payment is Cancelled, never pending), store and buyer names, and each seller part's timeline.
 */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { orders } from '../../../../db/schema';
import { createTestContext } from '../../../../../test/app';
import {
  addToCart,
  createOrder,
  insertProduct,
  sandboxCheckout,
  shopperWithAddress,
} from '../../__tests__/helpers';

const ctx = await createTestContext();

type Step = { step: string; state: string; at: string | null };
const steps = (timeline: Step[]) => timeline.map((s) => `${s.step}:${s.state}`);

describe('order views', () => {
  it('when a shopper abandons the sandbox payment, then the order reads Cancelled with a placed → cancelled timeline, never pending', async () => {
    const s = await shopperWithAddress(ctx);
    const p = await insertProduct(ctx.db);
    await addToCart(s.agent, p.id);
    const created = await createOrder(s.agent, s.addressId);

    const before = await s.agent.get(`/api/shop/order/details/${created.orderId}`);
    expect(before.body.data.state).toBe('awaitingPayment');
    expect(steps(before.body.data.fulfilment[0].timeline)).toEqual([
      'placed:done',
      'paid:upcoming',
      'inProcess:upcoming',
      'shipped:upcoming',
      'delivered:upcoming',
    ]);

    // the sandbox page names the order by its number, not its id
    const page = await s.agent.get(`/api/payments/sandbox/${created.paymentId}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain(`Order ${before.body.data.orderNumber}`);
    expect(page.text).not.toContain(created.orderId);

    const cancel = await s.agent.post(`/api/payments/sandbox/${created.paymentId}/cancel`);
    expect(cancel.status).toBe(303);
    const list = await s.agent.get(`/api/shop/order/list/${s.userId}`);
    expect(list.status).toBe(200);
    const order = list.body.data.find((o: { _id: string }) => o._id === created.orderId);
    expect(order).toMatchObject({ state: 'cancelled', paymentStatus: 'cancelled' });
    expect(steps(order.fulfilment[0].timeline)).toEqual(['placed:done', 'cancelled:done']);
    expect(order.fulfilment[0].timeline[1].at).not.toBeNull();
    // its lines read Cancelled too, not the "pending" of a line never started
    expect(order.cartItems.map((l: { state: string }) => l.state)).toEqual(['cancelled']);
  });

  it('when an unpaid order’s hold has run out before the sweeper ran, then it already reads Cancelled', async () => {
    const s = await shopperWithAddress(ctx);
    const p = await insertProduct(ctx.db);
    await addToCart(s.agent, p.id);
    const created = await createOrder(s.agent, s.addressId);
    await ctx.db
      .update(orders)
      .set({ holdExpiresAt: new Date(Date.now() - 60_000) })
      .where(eq(orders.id, created.orderId));
    const res = await s.agent.get(`/api/shop/order/details/${created.orderId}`);
    expect(res.body.data).toMatchObject({ state: 'cancelled', paymentStatus: 'pending' });
    expect(steps(res.body.data.fulfilment[0].timeline)).toEqual(['placed:done', 'cancelled:done']);
  });

  it('when an order spans two sellers, then every view names the stores, the seller sees the buyer, and each part has its own timeline', async () => {
    const a = await ctx.loginAsSeller();
    const b = await ctx.loginAsSeller();
    const s = await shopperWithAddress(ctx);
    const pa = await insertProduct(ctx.db, { sellerId: a.sellerId, pricePaise: 30_000 });
    const pb = await insertProduct(ctx.db, { sellerId: b.sellerId, pricePaise: 40_000 });
    const own = await insertProduct(ctx.db, { sellerId: null, pricePaise: 10_000 });
    await addToCart(s.agent, pa.id);
    await addToCart(s.agent, pb.id);
    await addToCart(s.agent, own.id);
    const { orderId } = await sandboxCheckout(s.agent, s.addressId);

    // seller A ships, seller B rejects (refunded)
    for (const status of ['inProcess', 'inShipping']) {
      const res = await a.agent.put(`/api/seller/orders/update/${orderId}`).send({ orderStatus: status });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    const rejected = await b.agent
      .put(`/api/seller/orders/update/${orderId}`)
      .send({ orderStatus: 'rejected', reason: 'Out of stock' });
    expect(rejected.status).toBe(200);

    const shopper = (await s.agent.get(`/api/shop/order/details/${orderId}`)).body.data;
    const storeOf = (productId: string) =>
      shopper.cartItems.find((l: { productId: string }) => l.productId === productId).storeName;
    const [nameA, nameB] = await Promise.all(
      [a, b].map(async (x) => (await x.agent.get(`/api/seller/orders/details/${orderId}`)).body.data),
    );
    expect(storeOf(pa.id)).toMatch(/^Store \d+$/);
    expect(storeOf(pb.id)).toMatch(/^Store \d+$/);
    expect(storeOf(pa.id)).not.toBe(storeOf(pb.id));
    expect(storeOf(own.id)).toBe('Haat Marketplace');
    expect(shopper.orderNumber).toMatch(/^HM-\d{6,}$/);
    expect(shopper.state).toBe('confirmed');

    const part = (sellerId: string | null) =>
      shopper.fulfilment.find((f: { sellerId: string | null }) => f.sellerId === sellerId);
    expect(part(a.sellerId).storeName).toBe(storeOf(pa.id));
    expect(steps(part(a.sellerId).timeline)).toEqual([
      'placed:done',
      'paid:done',
      'inProcess:done',
      'shipped:done',
      'delivered:upcoming',
    ]);
    expect(
      part(a.sellerId)
        .timeline.slice(0, 4)
        .every((t: Step) => t.at !== null),
    ).toBe(true);
    expect(steps(part(b.sellerId).timeline)).toEqual([
      'placed:done',
      'paid:done',
      'rejected:done',
      'refunded:done',
    ]);
    expect(steps(part(null).timeline)).toEqual([
      'placed:done',
      'paid:done',
      'inProcess:upcoming',
      'shipped:upcoming',
      'delivered:upcoming',
    ]);

    // each seller: the buyer's name, the order number, only its own store and part
    expect(nameA).toMatchObject({ buyerName: expect.any(String), orderNumber: shopper.orderNumber });
    expect(nameA.buyerName).not.toBe('');
    expect(nameA.cartItems.map((l: { storeName: string }) => l.storeName)).toEqual([storeOf(pa.id)]);
    expect(nameA.fulfilment).toHaveLength(1);
    expect(nameB.fulfilment[0].timeline.map((t: Step) => t.step)).toEqual([
      'placed',
      'paid',
      'rejected',
      'refunded',
    ]);

    // the admin's desk: the same names and number
    const admin = await ctx.loginAs('admin');
    const desk = await admin.agent.get('/api/admin/orders').query({ number: shopper.orderNumber });
    expect(desk.status).toBe(200);
    expect(desk.body.data).toHaveLength(1);
    expect(desk.body.data[0]).toMatchObject({ _id: orderId, orderNumber: shopper.orderNumber });
    expect(desk.body.data[0].cartItems.map((l: { storeName: string }) => l.storeName).sort()).toEqual(
      [storeOf(pa.id), storeOf(pb.id), 'Haat Marketplace'].sort(),
    );
  });

  it('when the shopper cancels a paid order, then it reads Cancelled and each part shows cancelled → refunded', async () => {
    const seller = await ctx.loginAsSeller();
    const s = await shopperWithAddress(ctx);
    const p = await insertProduct(ctx.db, { sellerId: seller.sellerId });
    await addToCart(s.agent, p.id);
    const { orderId } = await sandboxCheckout(s.agent, s.addressId);
    const res = await s.agent.post(`/api/shop/order/cancel/${orderId}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.state).toBe('cancelled');
    expect(steps(res.body.data.fulfilment[0].timeline)).toEqual([
      'placed:done',
      'paid:done',
      'cancelled:done',
      'refunded:done',
    ]);
    // the shopper's own cancel is not the seller's rejection, in the shopper's view and in the seller's
    expect(res.body.data.cartItems[0]).toMatchObject({ state: 'cancelledByShopper', rejectionReason: null });
    const sellers = (await seller.agent.get(`/api/seller/orders/details/${orderId}`)).body.data;
    expect(sellers.cartItems[0].state).toBe('cancelledByShopper');
    expect(sellers.fulfilment[0].state).toBe('cancelledByShopper');
  });

  it('when a seller rejects, then it must give a reason, and the shopper sees that reason on the lines', async () => {
    const seller = await ctx.loginAsSeller();
    const s = await shopperWithAddress(ctx);
    const p = await insertProduct(ctx.db, { sellerId: seller.sellerId });
    await addToCart(s.agent, p.id);
    const { orderId } = await sandboxCheckout(s.agent, s.addressId);
    const reject = (body: object) => seller.agent.put(`/api/seller/orders/update/${orderId}`).send(body);

    for (const reason of [undefined, '', '  ', 'x'.repeat(501)]) {
      const bad = await reject({ orderStatus: 'rejected', reason });
      expect(bad.status, JSON.stringify(bad.body)).toBe(400);
      expect(bad.body.code).toBe('VALIDATION_FAILED');
    }
    const unchanged = (await s.agent.get(`/api/shop/order/details/${orderId}`)).body.data;
    expect(unchanged.cartItems[0]).toMatchObject({
      status: 'confirmed',
      state: 'confirmed',
      rejectionReason: null,
    });

    const ok = await reject({ orderStatus: 'rejected', reason: '  The last one was damaged in storage ' });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const shopper = (await s.agent.get(`/api/shop/order/details/${orderId}`)).body.data;
    expect(shopper.cartItems[0]).toMatchObject({
      state: 'rejected',
      rejectionReason: 'The last one was damaged in storage',
    });
  });

  it('when the admin searches by order number, then "HM-n", "hm n" and "n" find it and a malformed number is a 400', async () => {
    const s = await shopperWithAddress(ctx);
    const p = await insertProduct(ctx.db);
    await addToCart(s.agent, p.id);
    const created = await createOrder(s.agent, s.addressId);
    const number = (await s.agent.get(`/api/shop/order/details/${created.orderId}`)).body.data
      .orderNumber as string;
    const digits = number.slice(3);
    const admin = await ctx.loginAs('admin');
    for (const q of [number, number.toLowerCase(), digits, `#${number}`]) {
      const res = await admin.agent.get('/api/admin/orders').query({ number: q });
      expect(res.status, q).toBe(200);
      expect(
        res.body.data.map((o: { _id: string }) => o._id),
        q,
      ).toEqual([created.orderId]);
    }
    const none = await admin.agent.get('/api/admin/orders').query({ number: 'HM-1' });
    expect(none.body.data).toEqual([]);
    for (const bad of ['HM-', 'order 12', 'HM-12a']) {
      const res = await admin.agent.get('/api/admin/orders').query({ number: bad });
      expect(res.status, bad).toBe(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
    }
  });
});
