/**
 * Seller earnings, commission and payouts through the API (docs/money.md, "Seller earnings"): a delivered line
 * earns its seller the line less the commission, refunds of delivered lines come off the balance, the admin pays
 * out never more than the balance. Run with DATABASE_URL for real PostgreSQL (the payout race).
 */
import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { payouts, sellerLedger } from '../../../../db/schema';
import { createTestContext, type TestAgent, type TestSeller } from '../../../../../test/app';
import { courierDelivers, deliveredOrder, menNotReturnable, paidOrder } from '../../__tests__/helpers';

const ctx = await createTestContext();
const admin = await ctx.loginAs('admin');
// the products here are 'men' at GST 0 %: not returnable, so a line's net is payable at delivery (the window has its
// own tests below); per ₹1,000: commission ₹100, GST on it ₹18, TCS ₹5, TDS ₹1 → net ₹876
await menNotReturnable(admin);

/** A ₹`pricePaise` product of `seller` at GST 0 %, `quantity` of it bought by a new shopper. */
const lineOf = (seller: TestSeller, pricePaise: number, quantity: number, category: string) => [
  { sellerId: seller.sellerId, pricePaise, quantity, totalStock: 50, gstRate: 0, category },
];

/** A shopper buys `quantity` of a product of `seller` at `pricePaise` through the sandbox (paid). */
const paidOrderOf = (seller: TestSeller, pricePaise = 100_000, quantity = 1, category = 'men') =>
  paidOrder(ctx, lineOf(seller, pricePaise, quantity, category));

const setStatus = (seller: TestSeller, orderId: string, orderStatus: string) =>
  seller.agent.put(`/api/seller/orders/update/${orderId}`).send({ orderStatus, reason: 'Out of stock' });

const delivered = (seller: TestSeller, pricePaise = 100_000, quantity = 1, category = 'men') =>
  deliveredOrder(ctx, lineOf(seller, pricePaise, quantity, category));

const earningsOf = async (agent: TestAgent, query = '') => {
  const res = await agent.get(`/api/seller/earnings${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as {
    data: Record<string, unknown> & { entries: Record<string, unknown>[] };
    pagination: unknown;
  };
};

/** Everything a refused call must leave as it was. */
const snapshot = async () => ({
  payouts: (await ctx.db.select({ n: sql<number>`count(*)::int` }).from(payouts))[0]!.n,
  entries: (await ctx.db.select({ n: sql<number>`count(*)::int` }).from(sellerLedger))[0]!.n,
});

describe('earnings', () => {
  it('when a seller delivers a line, then it earns the line less commission (10%), its GST, TCS and TDS', async () => {
    const seller = await ctx.loginAsSeller();
    expect((await earningsOf(seller.agent)).data).toMatchObject({ balance: 0, earned: 0, entries: [] });
    const { orderId } = await delivered(seller, 100_000, 2);
    const { data, pagination } = await earningsOf(seller.agent);
    expect(data).toMatchObject({
      balance: 1752,
      payable: 1752,
      inReturnWindow: 0,
      earned: 2000,
      commission: 200,
      commissionTax: 36,
      tcs: 10,
      tds: 2,
      refunded: 0,
      paidOut: 0,
      commissionPercent: 10,
    });
    expect(data.entries.map((e) => [e.type, e.amount, e.orderId])).toEqual(
      expect.arrayContaining([
        ['earned', 2000, orderId],
        ['commission', -200, orderId],
        ['commissionTax', -36, orderId],
        ['tcs', -10, orderId],
        ['tds', -2, orderId],
      ]),
    );
    expect(pagination).toEqual({ page: 1, limit: expect.any(Number), total: 5, pages: 1 });
    // the statement names the order by the number the orders and e-mails use, never a piece of its id
    const { orderNumber } = (await seller.agent.get(`/api/seller/orders/details/${orderId}`)).body.data;
    for (const e of data.entries) {
      expect(e.orderNumber).toBe(orderNumber);
      expect(e.description).toContain(orderNumber);
      expect(e.description).not.toMatch(/#[0-9A-F]{8}/);
    }
    // a second report of delivery changes nothing; the seller cannot set it (docs/delivery.md)
    await courierDelivers(ctx.deps, orderId, seller.sellerId);
    expect((await setStatus(seller, orderId, 'delivered')).status).toBe(409);
    expect((await earningsOf(seller.agent)).data).toMatchObject({ balance: 1752, earned: 2000 });
  });

  it('when lines are rejected or the order cancelled before delivery, then the seller earns nothing from them', async () => {
    const seller = await ctx.loginAsSeller();
    const a = await paidOrderOf(seller);
    expect((await setStatus(seller, a.orderId, 'rejected')).status).toBe(200);
    const b = await paidOrderOf(seller);
    expect((await b.agent.post(`/api/shop/order/cancel/${b.orderId}`)).status).toBe(200);
    expect((await setStatus(seller, b.orderId, 'delivered')).status).toBe(409);
    expect((await earningsOf(seller.agent)).data).toMatchObject({ balance: 0, earned: 0, entries: [] });
  });

  it('when the statement has more entries than a page, then pages come newest first', async () => {
    const seller = await ctx.loginAsSeller();
    await delivered(seller, 10_000);
    await delivered(seller, 20_000);
    const first = await earningsOf(seller.agent, '?page=1&limit=5');
    const second = await earningsOf(seller.agent, '?page=2&limit=5');
    expect(first.pagination).toEqual({ page: 1, limit: 5, total: 10, pages: 2 });
    const amounts = (p: typeof first) =>
      p.data.entries.map((e) => Math.abs(e.amount as number)).sort((a, b) => a - b);
    expect(amounts(first)).toEqual([0.2, 1, 3.6, 20, 200]);
    expect(amounts(second)).toEqual([0.1, 0.5, 1.8, 10, 100]);
    expect(first.data.balance).toBe(262.8);
  });

  it('when someone other than an approved seller asks for earnings, then 401 or 403', async () => {
    expect((await ctx.anon().get('/api/seller/earnings')).status).toBe(401);
    expect((await (await ctx.loginAs('user')).agent.get('/api/seller/earnings')).status).toBe(403);
    expect((await admin.agent.get('/api/seller/earnings')).status).toBe(403);
    const pending = await ctx.loginAsSeller('pending');
    expect((await pending.agent.get('/api/seller/earnings')).body.code).toBe('SELLER_NOT_APPROVED');
    const seller = await ctx.loginAsSeller();
    expect((await seller.agent.get('/api/seller/earnings?limit=0')).status).toBe(400);
  });
});

describe('commission rates', () => {
  it("when the admin sets a seller's own rate, then lines delivered afterwards pay it; null goes back to the platform rate", async () => {
    const seller = await ctx.loginAsSeller();
    await delivered(seller, 100_000);
    const set = await admin.agent
      .put(`/api/admin/sellers/${seller.sellerId}/commission`)
      .send({ percent: 2.5 });
    expect(set.status).toBe(200);
    expect(set.body.data).toMatchObject({
      commissionPercent: 2.5,
      customCommissionPercent: 2.5,
      balance: 876,
    });
    await delivered(seller, 100_000);
    expect((await earningsOf(seller.agent)).data).toMatchObject({
      earned: 2000,
      commission: 125,
      commissionTax: 22.5,
      balance: 1840.5, // 876 + (1000 − 25 − 4.50 − 5 − 1)
      commissionPercent: 2.5,
    });
    const back = await admin.agent
      .put(`/api/admin/sellers/${seller.sellerId}/commission`)
      .send({ percent: null });
    expect(back.body.data).toMatchObject({ commissionPercent: 10, customCommissionPercent: null });
    await delivered(seller, 100_000);
    expect((await earningsOf(seller.agent)).data).toMatchObject({ commission: 225 });
    const accounts = await admin.agent.get('/api/admin/seller-accounts');
    expect(accounts.status).toBe(200);
    expect(accounts.body.data).toContainEqual(
      expect.objectContaining({
        sellerId: seller.sellerId,
        balance: 2716.5,
        payable: 2716.5,
        inReturnWindow: 0,
        earned: 3000,
        paidOut: 0,
      }),
    );
  });

  it('when the rate is bad, the seller unknown or the caller not the admin, then 4xx and nothing changes', async () => {
    const seller = await ctx.loginAsSeller();
    const url = `/api/admin/sellers/${seller.sellerId}/commission`;
    for (const body of [{ percent: 101 }, { percent: -1 }, { percent: 'ten' }, {}, { percent: 1.234 }]) {
      const res = await admin.agent.put(url).send(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
    }
    const unknown = await admin.agent
      .put('/api/admin/sellers/00000000-0000-4000-8000-000000000000/commission')
      .send({ percent: 5 });
    expect(unknown.status).toBe(404);
    expect(
      (await admin.agent.put(`/api/admin/sellers/${admin.userId}/commission`).send({ percent: 5 })).status,
    ).toBe(404);
    expect((await seller.agent.put(url).send({ percent: 0 })).status).toBe(403);
    const accounts = await admin.agent.get('/api/admin/seller-accounts');
    expect(
      accounts.body.data.find((a: { sellerId: string }) => a.sellerId === seller.sellerId),
    ).toMatchObject({
      customCommissionPercent: null,
    });
  });
});

describe('refunds of delivered lines', () => {
  it('when the admin refunds part of a delivered line, then the seller gives it back less each deduction on it', async () => {
    const seller = await ctx.loginAsSeller();
    const { orderId } = await delivered(seller, 100_000);
    const res = await admin.agent
      .post(`/api/admin/orders/${orderId}/refund`)
      .send({ amount: 400, reason: 'damaged' });
    expect(res.status).toBe(201);
    const { data } = await earningsOf(seller.agent);
    // 40 % of each deduction comes back: commission ₹40, its GST ₹7.20, TCS ₹2, TDS ₹0.40
    expect(data).toMatchObject({
      earned: 1000,
      refunded: 400,
      commission: 60,
      commissionTax: 10.8,
      tcs: 3,
      tds: 0.6,
      balance: 525.6,
    });
    expect(data.entries[0]).toMatchObject({ orderId });
  });

  it('when a delivered line is refunded in full after the seller was paid out, then the seller owes its net and the platform gives back its deductions', async () => {
    const seller = await ctx.loginAsSeller();
    const { orderId } = await delivered(seller, 100_000);
    const pay = await admin.agent
      .post('/api/admin/payouts')
      .send({ sellerId: seller.sellerId, amount: 876, reference: 'NEFT-ALL' });
    expect(pay.status).toBe(201);
    const refund = await admin.agent
      .post(`/api/admin/orders/${orderId}/refund`)
      .send({ reason: 'lost parcel' });
    expect(refund.status).toBe(201);
    const { data } = await earningsOf(seller.agent);
    // a debt of −(its net), not absorbed by the platform: its commission and the rest are reversed, not negative
    expect(data).toMatchObject({
      balance: -876,
      payable: -876,
      earned: 1000,
      refunded: 1000,
      paidOut: 876,
      commission: 0,
      commissionTax: 0,
      tcs: 0,
      tds: 0,
    });
    const more = await admin.agent
      .post('/api/admin/payouts')
      .send({ sellerId: seller.sellerId, amount: 1, reference: 'NEFT-MORE' });
    expect(more.status).toBe(409);
    expect(more.body).toMatchObject({
      code: 'PAYOUT_EXCEEDS_BALANCE',
      details: { balance: -876, payable: -876 },
    });
    // the next delivery nets the debt first
    await delivered(seller, 200_000);
    expect((await earningsOf(seller.agent)).data).toMatchObject({ balance: 876, payable: 876 });
  });

  it('when part of a line is refunded before delivery, then the seller earns only what is left of it', async () => {
    const seller = await ctx.loginAsSeller();
    const o = await paidOrderOf(seller, 100_000);
    expect(
      (await admin.agent.post(`/api/admin/orders/${o.orderId}/refund`).send({ amount: 300, reason: 'late' }))
        .status,
    ).toBe(201);
    await courierDelivers(ctx.deps, o.orderId, seller.sellerId);
    expect((await earningsOf(seller.agent)).data).toMatchObject({
      earned: 700,
      commission: 70,
      commissionTax: 12.6,
      tcs: 3.5,
      tds: 0.7,
      balance: 613.2,
    });
  });
});

describe('payouts', () => {
  it('when a refund or payout amount is not a JSON number (true, [5], "0x10", "5"), then it is refused with 400 and nothing moves', async () => {
    const seller = await ctx.loginAsSeller();
    const o = await paidOrderOf(seller, 100_000);
    for (const amount of [true, [5], '0x10', '5']) {
      const refund = await admin.agent
        .post(`/api/admin/orders/${o.orderId}/refund`)
        .send({ amount, reason: 'coerced' });
      expect(refund.status).toBe(400);
      expect(refund.body.code).toBe('VALIDATION_FAILED');
      const payout = await admin.agent
        .post('/api/admin/payouts')
        .send({ sellerId: seller.sellerId, amount, reference: `UTR-COERCE-${String(amount)}` });
      expect(payout.status).toBe(400);
      expect(payout.body.code).toBe('VALIDATION_FAILED');
    }
    expect((await earningsOf(seller.agent)).data).toMatchObject({ refunded: 0, paidOut: 0 });
  });

  it('when the admin records a payout, then the balance falls, the list shows it with the store name, and the same transfer again changes nothing', async () => {
    const seller = await ctx.loginAsSeller();
    const other = await ctx.loginAsSeller();
    await delivered(seller, 100_000);
    await delivered(other, 100_000);
    const body = { sellerId: seller.sellerId, amount: 250.5, reference: 'UTR-0001' };
    const res = await admin.agent.post('/api/admin/payouts').send(body);
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ sellerId: seller.sellerId, amount: 250.5, reference: 'UTR-0001' });
    expect(res.body.data.storename).toEqual(expect.any(String));
    expect((await earningsOf(seller.agent)).data).toMatchObject({ balance: 625.5, paidOut: 250.5 });
    expect((await earningsOf(seller.agent)).data.entries[0]).toMatchObject({
      type: 'payout',
      amount: -250.5,
    });

    const again = await admin.agent.post('/api/admin/payouts').send(body);
    expect(again.status).toBe(200);
    expect(again.body.data.id).toBe(res.body.data.id);
    const clash = await admin.agent.post('/api/admin/payouts').send({ ...body, amount: 10 });
    expect(clash.status).toBe(409);
    expect(clash.body.code).toBe('PAYOUT_REFERENCE_USED');
    expect((await earningsOf(seller.agent)).data.balance).toBe(625.5);

    await admin.agent
      .post('/api/admin/payouts')
      .send({ sellerId: other.sellerId, amount: 1, reference: 'UTR-0002' });
    const mine = await admin.agent.get(`/api/admin/payouts?sellerId=${seller.sellerId}`);
    expect(mine.status).toBe(200);
    expect(mine.body.data).toEqual([expect.objectContaining({ id: res.body.data.id })]);
    expect(mine.body.pagination).toMatchObject({ total: 1, pages: 1 });
    const all = await admin.agent.get('/api/admin/payouts?limit=1');
    expect(all.body.data).toEqual([expect.objectContaining({ reference: 'UTR-0002' })]);
    expect(all.body.pagination.total).toBeGreaterThanOrEqual(2);
  });

  it('when a payout is bad (amount, seller, reference, balance, caller), then a clear 4xx and nothing changes', async () => {
    const seller = await ctx.loginAsSeller();
    await delivered(seller, 10_000); // balance ₹87.60
    const before = await snapshot();
    const ok = { sellerId: seller.sellerId, amount: 10, reference: 'REF-BAD' };
    const cases: [Record<string, unknown>, number, string][] = [
      [{ ...ok, amount: 0 }, 400, 'VALIDATION_FAILED'],
      [{ ...ok, amount: -5 }, 400, 'VALIDATION_FAILED'],
      [{ ...ok, amount: 1.001 }, 400, 'VALIDATION_FAILED'],
      [{ ...ok, amount: 'lots' }, 400, 'VALIDATION_FAILED'],
      [{ ...ok, reference: '' }, 400, 'VALIDATION_FAILED'],
      [{ ...ok, sellerId: 'nope' }, 400, 'VALIDATION_FAILED'],
      [{ ...ok, amount: 87.61 }, 409, 'PAYOUT_EXCEEDS_BALANCE'],
      [{ ...ok, sellerId: '00000000-0000-4000-8000-000000000000' }, 404, 'NOT_FOUND'],
      [{ ...ok, sellerId: seller.userId }, 404, 'NOT_FOUND'], // a user id, not a seller
    ];
    for (const [body, status, code] of cases) {
      const res = await admin.agent.post('/api/admin/payouts').send(body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body.code).toBe(code);
    }
    const over = await admin.agent.post('/api/admin/payouts').send({ ...ok, amount: 100 });
    expect(over.body.details).toEqual({ balance: 87.6, payable: 87.6 });
    expect((await seller.agent.post('/api/admin/payouts').send(ok)).status).toBe(403);
    expect((await (await ctx.loginAs('user')).agent.get('/api/admin/payouts')).status).toBe(403);
    expect((await ctx.anon().get('/api/admin/payouts')).status).toBe(401);
    expect((await admin.agent.get('/api/admin/payouts?sellerId=x')).status).toBe(400);
    expect(await snapshot()).toEqual(before);
    expect((await earningsOf(seller.agent)).data.balance).toBe(87.6);
  });

  it('when twenty payouts race for one balance, then they never pay out more than it', async () => {
    const seller = await ctx.loginAsSeller();
    await delivered(seller, 50_000); // balance ₹438
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        admin.agent
          .post('/api/admin/payouts')
          .send({ sellerId: seller.sellerId, amount: 100, reference: `RACE-${i}` }),
      ),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(4);
    expect(
      results.filter((r) => r.status === 409).every((r) => r.body.code === 'PAYOUT_EXCEEDS_BALANCE'),
    ).toBe(true);
    expect(results.filter((r) => r.status !== 201 && r.status !== 409)).toEqual([]);
    expect((await earningsOf(seller.agent)).data).toMatchObject({ balance: 38, paidOut: 400 });
    const rows = await ctx.db.select().from(payouts).where(eq(payouts.sellerId, seller.sellerId));
    expect(rows).toHaveLength(4);
  });

  it('when someone tries to change the seller ledger, then the database refuses', async () => {
    const seller = await ctx.loginAsSeller();
    await delivered(seller, 10_000);
    await expect(
      ctx.db.update(sellerLedger).set({ deltaPaise: 1 }).where(eq(sellerLedger.sellerId, seller.sellerId)),
    ).rejects.toThrow();
    await expect(
      ctx.db.delete(sellerLedger).where(eq(sellerLedger.sellerId, seller.sellerId)),
    ).rejects.toThrow();
  });
});
