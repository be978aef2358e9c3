/**
 * The money flow (docs/money.md) through the API with PayPal's local fake: pending captures, capture verification,
 * refunds at the provider (partial, idempotent, failing and retried), who gives money back, the ledger.
 * Run with DATABASE_URL for real PostgreSQL (the races below).
 */
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { coupons, mailOutbox, orderLines, paymentLedger, refunds } from '../../../../db/schema';
import { createTestContext } from '../../../../../test/app';
import {
  createdAmountOf,
  paypalWebhookHeaders,
  startPayPalFake,
} from '../../../../../test/fakes/paypal-fake';
import { releaseExpiredHolds } from '../../orders/stock-hold';
import {
  courierDelivers,
  createOrder,
  insertProduct,
  ledgerOf,
  placedOrder,
  readOrder,
  readProduct,
  setStock,
  shopperWithCart,
} from '../../__tests__/helpers';

const fake = await startPayPalFake();
const ctx = await createTestContext({
  PAYPAL_CLIENT_ID: `client-${Date.now()}`,
  PAYPAL_CLIENT_SECRET: 'secret',
  PAYPAL_API_BASE: fake.url,
  PAYPAL_WEBHOOK_ID: 'WH-TEST-1',
  PAYPAL_TIMEOUT_MS: '1500',
  PUBLIC_URL: 'https://shop.example.in',
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

/** A shopper with a pending PayPal order of `quantity` units at ₹200 (10% off) each, ₹40 delivery. */
async function pendingOrder(opts: { stock?: number; quantity?: number; sellerId?: string } = {}) {
  const o = await placedOrder(ctx, [
    {
      pricePaise: 20_000,
      discount: 10,
      totalStock: opts.stock ?? 5,
      sellerId: opts.sellerId ?? null,
      quantity: opts.quantity ?? 2,
    },
  ]);
  return { ...o, product: o.products[0]! };
}
type Pending = Awaited<ReturnType<typeof pendingOrder>>;

const capture = (o: Pick<Pending, 'agent' | 'paymentId' | 'orderId'>) =>
  o.agent
    .post('/api/shop/order/capture')
    .send({ paymentId: o.paymentId, payerId: 'FAKEPAYER1', orderId: o.orderId });

async function paidOrder(opts: Parameters<typeof pendingOrder>[0] = {}) {
  const o = await pendingOrder(opts);
  fake.approve(o.paymentId);
  const res = await capture(o);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return o;
}

let eventCounter = 0;
function webhook(eventType: string, resource: Record<string, unknown>) {
  return ctx
    .anon()
    .post('/api/payments/paypal/webhook')
    .set(paypalWebhookHeaders(fake.validSignature))
    .send({ id: `WH-MONEY-${++eventCounter}-${Date.now()}`, event_type: eventType, resource });
}
const captureCompleted = (
  paypalOrderId: string,
  captureId: string,
  amount = createdAmountOf(fake, paypalOrderId),
) =>
  webhook('PAYMENT.CAPTURE.COMPLETED', {
    id: captureId,
    status: 'COMPLETED',
    amount,
    supplementary_data: { related_ids: { order_id: paypalOrderId } },
  });

const ledger = async (orderId: string) =>
  (
    await ctx.db
      .select()
      .from(paymentLedger)
      .where(eq(paymentLedger.orderId, orderId))
      .orderBy(paymentLedger.createdAt)
  ).map((e) => ({ type: e.type, amountPaise: e.amountPaise, reason: e.reason }));
const refundRequests = () =>
  fake.requests.filter((r) => /\/v2\/payments\/captures\/[^/]+\/refund$/.test(r.path));

describe('pending capture', () => {
  it('when PayPal answers the capture PENDING, then 202 pending (not paid), and the webhook completes it', async () => {
    const o = await pendingOrder();
    fake.approve(o.paymentId);
    fake.next('capture', 'pending');
    const res = await capture(o);
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ data: { paymentStatus: 'pending' } });
    expect(res.body.data.payments).toEqual([
      expect.objectContaining({ type: 'capture', event: 'capture_pending', status: 'pending', amount: 400 }),
    ]);
    expect(await readOrder(ctx.db, o.orderId)).toMatchObject({
      paymentStatus: 'pending',
      captureId: 'CAPPENDING',
    });

    const hook = await captureCompleted(o.paymentId, 'CAPPENDING');
    expect(hook.status).toBe(200);
    const details = await o.agent.get(`/api/shop/order/details/${o.orderId}`);
    expect(details.body.data).toMatchObject({
      paymentStatus: 'paid',
      orderStatus: 'confirmed',
      refundedAmount: 0,
    });
    expect(details.body.data.payments.map((p: { event: string }) => p.event)).toEqual([
      'capture_pending',
      'capture',
    ]);
    expect(await readProduct(ctx.db, o.product.id)).toMatchObject({ totalStock: 3, unitsSold: 2 });
  });
});

describe('capture verification', () => {
  it('when PayPal captured a different amount, then the order is not paid, the capture is refunded in full and recorded', async () => {
    const o = await pendingOrder({ stock: 5, quantity: 2 });
    fake.approve(o.paymentId);
    fake.captureAmount(o.paymentId, '350.00');
    const res = await capture(o);
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('AMOUNT_MISMATCH');
    const row = await readOrder(ctx.db, o.orderId);
    expect(row).toMatchObject({
      paymentStatus: 'failed',
      capturedPaise: 35_000,
      refundedPaise: 35_000,
      stockHeld: false,
    });
    expect((await readProduct(ctx.db, o.product.id)).totalStock).toBe(5);
    const [req] = refundRequests();
    expect(req!.body).toMatchObject({ amount: { currency_code: 'INR', value: '350.00' } });
    expect(await ledger(o.orderId)).toEqual([
      {
        type: 'capture_refused',
        amountPaise: 35_000,
        reason: expect.stringMatching(/captured INR 350\.00, order total INR 400\.00/),
      },
      expect.objectContaining({ type: 'refund_requested', amountPaise: 35_000 }),
      expect.objectContaining({ type: 'refund_completed', amountPaise: 35_000 }),
    ]);
  });

  it('when the webhook reports a capture in another currency, then it is refunded, not paid', async () => {
    const o = await pendingOrder();
    const captureId = fake.markCaptured(o.paymentId);
    const res = await captureCompleted(o.paymentId, captureId, { currency_code: 'USD', value: '400.00' });
    expect(res.status).toBe(200);
    expect(await readOrder(ctx.db, o.orderId)).toMatchObject({
      paymentStatus: 'failed',
      refundedPaise: 40_000,
    });
  });
});

describe('refunds at the provider', () => {
  it('when the admin refunds part, then PayPal gets a partial refund with PayPal-Request-Id; a repeat changes nothing', async () => {
    const o = await paidOrder();
    const admin = await ctx.loginAs('admin');
    const res = await admin.agent
      .post(`/api/admin/orders/${o.orderId}/refund`)
      .send({ amount: 150.5, reason: 'damaged box' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data).toMatchObject({ refundedAmount: 150.5, paymentStatus: 'paid' });
    const reqs = refundRequests();
    expect(reqs).toHaveLength(1);
    expect(reqs[0]!.path).toBe(`/v2/payments/captures/${fake.orders.get(o.paymentId)!.captureId}/refund`);
    expect(reqs[0]!.headers['paypal-request-id']).toMatch(/^refund-[0-9a-f-]{36}$/);
    expect(reqs[0]!.body).toMatchObject({ amount: { value: '150.50', currency_code: 'INR' } });

    const again = await admin.agent
      .post(`/api/admin/orders/${o.orderId}/refund`)
      .send({ amount: 150.5, reason: 'damaged box' });
    expect(again.status).toBe(200);
    expect(again.body.data.refundedAmount).toBe(150.5);
    expect(refundRequests()).toHaveLength(1);

    // the shopper sees it, with a refund mail queued in the same transaction
    const mine = await o.agent.get(`/api/shop/order/details/${o.orderId}`);
    expect(mine.body.data.payments).toEqual([
      expect.objectContaining({ type: 'capture', status: 'completed', amount: 400 }),
      expect.objectContaining({ type: 'refund', event: 'refund_requested', amount: 150.5 }),
      expect.objectContaining({
        type: 'refund',
        event: 'refund_completed',
        amount: 150.5,
        status: 'completed',
      }),
    ]);
    const [refund] = await ctx.db.select().from(refunds).where(eq(refunds.orderId, o.orderId));
    const mails = await ctx.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.dedupeKey, `refund:${refund!.id}`));
    expect(mails).toHaveLength(1);

    // no amount = the rest
    const rest = await admin.agent.post(`/api/admin/orders/${o.orderId}/refund`).send({ reason: 'goodwill' });
    expect(rest.status).toBe(201);
    expect(rest.body.data.refundedAmount).toBe(400);
  });

  it('when the refund input is bad, then a clear 4xx and nothing changes', async () => {
    const o = await paidOrder();
    const admin = await ctx.loginAs('admin');
    const url = `/api/admin/orders/${o.orderId}/refund`;
    expect((await admin.agent.post(url).send({ amount: 0, reason: 'zero' })).status).toBe(400);
    expect((await admin.agent.post(url).send({ amount: -5, reason: 'negative' })).status).toBe(400);
    expect((await admin.agent.post(url).send({ amount: 10 })).status).toBe(400);
    const over = await admin.agent.post(url).send({ amount: 400.01, reason: 'too much' });
    expect(over.status).toBe(409);
    expect(over.body.code).toBe('REFUND_EXCEEDS_CAPTURED');
    expect(
      (
        await admin.agent
          .post(`/api/admin/orders/00000000-0000-4000-8000-000000000000/refund`)
          .send({ reason: 'unknown' })
      ).status,
    ).toBe(404);
    expect((await o.agent.post(url).send({ reason: 'shopper tries' })).status).toBe(403);
    const unpaid = await pendingOrder();
    const none = await admin.agent
      .post(`/api/admin/orders/${unpaid.orderId}/refund`)
      .send({ reason: 'nothing taken' });
    expect(none.status).toBe(409);
    expect(none.body.code).toBe('NOT_REFUNDABLE');
    expect(refundRequests()).toHaveLength(0);
    expect(await readOrder(ctx.db, o.orderId)).toMatchObject({ refundedPaise: 0 });
  });

  it('when PayPal fails the refund, then it stays pending and visible, and the sweeper completes it later', async () => {
    const o = await paidOrder();
    const admin = await ctx.loginAs('admin');
    fake.next('refund', 'serverError');
    const res = await admin.agent
      .post(`/api/admin/orders/${o.orderId}/refund`)
      .send({ amount: 100, reason: 'late delivery' });
    expect(res.status).toBe(201);
    expect(res.body.data.refundedAmount).toBe(0);
    expect(res.body.data.payments).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ event: 'refund_requested', status: 'pending', amount: 100 }),
        expect.objectContaining({ event: 'refund_failed', status: 'failed', amount: 100 }),
      ]),
    );
    const [pending] = await ctx.db.select().from(refunds).where(eq(refunds.orderId, o.orderId));
    expect(pending).toMatchObject({
      status: 'pending',
      attempts: 1,
      lastError: expect.stringMatching(/PayPal/),
    });

    // the sweeper retries once the back-off is over, with the same request id (one refund at PayPal)
    const done = await ctx.deps.money.refunder.retryDue(new Date(Date.now() + 10 * 60_000));
    expect(done).toBe(1);
    const ids = refundRequests().map((r) => r.headers['paypal-request-id']);
    expect(ids).toEqual([ids[0], ids[0]]);
    expect(await readOrder(ctx.db, o.orderId)).toMatchObject({ refundedPaise: 10_000 });
  });

  it('when PayPal settles a refund later, then PAYMENT.CAPTURE.REFUNDED completes it once', async () => {
    const o = await paidOrder();
    const admin = await ctx.loginAs('admin');
    fake.next('refund', (_req, res) => {
      res.writeHead(201, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ id: 'RFPENDING1', status: 'PENDING' }));
    });
    const res = await admin.agent
      .post(`/api/admin/orders/${o.orderId}/refund`)
      .send({ amount: 40, reason: 'delivery' });
    expect(res.body.data.refundedAmount).toBe(0);
    for (let i = 0; i < 2; i++) {
      const hook = await webhook('PAYMENT.CAPTURE.REFUNDED', {
        id: 'RFPENDING1',
        status: 'COMPLETED',
        amount: { value: '40.00', currency_code: 'INR' },
      });
      expect(hook.status).toBe(200);
    }
    expect(await readOrder(ctx.db, o.orderId)).toMatchObject({ refundedPaise: 4_000 });
  });

  it('when ten refunds race on one order, then never more than captured is refunded', async () => {
    const o = await paidOrder();
    const admin = await ctx.loginAs('admin');
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        admin.agent.post(`/api/admin/orders/${o.orderId}/refund`).send({ amount: 100, reason: `race ${i}` }),
      ),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(4);
    expect(
      results.filter((r) => r.status === 409).every((r) => r.body.code === 'REFUND_EXCEEDS_CAPTURED'),
    ).toBe(true);
    expect(await readOrder(ctx.db, o.orderId)).toMatchObject({ refundedPaise: 40_000 });
    expect(refundRequests()).toHaveLength(4);
  });
});

describe('who gives money back', () => {
  it('when the payment arrives after the hold expired and the stock is gone, then it is refunded in full', async () => {
    const o = await pendingOrder({ stock: 2, quantity: 2 });
    await releaseExpiredHolds(ctx.db, ctx.deps.changes, new Date(Date.now() + 24 * 3600_000));
    await setStock(ctx.db, o.product.id, 0);
    const captureId = fake.markCaptured(o.paymentId);
    expect((await captureCompleted(o.paymentId, captureId)).status).toBe(200);
    expect(await readOrder(ctx.db, o.orderId)).toMatchObject({
      paymentStatus: 'cancelled',
      capturedPaise: 40_000,
      refundedPaise: 40_000,
    });
    expect(refundRequests()).toHaveLength(1);
    expect((await ledger(o.orderId)).map((e) => e.type)).toEqual([
      'capture_refused',
      'refund_requested',
      'refund_completed',
    ]);
    expect((await readProduct(ctx.db, o.product.id)).totalStock).toBe(0);
  });

  it("when the payment arrives after the hold expired and the code's last use went to another order, then it is refunded in full", async () => {
    const admin = await ctx.loginAs('admin');
    const code = `LATE${Date.now().toString(36)}`.toUpperCase();
    const made = await admin.agent.post('/api/admin/coupons').send({
      code,
      kind: 'percent',
      percent: 10,
      startsAt: '2026-01-01',
      endsAt: '2099-12-31',
      totalUses: 1,
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const p = await insertProduct(ctx.db, { pricePaise: 20_000, totalStock: 5 });
    const withCode = async () => {
      const s = await shopperWithCart(ctx, [{ productId: p.id }]);
      expect((await s.agent.post('/api/shop/cart/coupon').send({ code })).status).toBe(200);
      return { ...s, ...(await createOrder(s.agent, s.addressId)) };
    };
    const first = await withCode();
    // its hold ends unpaid: the use is given back, and another shopper takes it and pays
    await releaseExpiredHolds(ctx.db, ctx.deps.changes, new Date(Date.now() + 24 * 3600_000));
    const second = await withCode();
    fake.approve(second.paymentId);
    expect((await capture(second)).status).toBe(200);

    const captureId = fake.markCaptured(first.paymentId);
    expect((await captureCompleted(first.paymentId, captureId)).status).toBe(200);
    const late = await readOrder(ctx.db, first.orderId);
    expect(late).toMatchObject({ paymentStatus: 'cancelled', refundedPaise: late.capturedPaise });
    expect(late.capturedPaise).toBeGreaterThan(0);
    const [row] = await ctx.db.select().from(coupons).where(eq(coupons.code, code));
    expect(row).toMatchObject({ used: 1, reserved: 0 });
  });

  it('when the shopper cancels a paid order, then everything is refunded and the stock returns; a second cancel is 409', async () => {
    const o = await paidOrder({ stock: 5, quantity: 2 });
    const res = await o.agent.post(`/api/shop/order/cancel/${o.orderId}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe('Order cancelled and refunded');
    expect(res.body.data).toMatchObject({ refundedAmount: 400, orderStatus: 'rejected' });
    expect(await readProduct(ctx.db, o.product.id)).toMatchObject({ totalStock: 5, unitsSold: 0 });
    const again = await o.agent.post(`/api/shop/order/cancel/${o.orderId}`);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('ALREADY_CANCELLED');
    const other = await ctx.loginAs('user');
    expect((await other.agent.post(`/api/shop/order/cancel/${o.orderId}`)).status).toBe(404);
    expect(refundRequests()).toHaveLength(1);
    expect(await readProduct(ctx.db, o.product.id)).toMatchObject({ totalStock: 5, unitsSold: 0 });
  });

  it('when a seller rejects its lines, then they are refunded; cancelling the rest refunds it with the delivery', async () => {
    const s1 = await ctx.loginAsSeller();
    const s2 = await ctx.loginAsSeller();
    const created = await placedOrder(ctx, [
      { pricePaise: 10_000, totalStock: 5, sellerId: s1.sellerId },
      { pricePaise: 30_000, totalStock: 5, sellerId: s2.sellerId },
    ]);
    const [p1, p2] = [created.products[0]!, created.products[1]!];
    fake.approve(created.paymentId);
    const paid = await capture(created);
    expect(paid.status).toBe(200);
    const total = paid.body.data.totalAmount as number;

    const rej = await s1.agent
      .put(`/api/seller/orders/update/${created.orderId}`)
      .send({ orderStatus: 'rejected', reason: 'Out of stock' });
    expect(rej.status, JSON.stringify(rej.body)).toBe(200);
    expect(rej.body.data).toMatchObject({ orderStatus: 'rejected', refundedAmount: 100 });
    expect(rej.body.message).toMatch(/refunded to the shopper/);
    expect(rej.body.data.payments).toEqual([
      expect.objectContaining({ type: 'refund' }),
      expect.objectContaining({ event: 'refund_completed' }),
    ]);
    expect((await readProduct(ctx.db, p1.id)).totalStock).toBe(5);
    expect(await readOrder(ctx.db, created.orderId)).toMatchObject({
      refundedPaise: 10_000,
      deliveryRefunded: false,
    });
    // asking again changes nothing
    expect(
      (
        await s1.agent
          .put(`/api/seller/orders/update/${created.orderId}`)
          .send({ orderStatus: 'rejected', reason: 'Out of stock' })
      ).status,
    ).toBe(200);
    expect(refundRequests()).toHaveLength(1);

    const cancel = await created.agent.post(`/api/shop/order/cancel/${created.orderId}`);
    expect(cancel.status).toBe(200);
    expect(cancel.body.data.refundedAmount).toBe(total);
    expect(await readOrder(ctx.db, created.orderId)).toMatchObject({ deliveryRefunded: true });
    expect((await readProduct(ctx.db, p2.id)).totalStock).toBe(5);
  });

  it('when a line is already in shipping, then the shopper cannot cancel (409) and nothing changes', async () => {
    const seller = await ctx.loginAsSeller();
    const o = await paidOrder({ sellerId: seller.sellerId });
    expect(
      (await seller.agent.put(`/api/seller/orders/update/${o.orderId}`).send({ orderStatus: 'inShipping' }))
        .status,
    ).toBe(200);
    const res = await o.agent.post(`/api/shop/order/cancel/${o.orderId}`);
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('NOT_CANCELLABLE');
    expect(await readOrder(ctx.db, o.orderId)).toMatchObject({ refundedPaise: 0, cancelledAt: null });
  });
});

describe('racing refunds, cancels and rejections', () => {
  it('when 50 refund, cancel, reject and payout calls race on one order, then no more than captured is refunded, stock returns once and a seller owes only what it was paid out', async () => {
    const s1 = await ctx.loginAsSeller();
    const s2 = await ctx.loginAsSeller();
    // a third seller's line is delivered before the race: refunds falling on it come off its balance, payouts race them
    const s3 = await ctx.loginAsSeller();
    const admin = await ctx.loginAs('admin');
    // s3's line not returnable: its net is payable at delivery, so payouts really race the refunds (docs/money.md)
    await admin.agent.put('/api/admin/return-policies/men').send({ windowDays: null });
    const created = await placedOrder(ctx, [
      { pricePaise: 10_000, totalStock: 5, sellerId: s1.sellerId, quantity: 2 },
      { pricePaise: 30_000, totalStock: 5, sellerId: s2.sellerId },
      { pricePaise: 10_000, totalStock: 5, sellerId: s3.sellerId },
    ]);
    const [p1, p2, p3] = [created.products[0]!, created.products[1]!, created.products[2]!];
    fake.approve(created.paymentId);
    expect((await capture(created)).status).toBe(200);
    await courierDelivers(ctx.deps, created.orderId, s3.sellerId);
    const url = `/api/admin/orders/${created.orderId}/refund`;
    const calls = Array.from({ length: 50 }, (_, i) =>
      i % 10 === 0
        ? admin.agent
            .post('/api/admin/payouts')
            .send({ sellerId: s3.sellerId, amount: 40, reference: `race-payout-${i}` })
        : i % 5 === 0
          ? created.agent.post(`/api/shop/order/cancel/${created.orderId}`)
          : i % 5 === 1
            ? s1.agent
                .put(`/api/seller/orders/update/${created.orderId}`)
                .send({ orderStatus: 'rejected', reason: 'Out of stock' })
            : i % 5 === 2
              ? s2.agent
                  .put(`/api/seller/orders/update/${created.orderId}`)
                  .send({ orderStatus: 'rejected', reason: 'Out of stock' })
              : admin.agent.post(url).send({ amount: 37.5, reason: `race ${i}` }),
    );
    const results = await Promise.all(calls);
    for (const r of results) expect([200, 201, 409], JSON.stringify(r.body)).toContain(r.status);
    const row = await readOrder(ctx.db, created.orderId);
    const all = await ctx.db.select().from(refunds).where(eq(refunds.orderId, created.orderId));
    expect(all.reduce((sum, r) => sum + r.amountPaise, 0)).toBeLessThanOrEqual(row.capturedPaise);
    expect(row.refundedPaise).toBeLessThanOrEqual(row.capturedPaise);
    expect(all.every((r) => r.status === 'completed')).toBe(true);
    // the admin's ₹37.50 refunds went on until less than one was left (the delivered line cannot be rejected or
    // cancelled), and each rejected unit came back to stock exactly once
    expect(row.capturedPaise - row.refundedPaise).toBeLessThan(3_750);
    expect(await readProduct(ctx.db, p1.id)).toMatchObject({ totalStock: 5, unitsSold: 0 });
    expect(await readProduct(ctx.db, p2.id)).toMatchObject({ totalStock: 5, unitsSold: 0 });
    // the delivered line's refunds were charged to its seller exactly; a negative balance is a debt left by a refund
    // after a payout, never more than what was paid out
    const [line3] = await ctx.db.select().from(orderLines).where(eq(orderLines.productId, p3.id));
    const s3Entries = await ledgerOf(ctx.db, s3.sellerId);
    const sum = (type: string) =>
      s3Entries.filter((e) => e.type === type).reduce((t, e) => t + e.deltaPaise, 0);
    expect(line3!.status).toBe('delivered');
    expect(line3!.refundedPaise).toBeGreaterThan(0);
    expect(sum('earned')).toBe(10_000);
    expect(-sum('refund')).toBe(line3!.refundedPaise);
    expect(s3Entries.reduce((t, e) => t + e.deltaPaise, 0)).toBeGreaterThanOrEqual(sum('payout'));
    expect(await readProduct(ctx.db, p3.id)).toMatchObject({ totalStock: 4, unitsSold: 1 });
    const atPayPal = [...fake.refunds.values()].filter((r) => r.captureId === row.captureId);
    expect(atPayPal.reduce((sum, r) => sum + Math.round(Number(r.value) * 100), 0)).toBe(row.refundedPaise);
  });
});

describe('capture racing cancel', () => {
  it('when capture and cancel race many times, then each ends one way and both callers are told the truth', async () => {
    for (let trial = 0; trial < 30; trial++) {
      const o = await pendingOrder({ stock: 3, quantity: 1 });
      fake.approve(o.paymentId);
      const [cap, cancel] = await Promise.all([
        capture(o),
        o.agent.post(`/api/shop/order/cancel/${o.orderId}`),
      ]);
      const row = await readOrder(ctx.db, o.orderId);
      const stock = (await readProduct(ctx.db, o.product.id)).totalStock;
      expect(cancel.status, JSON.stringify(cancel.body)).toBe(200);
      // the shopper was told "cancelled": the money is back (or was never taken) and so is the stock
      expect(row.cancelledAt).not.toBeNull();
      expect(row.refundedPaise).toBe(row.capturedPaise);
      expect(stock).toBe(3);
      if (cap.status === 200) {
        // captured first: paid at that moment, then the cancel refunded it
        expect(row.paymentStatus).toBe('paid');
        expect(row.capturedPaise).toBe(row.totalPaise);
      } else {
        expect(cap.status, JSON.stringify(cap.body)).toBe(409);
        expect(['ORDER_CANCELLED', 'PAYMENT_FAILED']).toContain(cap.body.code);
        expect(row.paymentStatus).toBe('cancelled');
        // a capture that lost is refunded and recorded
        if (row.capturedPaise > 0) {
          expect((await ledger(o.orderId)).map((e) => e.type)).toEqual([
            'capture_refused',
            'refund_requested',
            'refund_completed',
          ]);
        }
      }
    }
  });
});
