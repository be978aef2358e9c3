/**
 * Cash on delivery through the API (docs/money.md, "Cash on delivery"): eligibility, the SMS code, placing the
 * order, and the seller's money waiting for the courier's remittance.
 */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { returnWindowEndsAt } from '@mp/shared';
import { codParcels, orderStatusHistory, refunds } from '../../../../db/schema';
import { createTestContext, type TestAgent, type TestSeller } from '../../../../../test/app';
import {
  addToCart,
  courierDelivers,
  insertProduct,
  readOrder,
  readProduct,
  codCheckout,
} from '../../__tests__/helpers';
import { markCodParcelRefused, setCodParcelAwb } from '../cod-parcels';

const ctx = await createTestContext();
const admin = await ctx.loginAs('admin');
async function codOrder(seller: TestSeller, pricePaise = 100_000, quantity = 1) {
  const o = await codCheckout(ctx, [{ sellerId: seller.sellerId, pricePaise, quantity }]);
  return { ...o, product: o.products[0]! };
}

/** the code the shopper's phone received last */
const lastCode = () => /(\d{6})/.exec(ctx.deps.sms.sent.at(-1)!.text)![1]!;
const confirm = (agent: TestAgent, orderId: string, otp: string) =>
  agent.post('/api/shop/order/cod/confirm').send({ orderId, otp });
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
const balanceOf = async (seller: TestSeller) =>
  (await seller.agent.get('/api/seller/earnings')).body.data.balance as number;
const remit = (csv: string) => admin.agent.post('/api/admin/cod/remittances').send({ csv });

describe('cash on delivery', () => {
  it('when the order is over ₹10,000, then 422 names the limit and nothing is held', async () => {
    const seller = await ctx.loginAsSeller();
    const o = await codOrder(seller, 1_000_001); // ₹10,000.01, delivered free
    expect(o.res.status).toBe(422);
    expect(o.res.body.code).toBe('COD_NOT_ELIGIBLE');
    expect(o.res.body.message).toContain('₹10,000');
    expect((await readProduct(ctx.db, o.product.id)).totalStock).toBe(10);
  });

  it('when a seller does not take cash on delivery, or the shopper refused 2 parcels lately, then 422 with the reasons', async () => {
    const seller = await ctx.loginAsSeller();
    expect((await seller.agent.get('/api/seller/cod')).body.data).toEqual({ acceptsCod: true });
    const off = await seller.agent.put('/api/seller/cod').send({ acceptsCod: false });
    expect(off.body.data).toEqual({ acceptsCod: false });
    expect((await seller.agent.put('/api/seller/cod').send({ acceptsCod: 'no' })).status).toBe(400);
    const o = await codOrder(seller);
    expect(o.res.status).toBe(422);
    expect(o.res.body.details.reasons.join(' ')).toMatch(/do not take cash on delivery/);

    const other = await ctx.loginAsSeller();
    const first = await codOrder(other);
    expect(first.res.status).toBe(201);
    await confirm(first.agent, first.orderId, lastCode());
    await ctx.db.transaction((tx) => markCodParcelRefused(tx, first.orderId, other.sellerId));
    const product = await insertProduct(ctx.db, {
      sellerId: other.sellerId,
      pricePaise: 50_000,
      totalStock: 5,
    });
    await addToCart(first.agent, product.id, 1);
    // a second refused parcel of the same shopper (test data)
    await ctx.db.insert(codParcels).values({
      orderId: first.orderId,
      sellerId: seller.sellerId,
      userId: first.userId,
      amountPaise: 100,
      state: 'refused',
      refusedAt: new Date(),
    });
    const again = await first.agent
      .post('/api/shop/order/create')
      .send({ addressId: first.addressId, paymentMethod: 'cod' });
    expect(again.status).toBe(422);
    expect(again.body.details.reasons.join(' ')).toMatch(/2 cash-on-delivery parcels were refused/);
  });

  it('when the code is wrong, then 422 with the tries left; the fourth try is 429; the order is not placed', async () => {
    const seller = await ctx.loginAsSeller();
    const o = await codOrder(seller);
    expect(o.res.status).toBe(201);
    expect(o.res.body.approvalURL).toBe(`/shop/cod-confirm/${o.orderId}`);
    const code = lastCode();
    const tries = [];
    for (let i = 0; i < 3; i++) tries.push(await confirm(o.agent, o.orderId, wrong(code)));
    expect(tries.map((r) => [r.status, r.body.code, r.body.details?.triesLeft])).toEqual([
      [422, 'OTP_INVALID', 2],
      [422, 'OTP_INVALID', 1],
      [422, 'OTP_INVALID', 0],
    ]);
    const fourth = await confirm(o.agent, o.orderId, code);
    expect(fourth.status).toBe(429);
    const row = await readOrder(ctx.db, o.orderId);
    expect(row).toMatchObject({ paymentStatus: 'pending', stockHeld: true, paymentMethod: 'cod' });
  });

  it('when the right code is sent, then the order is placed with nothing captured, one parcel per seller', async () => {
    const seller = await ctx.loginAsSeller();
    const o = await codOrder(seller, 100_000, 2);
    const res = await confirm(o.agent, o.orderId, lastCode());
    expect(res.status).toBe(200);
    const row = await readOrder(ctx.db, o.orderId);
    expect(row).toMatchObject({
      paymentStatus: 'paid',
      orderStatus: 'confirmed',
      capturedPaise: 0,
      stockHeld: false,
    });
    expect((await readProduct(ctx.db, o.product.id)).unitsSold).toBe(2);
    const parcels = await ctx.db.select().from(codParcels).where(eq(codParcels.orderId, o.orderId));
    expect(parcels).toEqual([
      expect.objectContaining({ sellerId: seller.sellerId, amountPaise: row.totalPaise, state: 'awaiting' }),
    ]);
    expect((await confirm(o.agent, o.orderId, lastCode())).status).toBe(200); // placed again: the same answer
  });

  it("when a COD line is delivered, then the seller's balance stays 0 until its remittance row matches", async () => {
    const seller = await ctx.loginAsSeller();
    const o = await codOrder(seller, 100_000, 1);
    await confirm(o.agent, o.orderId, lastCode());
    const awb = `AWB${Date.now()}`;
    await ctx.db.transaction((tx) => setCodParcelAwb(tx, o.orderId, seller.sellerId, awb));
    await courierDelivers(ctx.deps, o.orderId, seller.sellerId);
    // delivered five days before the remittance comes
    await ctx.db
      .update(orderStatusHistory)
      .set({ createdAt: new Date(Date.now() - 5 * 86_400_000) })
      .where(eq(orderStatusHistory.orderId, o.orderId));
    expect(await balanceOf(seller)).toBe(0);
    const pending = (await seller.agent.get('/api/seller/earnings')).body.data.codPending as number;
    expect(pending).toBe((await readOrder(ctx.db, o.orderId)).totalPaise / 100);
    const total = (await readOrder(ctx.db, o.orderId)).totalPaise / 100;
    const res = await remit(
      [
        'awb,amount,date,reference',
        `${awb},${(total - 1).toFixed(2)},2026-11-20,REM-1`,
        `NOPE-${awb},${total.toFixed(2)},2026-11-20,REM-2`,
        `${awb},${total.toFixed(2)},2026-11-20,REM-3`,
        `${awb},${total.toFixed(2)},2026-11-21,REM-4`,
        `${awb},"12,3",2026-11-21,REM-5`,
      ].join('\n'),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.map((r: { outcome: string }) => r.outcome)).toEqual([
      'amount_mismatch',
      'unknown',
      'matched',
      'duplicate',
      'invalid',
    ]);
    // ₹1,000 less the 10% commission, 18 % GST on it, TCS (0.5 % of ₹952.38) and TDS (0.1 %)
    expect(await balanceOf(seller)).toBe(876.24);
    // its return window runs from the delivery, not from the remittance (docs/money.md, "Return window")
    const [delivery] = await ctx.db
      .select()
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, o.orderId))
      .then((rows) => rows.filter((r) => r.toStatus === 'delivered'));
    const entries = (await seller.agent.get('/api/seller/earnings')).body.data.entries;
    expect(entries.find((e: { type: string }) => e.type === 'earned').payableAt).toBe(
      returnWindowEndsAt(delivery!.createdAt, 7).toISOString(),
    );
    expect((await seller.agent.get('/api/seller/earnings')).body.data.codPending).toBe(0);
    const row = await readOrder(ctx.db, o.orderId);
    expect(row.capturedPaise).toBe(row.totalPaise);
  });

  it.each([
    [
      'the shopper cancels a placed COD order before shipping',
      (o: { agent: TestAgent; orderId: string }) => o.agent.post(`/api/shop/order/cancel/${o.orderId}`),
    ],
    [
      'the seller rejects its lines of a placed COD order',
      (o: { orderId: string }, seller: TestSeller) =>
        seller.agent
          .put(`/api/seller/orders/update/${o.orderId}`)
          .send({ orderStatus: 'rejected', reason: 'Out of stock at the warehouse' }),
    ],
  ] as const)(
    'when %s, then the stock comes back, nothing is refunded and nothing waits for remittance',
    async (_when, act) => {
      const seller = await ctx.loginAsSeller();
      const o = await codOrder(seller, 100_000, 1);
      await confirm(o.agent, o.orderId, lastCode());
      expect(
        (await balanceOf(seller)) + (await seller.agent.get('/api/seller/earnings')).body.data.codPending,
      ).toBe((await readOrder(ctx.db, o.orderId)).totalPaise / 100);
      const res = await act(o, seller);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(await ctx.db.select().from(refunds).where(eq(refunds.orderId, o.orderId))).toEqual([]);
      expect((await readProduct(ctx.db, o.product.id)).totalStock).toBe(10);
      expect((await seller.agent.get('/api/seller/earnings')).body.data.codPending).toBe(0);
    },
  );

  it('when the admin refunds part of a COD order before delivery, then the parcel asks for less and the seller earns the rest', async () => {
    const seller = await ctx.loginAsSeller();
    const o = await codOrder(seller, 100_000, 2);
    await confirm(o.agent, o.orderId, lastCode());
    const total = (await readOrder(ctx.db, o.orderId)).totalPaise;
    const refund = () =>
      admin.agent
        .post(`/api/admin/orders/${o.orderId}/refund`)
        .send({ amount: 250, reason: 'Scratched box' });
    const first = await refund();
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body.data.payments).toEqual([
      expect.objectContaining({ event: 'cod_lowered', type: 'refund', amount: 250 }),
    ]);
    expect((await refund()).status).toBe(200); // the same decision again changes nothing
    const [parcel] = await ctx.db.select().from(codParcels).where(eq(codParcels.orderId, o.orderId));
    expect(parcel!.amountPaise).toBe(total - 25_000);
    expect(await ctx.db.select().from(refunds).where(eq(refunds.orderId, o.orderId))).toEqual([]);
    const over = await admin.agent
      .post(`/api/admin/orders/${o.orderId}/refund`)
      .send({ amount: 5_000, reason: 'Too much' });
    expect([over.status, over.body.code]).toEqual([409, 'REFUND_EXCEEDS_CAPTURED']);

    const awb = `AWB-L${Date.now()}`;
    await ctx.db.transaction((tx) => setCodParcelAwb(tx, o.orderId, seller.sellerId, awb));
    await courierDelivers(ctx.deps, o.orderId, seller.sellerId);
    const rupees = (p: number) => (p / 100).toFixed(2);
    const res = await remit(
      [
        'awb,amount,date,reference',
        `${awb},${rupees(total)},2026-11-20,REM-L1`,
        `${awb},${rupees(total - 25_000)},2026-11-20,REM-L2`,
      ].join('\n'),
    );
    expect(res.body.data.map((r: { outcome: string }) => r.outcome)).toEqual(['amount_mismatch', 'matched']);
    // (₹2,000 − ₹250) less the 10% commission, its 18% GST, TDS 0.1% and TCS 0.5% of the taxable value at 5%
    expect(await balanceOf(seller)).toBe(1_533.42);
    const after = await admin.agent
      .post(`/api/admin/orders/${o.orderId}/refund`)
      .send({ amount: 10, reason: 'After delivery' });
    expect([after.status, after.body.code]).toEqual([409, 'COD_REFUND_UNAVAILABLE']);
  });

  it("when one seller rejects its lines of a two-seller COD order, then its parcel collects nothing and the other's collects the rest", async () => {
    const [a, b] = [await ctx.loginAsSeller(), await ctx.loginAsSeller()];
    const s = await codCheckout(ctx, [
      { sellerId: a.sellerId, pricePaise: 30_000 },
      { sellerId: b.sellerId, pricePaise: 45_000 },
    ]);
    expect(s.res.status, JSON.stringify(s.res.body)).toBe(201);
    const orderId = s.orderId;
    await confirm(s.agent, orderId, lastCode());
    const total = (await readOrder(ctx.db, orderId)).totalPaise;
    const rejected = await a.agent
      .put(`/api/seller/orders/update/${orderId}`)
      .send({ orderStatus: 'rejected', reason: 'Out of stock at the warehouse' });
    expect(rejected.status, JSON.stringify(rejected.body)).toBe(200);
    const parcels = await ctx.db.select().from(codParcels).where(eq(codParcels.orderId, orderId));
    const of = (seller: TestSeller) => parcels.find((p) => p.sellerId === seller.sellerId)!.amountPaise;
    expect([of(a), of(b)]).toEqual([0, total - 30_000]);
  });

  it('when the admin uploads the remittance file, then each row is answered; another type, no file or over 1 MB is refused', async () => {
    const seller = await ctx.loginAsSeller();
    const o = await codOrder(seller, 100_000, 1);
    await confirm(o.agent, o.orderId, lastCode());
    const awb = `AWB-F${Date.now()}`;
    await ctx.db.transaction((tx) => setCodParcelAwb(tx, o.orderId, seller.sellerId, awb));
    await courierDelivers(ctx.deps, o.orderId, seller.sellerId);
    const total = ((await readOrder(ctx.db, o.orderId)).totalPaise / 100).toFixed(2);
    const upload = (bytes: Buffer, filename: string, contentType: string) =>
      admin.agent.post('/api/admin/cod/remittances').attach('my_file', bytes, { filename, contentType });
    const csv = Buffer.from(`awb,amount,date,reference\r\n${awb},${total},2026-11-20,REM-F1\r\n`);
    const png = await upload(csv, 'remit.png', 'image/png');
    expect([png.status, png.body.code]).toEqual([415, 'UNSUPPORTED_FILE']);
    const none = await admin.agent.post('/api/admin/cod/remittances').field('note', 'no file');
    expect([none.status, none.body.code]).toEqual([400, 'INVALID_CSV']);
    const big = await upload(Buffer.alloc(1_000_001, 'a'), 'big.csv', 'text/csv');
    expect([big.status, big.body.code]).toEqual([413, 'PAYLOAD_TOO_LARGE']);
    const res = await upload(csv, 'remit.csv', 'text/csv');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toEqual([{ line: 2, awb, outcome: 'matched', message: 'Matched' }]);
    expect(await balanceOf(seller)).toBe(876.24); // ₹1,000 less commission, its GST, TCS and TDS
    const again = await upload(csv, 'remit.csv', 'application/vnd.ms-excel');
    expect(again.body.data.map((r: { outcome: string }) => r.outcome)).toEqual(['duplicate']);
  });
});
