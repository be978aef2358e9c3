/**
 * Who pays for a code (docs/money.md, "Coupons"): a platform-funded share is paid to the seller by the platform, so
 * the seller's earnings are what they would be without the code; refunds give back the paid share of the lines
 * refunded only, and reverse the seller's whole price of them.
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orderLines, refunds, sellerLedger } from '../../../../db/schema';
import { createTestContext } from '../../../../../test/app';
import {
  addToCart,
  courierDelivers,
  insertProduct,
  payOrder,
  shopperWithAddress,
} from '../../__tests__/helpers';

const ctx = await createTestContext();
const admin = await ctx.loginAs('admin');
let n = 0;

/** ₹600 of seller A and ₹400 of seller B (GST 0 %), a 10 % platform code, paid. */
async function paidWithCode() {
  const a = await ctx.loginAsSeller();
  const b = await ctx.loginAsSeller();
  const code = (
    await admin.agent.post('/api/admin/coupons').send({
      code: `MONEY${++n}${Date.now().toString(36).slice(-4)}`.toUpperCase(),
      kind: 'percent',
      percent: 10,
      startsAt: '2026-01-01',
      endsAt: '2099-12-31',
    })
  ).body.data.code as string;
  const s = await shopperWithAddress(ctx);
  const pa = await insertProduct(ctx.db, { sellerId: a.sellerId, pricePaise: 60_000, gstRate: 0 });
  const pb = await insertProduct(ctx.db, { sellerId: b.sellerId, pricePaise: 40_000, gstRate: 0 });
  await addToCart(s.agent, pa.id);
  await addToCart(s.agent, pb.id);
  expect((await s.agent.post('/api/shop/cart/coupon').send({ code })).status).toBe(200);
  const created = await s.agent.post('/api/shop/order/create').send({ addressId: s.addressId });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const paid = await payOrder(s.agent, created.body);
  return { a, b, s, orderId: created.body.orderId as string, order: paid.order };
}

const entries = (sellerId: string, type: 'earned' | 'refund' | 'commission') =>
  ctx.db
    .select({ deltaPaise: sellerLedger.deltaPaise })
    .from(sellerLedger)
    .where(and(eq(sellerLedger.sellerId, sellerId), eq(sellerLedger.type, type)))
    .then((rows) => rows.map((r) => r.deltaPaise));

describe('who pays for a code', () => {
  it('when both lines are delivered, then each seller earns its full price and the platform commission is on it', async () => {
    const { a, b, orderId, order } = await paidWithCode();
    expect(order.totalAmount).toBe(900 + order.shippingCharge);
    await courierDelivers(ctx.deps, orderId, a.sellerId);
    await courierDelivers(ctx.deps, orderId, b.sellerId);
    expect(await entries(a.sellerId, 'earned')).toEqual([60_000]);
    expect(await entries(b.sellerId, 'earned')).toEqual([40_000]);
    expect(await entries(a.sellerId, 'commission')).toEqual([-6_000]);

    // the admin gives back everything paid: ₹540 and ₹360 to the shopper, each seller's whole price reversed
    const res = await admin.agent
      .post(`/api/admin/orders/${orderId}/refund`)
      .send({ amount: 900, reason: 'returned order' });
    expect(res.status).toBe(201);
    expect(await entries(a.sellerId, 'refund')).toEqual([-60_000]);
    expect(await entries(b.sellerId, 'refund')).toEqual([-40_000]);
    const lines = await ctx.db.select().from(orderLines).where(eq(orderLines.orderId, orderId));
    expect(lines.map((l) => l.refundedPaise).sort()).toEqual([36_000, 54_000]);
  });

  it('when seller A rejects the ₹600 line before shipping, then the shopper gets ₹540 back, not ₹600', async () => {
    const { a, orderId } = await paidWithCode();
    const res = await a.agent
      .put(`/api/seller/orders/update/${orderId}`)
      .send({ orderStatus: 'rejected', reason: 'Out of stock at the warehouse' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const rows = await ctx.db.select().from(refunds).where(eq(refunds.orderId, orderId));
    expect(rows.map((r) => r.amountPaise)).toEqual([54_000]);
  });

  it('when the delivered ₹600 line is returned, then the shopper gets ₹540 and seller A gives back its ₹600', async () => {
    const { a, s: shopper, orderId, order } = await paidWithCode();
    await courierDelivers(ctx.deps, orderId, a.sellerId);
    const line = order.cartItems.find((l: { price: string }) => Number(l.price) === 600);
    const asked = await shopper.agent
      .post('/api/shop/returns')
      .send({ orderId, lines: [{ lineId: line._id, quantity: 1 }], reason: 'changed_mind' });
    expect(asked.status, JSON.stringify(asked.body)).toBe(201);
    const id = asked.body.data[0].id as string;
    expect((await a.agent.put(`/api/seller/returns/${id}`).send({ action: 'approve' })).status).toBe(200);
    expect((await a.agent.put(`/api/seller/returns/${id}`).send({ action: 'received' })).status).toBe(200);
    const rows = await ctx.db.select().from(refunds).where(eq(refunds.orderId, orderId));
    expect(rows.map((r) => r.amountPaise)).toEqual([54_000]);
    expect(await entries(a.sellerId, 'refund')).toEqual([-60_000]);
  });
});
