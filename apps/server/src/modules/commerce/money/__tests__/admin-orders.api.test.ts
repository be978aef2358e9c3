/** GET /api/admin/orders (docs/money.md): filters, paging, the ledger on each order, admin only. */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { orders } from '../../../../db/schema';
import { createTestContext } from '../../../../../test/app';
import {
  addToCart,
  insertProduct,
  sandboxCheckout,
  shopperWithAddress,
  createOrder,
} from '../../__tests__/helpers';

const ctx = await createTestContext();

describe('admin order desk', () => {
  it('when the admin filters by seller, payment status, dates and pages, then only matching orders come back', async () => {
    const seller = await ctx.loginAsSeller();
    const other = await ctx.loginAsSeller();
    const s = await shopperWithAddress(ctx);
    const mine = await insertProduct(ctx.db, { totalStock: 20, sellerId: seller.sellerId });
    const theirs = await insertProduct(ctx.db, { totalStock: 20, sellerId: other.sellerId });
    const paidIds: string[] = [];
    for (let i = 0; i < 3; i++) {
      await addToCart(s.agent, mine.id, 1);
      paidIds.push((await sandboxCheckout(s.agent, s.addressId)).orderId);
    }
    await addToCart(s.agent, theirs.id, 1);
    const pending = await createOrder(s.agent, s.addressId);
    // one old order, placed last year
    await ctx.db
      .update(orders)
      .set({ createdAt: new Date('2025-01-15T10:00:00Z') })
      .where(eq(orders.id, paidIds[0]!));

    const admin = await ctx.loginAs('admin');
    const bySeller = await admin.agent
      .get('/api/admin/orders')
      .query({ sellerId: seller.sellerId, limit: 2 });
    expect(bySeller.status).toBe(200);
    expect(bySeller.body.pagination).toEqual({ page: 1, limit: 2, total: 3, pages: 2 });
    expect(bySeller.body.data).toHaveLength(2);
    expect(bySeller.body.data[0]).toMatchObject({
      refundedAmount: 0,
      payments: [expect.objectContaining({ event: 'capture' })],
    });
    const page2 = await admin.agent
      .get('/api/admin/orders')
      .query({ sellerId: seller.sellerId, limit: 2, page: 2 });
    expect(page2.body.data.map((o: { _id: string }) => o._id)).toEqual([paidIds[0]]);

    const unpaid = await admin.agent
      .get('/api/admin/orders')
      .query({ paymentStatus: 'pending', sellerId: other.sellerId });
    expect(unpaid.body.data.map((o: { _id: string }) => o._id)).toEqual([pending.orderId]);

    const old = await admin.agent
      .get('/api/admin/orders')
      .query({ from: '2025-01-01', to: '2025-01-15', sellerId: seller.sellerId });
    expect(old.body.data.map((o: { _id: string }) => o._id)).toEqual([paidIds[0]]);
  });

  it('when the query is bad or the caller is not the admin, then 400 / 403', async () => {
    const admin = await ctx.loginAs('admin');
    for (const q of [
      { status: 'lost' },
      { paymentStatus: 'x' },
      { sellerId: 'nope' },
      { from: '2025-13-01' },
      { from: '2025-02-01', to: '2025-01-01' },
      { limit: 0 },
    ]) {
      const res = await admin.agent.get('/api/admin/orders').query(q);
      expect(res.status, JSON.stringify(q)).toBe(400);
    }
    const shopper = await ctx.loginAs('user');
    expect((await shopper.agent.get('/api/admin/orders')).status).toBe(403);
    expect((await ctx.anon().get('/api/admin/orders')).status).toBe(401);
  });
});
