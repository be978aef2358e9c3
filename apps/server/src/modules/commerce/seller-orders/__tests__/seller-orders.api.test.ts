import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orderStatusHistory } from '../../../../db/schema';
import { createTestContext } from '../../../../../test/app';
import { courierDelivers, paidOrder, placedOrder, readOrder } from '../../__tests__/helpers';

const ctx = await createTestContext();

/** One paid order with a line from seller A (2 × 100) and a line from seller B (1 × 300). */
async function splitOrder() {
  const a = await ctx.loginAsSeller('approved');
  const b = await ctx.loginAsSeller('approved');
  const shopper = await paidOrder(ctx, [
    { sellerId: a.sellerId, pricePaise: 10_000, title: 'A mug', quantity: 2 },
    { sellerId: b.sellerId, pricePaise: 30_000, discount: 10, title: 'B lamp' },
  ]);
  const [pa, pb] = [shopper.products[0]!, shopper.products[1]!];
  return { a, b, pa, pb, shopper, orderId: shopper.orderId };
}

describe('seller orders', () => {
  it('when a seller lists its orders, then it sees only its own lines and totals of them', async () => {
    const { a, b, pa, orderId } = await splitOrder();
    for (const path of ['/api/seller/orders/get', `/api/seller/orders/${a.sellerId}`]) {
      const res = await a.agent.get(path);
      expect(res.status).toBe(200);
      const order = res.body.data.find((o: { _id: string }) => o._id === orderId);
      expect(order.cartItems).toHaveLength(1);
      expect(order.cartItems[0]).toMatchObject({
        productId: pa.id,
        sellerId: a.sellerId,
        quantity: 2,
        price: '100.00',
      });
      expect(order).toMatchObject({
        subtotal: 200,
        discount: 0,
        totalAmount: 200,
        sellerId: a.sellerId,
        orderStatus: 'confirmed',
      });
      expect(Object.keys(order.sellerStatuses)).toEqual([a.sellerId]);
      expect(JSON.stringify(order)).not.toContain(b.sellerId);
      expect(order.addressInfo.city).toBe('Bengaluru');
      expect(order.paymentStatus).toBe('paid');
    }
    const details = await b.agent.get(`/api/seller/orders/details/${orderId}`);
    expect(details.status).toBe(200);
    expect(details.body.data).toMatchObject({ subtotal: 300, discount: 30, totalAmount: 270 });
    expect(details.body.data.cartItems.map((l: { title: string }) => l.title)).toEqual(['B lamp']);
  });

  it("when a seller asks for another seller's list, then 403", async () => {
    const { a, b } = await splitOrder();
    expect((await a.agent.get(`/api/seller/orders/${b.sellerId}`)).status).toBe(403);
    expect((await a.agent.get('/api/seller/orders/not-a-uuid')).status).toBe(400);
  });

  it('when a seller updates its status, then only its lines change and the order shows per-seller statuses', async () => {
    const { a, b, shopper, orderId } = await splitOrder();
    const res = await a.agent.put(`/api/seller/orders/update/${orderId}`).send({ orderStatus: 'inShipping' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, message: 'Order status updated!' });
    expect(res.body.data.orderStatus).toBe('inShipping');

    let mine = (await shopper.agent.get(`/api/shop/order/details/${orderId}`)).body.data;
    expect(mine.sellerStatuses).toEqual({ [a.sellerId]: 'inShipping', [b.sellerId]: 'confirmed' });
    expect(mine.orderStatus).toBe('confirmed');
    const lineStatus = Object.fromEntries(
      mine.cartItems.map((l: { sellerId: string; status: string }) => [l.sellerId, l.status]),
    );
    expect(lineStatus).toEqual({ [a.sellerId]: 'inShipping', [b.sellerId]: 'confirmed' });

    await b.agent.put(`/api/seller/orders/update/${orderId}`).send({ orderStatus: 'inShipping' });
    mine = (await shopper.agent.get(`/api/shop/order/details/${orderId}`)).body.data;
    expect(mine.orderStatus).toBe('inShipping');
    await courierDelivers(ctx.deps, orderId, a.sellerId);
    await courierDelivers(ctx.deps, orderId, b.sellerId);
    expect((await readOrder(ctx.db, orderId)).orderStatus).toBe('delivered');
  });

  it.each(['confirmed', 'shipped', '', 42])(
    'when the status is %j, then 400 and nothing changes',
    async (orderStatus) => {
      const { a, orderId } = await splitOrder();
      const res = await a.agent.put(`/api/seller/orders/update/${orderId}`).send({ orderStatus });
      expect(res.status).toBe(400);
      expect((await readOrder(ctx.db, orderId)).orderStatus).toBe('confirmed');
    },
  );

  it('when a seller reads or updates an order without its lines, then 404', async () => {
    const { orderId } = await splitOrder();
    const c = await ctx.loginAsSeller('approved');
    expect((await c.agent.get(`/api/seller/orders/details/${orderId}`)).status).toBe(404);
    expect(
      (
        await c.agent
          .put(`/api/seller/orders/update/${orderId}`)
          .send({ orderStatus: 'rejected', reason: 'Out of stock' })
      ).status,
    ).toBe(404);
    expect((await readOrder(ctx.db, orderId)).orderStatus).toBe('confirmed');
  });

  it('when the order is not paid yet, then sellers do not see it', async () => {
    const a = await ctx.loginAsSeller('approved');
    const { orderId } = await placedOrder(ctx, [{ sellerId: a.sellerId }]);
    expect((await a.agent.get('/api/seller/orders/get')).body.data).toEqual([]);
    expect((await a.agent.get(`/api/seller/orders/details/${orderId}`)).status).toBe(404);
  });

  it('when the caller is a shopper, a pending seller or anonymous, then 403/403/401', async () => {
    const user = await ctx.loginAs('user');
    const pending = await ctx.loginAsSeller('pending');
    expect((await user.agent.get('/api/seller/orders/get')).status).toBe(403);
    const res = await pending.agent.get('/api/seller/orders/get');
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('SELLER_NOT_APPROVED');
    expect((await ctx.anon().get('/api/seller/orders/get')).status).toBe(401);
  });

  describe('status machine (docs/orders-and-stock.md)', () => {
    /** the seller's own moves (the capture records each line's pending → confirmed too, as the system) */
    const sellerMoves = (orderId: string) =>
      ctx.db
        .select()
        .from(orderStatusHistory)
        .where(and(eq(orderStatusHistory.orderId, orderId), eq(orderStatusHistory.actorRole, 'seller')))
        .orderBy(asc(orderStatusHistory.createdAt));
    const move = (
      agent: Awaited<ReturnType<typeof splitOrder>>['a']['agent'],
      id: string,
      orderStatus: string,
    ) => agent.put(`/api/seller/orders/update/${id}`).send({ orderStatus, reason: 'Out of stock' });

    it('when the seller moves forward step by step, then each move is recorded with actor and time', async () => {
      const { a, orderId } = await splitOrder();
      for (const status of ['inProcess', 'inShipping']) {
        const res = await move(a.agent, orderId, status);
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        expect(res.body.data.orderStatus).toBe(status);
      }
      // the payment confirmed each seller's part, recorded by the system
      const paidMoves = await ctx.db
        .select()
        .from(orderStatusHistory)
        .where(and(eq(orderStatusHistory.orderId, orderId), eq(orderStatusHistory.actorRole, 'system')));
      expect(paidMoves.map((h) => [h.fromStatus, h.toStatus])).toEqual([
        ['pending', 'confirmed'],
        ['pending', 'confirmed'],
      ]);
      const history = await sellerMoves(orderId);
      expect(history.map((h) => [h.fromStatus, h.toStatus])).toEqual([
        ['confirmed', 'inProcess'],
        ['inProcess', 'inShipping'],
      ]);
      expect(history.every((h) => h.actorUserId === a.userId && h.sellerId === a.sellerId)).toBe(true);
      expect(history.every((h) => h.actorRole === 'seller' && h.createdAt instanceof Date)).toBe(true);
    });

    it.each([
      ['delivered', 'inProcess'],
      ['delivered', 'rejected'],
      ['inShipping', 'rejected'],
      ['inShipping', 'inProcess'],
      ['rejected', 'inProcess'],
    ])('when the lines are %s and the seller asks for %s, then 409 and nothing changes', async (at, to) => {
      const { a, shopper, orderId } = await splitOrder();
      if (at === 'delivered') await courierDelivers(ctx.deps, orderId, a.sellerId);
      else expect((await move(a.agent, orderId, at)).status).toBe(200);
      const res = await move(a.agent, orderId, to);
      expect(res.status).toBe(409);
      expect(res.body.code).toBe('INVALID_STATUS_TRANSITION');
      expect(res.body.message).toContain(`This order is ${at}`);
      expect(res.body.details.current).toBe(at);
      const mine = (await shopper.agent.get(`/api/shop/order/details/${orderId}`)).body.data;
      expect(mine.sellerStatuses[a.sellerId]).toBe(at);
      expect(await sellerMoves(orderId)).toHaveLength(at === 'delivered' ? 0 : 1);
    });

    it('when the seller asks for delivered, then 409 DELIVERY_BY_COURIER: only the courier sets it', async () => {
      const { a, orderId } = await splitOrder();
      expect((await move(a.agent, orderId, 'inShipping')).status).toBe(200);
      const res = await move(a.agent, orderId, 'delivered');
      expect(res.status).toBe(409);
      expect(res.body.code).toBe('DELIVERY_BY_COURIER');
      expect(res.body.message).toMatch(/courier/);
      expect(await sellerMoves(orderId)).toHaveLength(1);
    });

    it('when a seller rejects before shipping, then it is allowed; the same status again changes nothing', async () => {
      const { a, orderId } = await splitOrder();
      expect((await move(a.agent, orderId, 'inProcess')).status).toBe(200);
      expect((await move(a.agent, orderId, 'rejected')).body.data.orderStatus).toBe('rejected');
      const again = await move(a.agent, orderId, 'rejected');
      expect(again.status).toBe(200);
      expect(await sellerMoves(orderId)).toHaveLength(2);
    });
  });
});
