import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { paymentEvents } from '../../../../db/schema';
import { createTestContext } from '../../../../../test/app';
import {
  createdAmountOf,
  paypalWebhookHeaders,
  startPayPalFake,
  type FakeBehaviour,
} from '../../../../../test/fakes/paypal-fake';
import { placedOrder, readOrder, readProduct, shopperWithCart } from '../../__tests__/helpers';

const fake = await startPayPalFake();
const TIMEOUT_MS = 400;
const ctx = await createTestContext({
  PAYPAL_CLIENT_ID: `client-${Date.now()}`,
  PAYPAL_CLIENT_SECRET: 'secret',
  PAYPAL_API_BASE: fake.url,
  PAYPAL_WEBHOOK_ID: 'WH-TEST-1',
  PAYPAL_TIMEOUT_MS: String(TIMEOUT_MS),
  PUBLIC_URL: 'https://shop.example.in',
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

async function pendingOrder(stock = 5, quantity = 2) {
  const o = await placedOrder(ctx, [{ pricePaise: 20_000, discount: 10, totalStock: stock, quantity }]);
  return { ...o, product: o.products[0]! };
}

const capture = (o: Awaited<ReturnType<typeof pendingOrder>>) =>
  o.agent
    .post('/api/shop/order/capture')
    .send({ paymentId: o.paymentId, payerId: 'FAKEPAYER1', orderId: o.orderId });

/** A pending order the shopper approved on PayPal, then captured while PayPal answers the capture `behaviour`. */
async function approvedAndCaptured(behaviour: FakeBehaviour) {
  const o = await pendingOrder();
  fake.approve(o.paymentId);
  fake.next('capture', behaviour);
  return { o, res: await capture(o) };
}

let eventCounter = 0;
function webhook(paypalOrderId: string, captureId: string, sig = fake.validSignature) {
  return ctx
    .anon()
    .post('/api/payments/paypal/webhook')
    .set(paypalWebhookHeaders(sig))
    .send({
      id: `WH-EVT-${++eventCounter}-${paypalOrderId}`,
      event_type: 'PAYMENT.CAPTURE.COMPLETED',
      resource: {
        id: captureId,
        status: 'COMPLETED',
        amount: createdAmountOf(fake, paypalOrderId),
        supplementary_data: { related_ids: { order_id: paypalOrderId } },
      },
    });
}

describe('PayPal create', () => {
  it('when an order is created, then PayPal gets a CAPTURE order whose breakdown adds up, with an idempotency key', async () => {
    const o = await pendingOrder(5, 2);
    expect(o.approvalURL).toBe(`https://www.sandbox.paypal.com/checkoutnow?token=${o.paymentId}`);
    const row = await readOrder(ctx.db, o.orderId);
    expect(row).toMatchObject({ paymentMethod: 'paypal', paymentId: o.paymentId, stockHeld: true });

    const token = fake.requests.find((r) => r.path === '/v1/oauth2/token');
    expect(token?.headers.authorization).toMatch(/^Basic /);
    const create = fake.requests.find((r) => r.method === 'POST' && r.path === '/v2/checkout/orders')!;
    expect(create.headers['paypal-request-id']).toBe(`create-${o.orderId}`);
    const body = create.body as {
      intent: string;
      purchase_units: {
        amount: { currency_code: string; value: string; breakdown: Record<string, { value: string }> };
      }[];
      payment_source: { paypal: { experience_context: { return_url: string; cancel_url: string } } };
    };
    expect(body.intent).toBe('CAPTURE');
    const amount = body.purchase_units[0]!.amount;
    // 2 × 200 = 400, 10% off = 40, delivery 40 → 400
    expect(amount).toMatchObject({
      currency_code: 'INR',
      value: '400.00',
      breakdown: {
        item_total: { value: '400.00' },
        discount: { value: '40.00' },
        shipping: { value: '40.00' },
      },
    });
    const b = amount.breakdown;
    expect(Number(b.item_total!.value) - Number(b.discount!.value) + Number(b.shipping!.value)).toBe(
      Number(amount.value),
    );
    expect(body.payment_source.paypal.experience_context).toMatchObject({
      return_url: 'https://shop.example.in/shop/paypal-return',
      cancel_url: 'https://shop.example.in/shop/paypal-cancel',
    });
  });

  it('when PayPal answers 5xx on create, then 502, the order failed and its stock returned', async () => {
    const s = await shopperWithCart(ctx, [{ totalStock: 3, quantity: 2 }]);
    const p = s.products[0]!;
    fake.next('create', 'serverError');
    const res = await s.agent.post('/api/shop/order/create').send({ addressId: s.addressId });
    expect(res.status).toBe(502);
    expect(res.body.code).toBe('PAYMENT_PROVIDER_ERROR');
    expect((await readProduct(ctx.db, p.id)).totalStock).toBe(3);
    const list = await s.agent.get(`/api/shop/order/list/${s.userId}`);
    expect(list.body.data).toEqual([expect.objectContaining({ paymentStatus: 'failed' })]);
  });

  it('when PayPal never answers the create, then 502 within the time-out and the stock is returned', async () => {
    const s = await shopperWithCart(ctx, [{ totalStock: 3 }]);
    const p = s.products[0]!;
    fake.next('create', 'timeout');
    const started = Date.now();
    const res = await s.agent.post('/api/shop/order/create').send({ addressId: s.addressId });
    expect(res.status).toBe(502);
    expect(Date.now() - started).toBeLessThan(TIMEOUT_MS + 2000);
    expect((await readProduct(ctx.db, p.id)).totalStock).toBe(3);
  });
});

describe('PayPal capture', () => {
  it('when the buyer approved, then capture marks the order paid with the capture id', async () => {
    const o = await pendingOrder(5, 2);
    fake.approve(o.paymentId, 'PAYERXYZ');
    const res = await capture(o);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      paymentStatus: 'paid',
      orderStatus: 'confirmed',
      payerId: 'PAYERXYZ',
    });
    const req = fake.requests.find((r) => r.path === `/v2/checkout/orders/${o.paymentId}/capture`)!;
    expect(req.headers['paypal-request-id']).toBe(`capture-${o.paymentId}`);
    const row = await readOrder(ctx.db, o.orderId);
    expect(row.captureId).toBe(fake.orders.get(o.paymentId)!.captureId);
    expect(await readProduct(ctx.db, o.product.id)).toMatchObject({ totalStock: 3, unitsSold: 2 });

    const again = await capture(o);
    expect(again.status).toBe(200);
    expect(await readProduct(ctx.db, o.product.id)).toMatchObject({ totalStock: 3, unitsSold: 2 });
  });

  it('when a PayPal payment is captured, then the admin dashboard counts it as revenue, not as a test', async () => {
    const admin = await ctx.loginAs('admin');
    const before = (await admin.agent.get('/api/admin/dashboard')).body.data;
    const o = await pendingOrder(5, 2); // 2 × ₹200 − 10% + ₹40 delivery = ₹400
    fake.approve(o.paymentId, 'PAYERREV');
    expect((await capture(o)).status).toBe(200);
    const after = (await admin.agent.get('/api/admin/dashboard')).body.data;
    expect(after).toMatchObject({
      orders: before.orders + 1,
      revenue: before.revenue + 400,
      testOrders: before.testOrders,
      testRevenue: before.testRevenue,
    });
  });

  it('when the buyer has not approved, then 409 and the order stays pending', async () => {
    const o = await pendingOrder();
    const res = await capture(o);
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('PAYMENT_FAILED');
    expect((await readOrder(ctx.db, o.orderId)).paymentStatus).toBe('pending');
  });

  it('when the instrument is declined, then 402 PAYMENT_FAILED, order pending, and a retry can still succeed', async () => {
    const { o, res } = await approvedAndCaptured('declined');
    expect(res.status).toBe(402);
    expect(res.body).toMatchObject({ code: 'PAYMENT_FAILED', message: expect.stringMatching(/declined/i) });
    expect(await readOrder(ctx.db, o.orderId)).toMatchObject({ paymentStatus: 'pending', stockHeld: true });

    const retry = await capture(o);
    expect(retry.status).toBe(200);
    expect(retry.body.data.paymentStatus).toBe('paid');
  });

  it('when PayPal says ORDER_ALREADY_CAPTURED, then the order is completed after checking PayPal', async () => {
    const { o, res } = await approvedAndCaptured('alreadyCaptured');
    expect(res.status).toBe(200);
    expect(res.body.data.paymentStatus).toBe('paid');
    expect(
      fake.requests.some((r) => r.method === 'GET' && r.path === `/v2/checkout/orders/${o.paymentId}`),
    ).toBe(true);
    expect((await readOrder(ctx.db, o.orderId)).captureId).toBe(fake.orders.get(o.paymentId)!.captureId);
  });

  it('when PayPal answers 5xx on capture, then 502 and the order stays pending', async () => {
    const { o, res } = await approvedAndCaptured('serverError');
    expect(res.status).toBe(502);
    expect(res.body.code).toBe('PAYMENT_PROVIDER_ERROR');
    expect(await readOrder(ctx.db, o.orderId)).toMatchObject({ paymentStatus: 'pending', paidAt: null });
  });

  it('when PayPal never answers the capture, then 502 within the time-out and the order is never paid', async () => {
    const o = await pendingOrder();
    fake.approve(o.paymentId);
    fake.next('capture', 'timeout');
    const started = Date.now();
    const res = await capture(o);
    expect(res.status).toBe(502);
    expect(res.body.code).toBe('PAYMENT_PROVIDER_ERROR');
    expect(Date.now() - started).toBeLessThan(TIMEOUT_MS + 2000);
    expect(await readOrder(ctx.db, o.orderId)).toMatchObject({ paymentStatus: 'pending', captureId: null });
    expect(await readProduct(ctx.db, o.product.id)).toMatchObject({ totalStock: 3, unitsSold: 0 });
  });
});

describe('PayPal webhook', () => {
  it('when PAYMENT.CAPTURE.COMPLETED arrives for a shopper who never came back, then the order completes once', async () => {
    const o = await pendingOrder(5, 2);
    const captureId = fake.markCaptured(o.paymentId);
    const res = await webhook(o.paymentId, captureId);
    expect(res.status).toBe(200);
    expect(await readOrder(ctx.db, o.orderId)).toMatchObject({
      paymentStatus: 'paid',
      orderStatus: 'confirmed',
      captureId,
      stockHeld: false,
    });
    expect(await readProduct(ctx.db, o.product.id)).toMatchObject({ totalStock: 3, unitsSold: 2 });
    const verify = fake.requests.find((r) => r.path === '/v1/notifications/verify-webhook-signature')!;
    expect(verify.body).toMatchObject({ webhook_id: 'WH-TEST-1', transmission_sig: fake.validSignature });
    const events = await ctx.db.select().from(paymentEvents).where(eq(paymentEvents.orderId, o.orderId));
    expect(events).toHaveLength(1);

    // PayPal redelivers; a later return-page capture also answers paid; nothing is sold twice
    const again = await webhook(o.paymentId, captureId);
    expect(again.status).toBe(200);
    expect((await capture(o)).status).toBe(200);
    expect(await readProduct(ctx.db, o.product.id)).toMatchObject({ totalStock: 3, unitsSold: 2 });
  });

  it('when the signature does not verify, then 400 and nothing changes', async () => {
    const o = await pendingOrder();
    const captureId = fake.markCaptured(o.paymentId);
    const res = await webhook(o.paymentId, captureId, 'forged');
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
    expect((await readOrder(ctx.db, o.orderId)).paymentStatus).toBe('pending');
    const noHeaders = await ctx
      .anon()
      .post('/api/payments/paypal/webhook')
      .send({ id: 'x', event_type: 'PAYMENT.CAPTURE.COMPLETED' });
    expect(noHeaders.status).toBe(400);
    const garbage = ctx.anon().post('/api/payments/paypal/webhook');
    expect((await garbage.set('Content-Type', 'application/json').send('nonsense')).status).toBe(400);
    // not JSON at all (docs/security.md: write bodies are JSON)
    expect((await ctx.anon().post('/api/payments/paypal/webhook').send('nonsense')).status).toBe(415);
  });

  const verifyCalls = () =>
    fake.requests.filter((r) => r.path === '/v1/notifications/verify-webhook-signature');
  const headers = (over: Record<string, string> = {}) => paypalWebhookHeaders('forged', over);
  const forged = (h: Record<string, string>, body: Record<string, unknown>) =>
    ctx
      .anon()
      .post('/api/payments/paypal/webhook')
      .set(h)
      .send({ id: `WH-FORGED-${++eventCounter}`, ...body });
  const captureOf = (paypalOrderId: string) => ({
    event_type: 'PAYMENT.CAPTURE.COMPLETED',
    resource: { id: 'CAP-X', supplementary_data: { related_ids: { order_id: paypalOrderId } } },
  });

  it('when a delivery cannot be genuine or concerns nothing of ours, then it is answered without a call to PayPal', async () => {
    const o = await pendingOrder();
    const tenMinutesAhead = new Date(Date.now() + 10 * 60_000).toISOString();
    const fourDaysAgo = new Date(Date.now() - 4 * 24 * 3_600_000).toISOString();
    const refused = [
      await forged({ 'paypal-transmission-sig': 'x' }, captureOf(o.paymentId)), // no other headers
      await forged(headers({ 'paypal-cert-url': 'https://evil.example/cert.pem' }), captureOf(o.paymentId)),
      await forged(
        headers({ 'paypal-cert-url': 'https://paypal.com.evil.example/c.pem' }),
        captureOf(o.paymentId),
      ),
      await forged(headers({ 'paypal-transmission-time': tenMinutesAhead }), captureOf(o.paymentId)),
      await forged(headers({ 'paypal-transmission-time': fourDaysAgo }), captureOf(o.paymentId)),
      await forged(headers({ 'paypal-transmission-time': 'yesterday' }), captureOf(o.paymentId)),
    ];
    expect(refused.map((r) => r.status)).toEqual([400, 400, 400, 400, 400, 400]);
    const ignored = [
      await forged(headers(), { event_type: 'CHECKOUT.ORDER.APPROVED', resource: {} }),
      await forged(headers(), captureOf('NO-SUCH-PAYPAL-ORDER')),
      await forged(headers(), { event_type: 'PAYMENT.CAPTURE.REFUNDED', resource: { id: 'NO-SUCH-REFUND' } }),
      // an invoice id shaped like an id but none (it once reached the uuid column: 500)
      await forged(headers(), {
        event_type: 'PAYMENT.CAPTURE.REFUNDED',
        resource: { id: 'NO-SUCH-REFUND', invoice_id: '-'.repeat(36) },
      }),
    ];
    expect(ignored.map((r) => [r.status, r.body.message])).toEqual([
      [200, 'Event ignored'],
      [200, 'Event ignored'],
      [200, 'Event ignored'],
      [200, 'Event ignored'],
    ]);
    expect(verifyCalls()).toHaveLength(0);
    expect((await readOrder(ctx.db, o.orderId)).paymentStatus).toBe('pending');
  });

  it('when PayPal does not answer the verification in time, then 503 with Retry-After within a few seconds', async () => {
    const o = await pendingOrder();
    const captureId = fake.markCaptured(o.paymentId);
    fake.next('verify', 'timeout');
    const started = Date.now();
    const res = await webhook(o.paymentId, captureId);
    expect(res.status).toBe(503);
    expect(res.headers['retry-after']).toBeDefined();
    expect(Date.now() - started).toBeLessThan(4000);
    expect((await readOrder(ctx.db, o.orderId)).paymentStatus).toBe('pending');
  });

  it('when the webhook and the return-page capture race, then the order completes exactly once', async () => {
    const o = await pendingOrder(6, 3);
    fake.approve(o.paymentId);
    const captureId = fake.markCaptured(o.paymentId);
    const [hook, cap] = await Promise.all([webhook(o.paymentId, captureId), capture(o)]);
    expect(hook.status).toBe(200);
    expect(cap.status).toBe(200);
    expect(cap.body.data.paymentStatus).toBe('paid');
    expect(await readProduct(ctx.db, o.product.id)).toMatchObject({ totalStock: 3, unitsSold: 3 });
  });
});
