/**
 * Return policy per category and earned vs payable (docs/money.md, "Return window", "Earned and payable"): the admin
 * sets a category's window, each order line keeps the window it was sold under, its seller's net is earned at
 * delivery and payable once the window has closed; a payout takes at most the payable balance, also when it races a
 * refund. Run with DATABASE_URL for real PostgreSQL (the races).
 */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { orderLines } from '../../../../db/schema';
import { createTestContext, type TestSeller } from '../../../../../test/app';
import { createEarnings } from '../../earnings/earnings.service';
import { deliveredOrder } from '../../__tests__/helpers';

const ctx = await createTestContext();
const admin = await ctx.loginAs('admin');
const DAY = 86_400_000;

/** A paid, delivered ₹1,000 line at GST 0 % (net ₹876) of `category`. */
async function deliveredLine(seller: TestSeller, category: string) {
  const { orderId } = await deliveredOrder(ctx, [
    { sellerId: seller.sellerId, pricePaise: 100_000, gstRate: 0, category },
  ]);
  const [line] = await ctx.db.select().from(orderLines).where(eq(orderLines.orderId, orderId));
  return { orderId, line: line! };
}

const statement = async (seller: TestSeller) => (await seller.agent.get('/api/seller/earnings')).body.data;
/** The same use cases read on another day. */
const on = (at: Date) => createEarnings({ db: ctx.db, commissionBps: 1000, now: () => at });

describe('return policy per category', () => {
  it('when the admin sets a policy, then everyone reads it and new lines keep it; lines placed before keep theirs', async () => {
    const list = await ctx.anon().get('/api/shop/return-policies');
    expect(list.status).toBe(200);
    expect(list.body.data).toContainEqual({
      category: 'women',
      label: 'Women',
      windowDays: 7,
      policy: '7-day return',
    });
    const seller = await ctx.loginAsSeller();
    const before = await deliveredLine(seller, 'kids');
    expect(before.line.returnWindowDays).toBe(7);

    const set = await admin.agent.put('/api/admin/return-policies/kids').send({ windowDays: 0 });
    expect(set.status).toBe(200);
    expect(set.body.data).toEqual({
      category: 'kids',
      label: 'Kids',
      windowDays: null,
      policy: 'Not returnable',
    });
    const after = await deliveredLine(seller, 'kids');
    expect(after.line.returnWindowDays).toBeNull();
    // each order line says the policy it was sold under
    const policyOf = async (orderId: string) =>
      (await seller.agent.get(`/api/seller/orders/details/${orderId}`)).body.data.cartItems[0].returnPolicy;
    expect(await policyOf(before.orderId)).toBe('7-day return');
    expect(await policyOf(after.orderId)).toBe('Not returnable');
    // the first line still has its 7 days
    const [again] = await ctx.db.select().from(orderLines).where(eq(orderLines.id, before.line.id));
    expect(again!.returnWindowDays).toBe(7);
    expect(
      (await admin.agent.put('/api/admin/return-policies/kids').send({ windowDays: 30 })).body.data,
    ).toMatchObject({ windowDays: 30, policy: '30-day return' });
  });

  it('when a policy is bad or the caller not the admin, then 4xx and nothing changes', async () => {
    for (const body of [
      { windowDays: 91 },
      { windowDays: -1 },
      { windowDays: 1.5 },
      { windowDays: 'seven' },
      {},
    ]) {
      const res = await admin.agent.put('/api/admin/return-policies/footwear').send(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
    }
    expect((await admin.agent.put('/api/admin/return-policies/shoes').send({ windowDays: 5 })).status).toBe(
      400,
    );
    const seller = await ctx.loginAsSeller();
    expect(
      (await seller.agent.put('/api/admin/return-policies/footwear').send({ windowDays: 5 })).status,
    ).toBe(403);
    expect((await ctx.anon().put('/api/admin/return-policies/footwear').send({ windowDays: 5 })).status).toBe(
      401,
    );
    const list = await ctx.anon().get('/api/shop/return-policies');
    expect(list.body.data).toContainEqual(expect.objectContaining({ category: 'footwear', windowDays: 7 }));
  });
});

describe('earned, then payable after the return window', () => {
  it('when a returnable line is delivered, then its net is earned at once and payable only after the window', async () => {
    const seller = await ctx.loginAsSeller();
    await deliveredLine(seller, 'women'); // default 7 days
    expect(await statement(seller)).toMatchObject({ balance: 876, payable: 0, inReturnWindow: 876 });
    const early = await admin.agent
      .post('/api/admin/payouts')
      .send({ sellerId: seller.sellerId, amount: 1, reference: 'EARLY-1' });
    expect(early.status).toBe(409);
    expect(early.body).toMatchObject({
      code: 'PAYOUT_EXCEEDS_BALANCE',
      details: { balance: 876, payable: 0 },
    });
    expect(
      (await admin.agent.get('/api/admin/seller-accounts')).body.data.find(
        (a: { sellerId: string }) => a.sellerId === seller.sellerId,
      ),
    ).toMatchObject({ balance: 876, payable: 0, inReturnWindow: 876 });

    // six days on it is still in the window; nine days on it has closed (end of the 7th day, IST)
    const sixDays = await on(new Date(Date.now() + 6 * DAY)).statementOf(seller.sellerId, 1, 10);
    expect(sixDays.data).toMatchObject({ payable: 0, inReturnWindow: 876 });
    const later = on(new Date(Date.now() + 9 * DAY));
    expect((await later.statementOf(seller.sellerId, 1, 10)).data).toMatchObject({
      payable: 876,
      inReturnWindow: 0,
    });
    const paid = await later.recordPayout(
      { userId: admin.userId },
      { sellerId: seller.sellerId, amount: 876, reference: 'AFTER-WINDOW' },
    );
    expect(paid.created).toBe(true);
  });

  it('when a line is refunded in its window, then the refund comes off what is earned, not off the payable balance', async () => {
    const seller = await ctx.loginAsSeller();
    await admin.agent.put('/api/admin/return-policies/electronics').send({ windowDays: null });
    await deliveredLine(seller, 'electronics'); // payable at once: ₹876
    const { orderId } = await deliveredLine(seller, 'fashion'); // in its window: ₹876
    expect(
      (await admin.agent.post(`/api/admin/orders/${orderId}/refund`).send({ amount: 500, reason: 'damaged' }))
        .status,
    ).toBe(201);
    // ₹500 of ₹1,000 refunded: half of the net (₹438) comes back out of the window's part
    expect(await statement(seller)).toMatchObject({ payable: 876, inReturnWindow: 438, balance: 1314 });
  });
});

describe('payouts racing refunds', () => {
  it('when a payout of the whole payable balance races a full refund, then either the payout is refused or the seller owes the refunded net', async () => {
    await admin.agent.put('/api/admin/return-policies/appliances').send({ windowDays: null });
    for (let round = 0; round < 5; round++) {
      const seller = await ctx.loginAsSeller();
      const a = await deliveredLine(seller, 'appliances');
      await deliveredLine(seller, 'appliances');
      const [payout, refund] = await Promise.all([
        admin.agent
          .post('/api/admin/payouts')
          .send({ sellerId: seller.sellerId, amount: 1752, reference: `RACE-ALL-${round}` }),
        admin.agent.post(`/api/admin/orders/${a.orderId}/refund`).send({ reason: 'lost parcel' }),
      ]);
      expect(refund.status).toBe(201);
      const s = await statement(seller);
      if (payout.status === 201) expect(s).toMatchObject({ balance: -876, payable: -876, paidOut: 1752 });
      else {
        expect(payout.body.code).toBe('PAYOUT_EXCEEDS_BALANCE');
        expect(s).toMatchObject({ balance: 876, payable: 876, paidOut: 0 });
      }
    }
  });
});
