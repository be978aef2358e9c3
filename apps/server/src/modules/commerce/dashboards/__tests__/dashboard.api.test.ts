import { describe, expect, it } from 'vitest';
import { createTestContext } from '../../../../../test/app';
import { addAddress, addToCart, createOrder, insertProduct, sandboxCheckout } from '../../__tests__/helpers';

const ctx = await createTestContext();
const today = new Date().toISOString().slice(0, 10);

describe('dashboards', () => {
  it('when sandbox orders are paid, then they show as test payments and never as revenue', async () => {
    const admin = await ctx.loginAs('admin');
    const before = (await admin.agent.get('/api/admin/dashboard')).body.data;
    expect(before.revenueByDay).toHaveLength(30);
    expect(before.revenueByDay.at(-1)).toEqual({ date: today, revenue: 0 });

    const seller = await ctx.loginAsSeller('approved');
    await ctx.loginAsSeller('pending');
    const p = await insertProduct(ctx.db, { sellerId: seller.sellerId, pricePaise: 60_000, totalStock: 12 });
    const shopper = await ctx.loginAs('user');
    const addressId = await addAddress(shopper.agent);
    await addToCart(shopper.agent, p.id, 3);
    await sandboxCheckout(shopper.agent, addressId);
    await addToCart(shopper.agent, p.id, 1);
    await createOrder(shopper.agent, addressId); // pending: not revenue

    const res = await admin.agent.get('/api/admin/dashboard');
    expect(res.status).toBe(200);
    const d = res.body.data;
    expect(d).toMatchObject({
      orders: before.orders,
      revenue: before.revenue,
      testOrders: before.testOrders + 1,
      testRevenue: before.testRevenue + 1800,
      pendingSellers: before.pendingSellers + 1,
      products: before.products + 1,
    });
    expect(d.revenueByDay.at(-1)).toEqual({ date: today, revenue: 0 });
    expect(d.revenueByDay[0].date < d.revenueByDay[29].date).toBe(true);

    const sellerRes = await seller.agent.get('/api/seller/dashboard');
    expect(sellerRes.status).toBe(200);
    expect(sellerRes.body.data).toMatchObject({
      orders: 0,
      revenue: 0,
      testOrders: 1,
      testRevenue: 1800,
      products: 1,
    });
    expect(sellerRes.body.data.revenueByDay.at(-1)).toEqual({ date: today, revenue: 0 });
    // 12 − 3 sold − 1 held = 8 left: low stock
    expect(sellerRes.body.data.lowStock).toEqual([
      { _id: p.id, title: p.title, totalStock: 8, image: p.image },
    ]);
  });

  it("when a seller has nothing sold, then its figures are zero and ignore other sellers'", async () => {
    const seller = await ctx.loginAsSeller('approved');
    const res = await seller.agent.get('/api/seller/dashboard');
    expect(res.body.data).toMatchObject({ orders: 0, revenue: 0, products: 0, lowStock: [] });
    expect(res.body.data.revenueByDay.every((d: { revenue: number }) => d.revenue === 0)).toBe(true);
  });

  it('when a non-admin or unapproved seller asks, then 401/403', async () => {
    const user = await ctx.loginAs('user');
    expect((await user.agent.get('/api/admin/dashboard')).status).toBe(403);
    expect((await ctx.anon().get('/api/admin/dashboard')).status).toBe(401);
    expect((await user.agent.get('/api/seller/dashboard')).status).toBe(403);
    const pending = await ctx.loginAsSeller('pending');
    expect((await pending.agent.get('/api/seller/dashboard')).status).toBe(403);
  });
});
