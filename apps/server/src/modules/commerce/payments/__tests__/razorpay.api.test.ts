/**
 * The Indian gateway end to end against its local fake, real HTTP both ways (docs/money.md, "Exactly once"): our
 * adapter calls the fake's REST API; the fake delivers signed webhooks to this app listening on a port.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { gatewayEvents, orders, paymentLedger } from '../../../../db/schema';
import { createRazorpayTestContext } from '../../../../../test/razorpay';
import { addAddress, addToCart, insertProduct, readOrder, readProduct } from '../../__tests__/helpers';
import { reconcileGatewayPayments } from '../razorpay-reconciler';

const { fake, ctx, webhookUrl } = await createRazorpayTestContext();
beforeEach(() => fake.controls.reset());

const PRICE_PAISE = 20_000;
const reconcilerDeps = () => ({
  db: ctx.db,
  logger: ctx.deps.logger,
  money: ctx.deps.money,
  gateway: ctx.deps.gateway!,
  changes: ctx.deps.changes,
});

async function shopper(stock: number, quantity: number) {
  const s = await ctx.loginAs('user');
  const addressId = await addAddress(s.agent);
  const product = await insertProduct(ctx.db, { pricePaise: PRICE_PAISE, totalStock: stock });
  await addToCart(s.agent, product.id, quantity);
  return { ...s, addressId, product };
}

async function gatewayOrder(stock = 5, quantity = 1, method = 'upi') {
  const s = await shopper(stock, quantity);
  const res = await s.agent
    .post('/api/shop/order/create')
    .send({ addressId: s.addressId, paymentMethod: method });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { ...s, orderId: res.body.orderId as string, gatewayOrderId: res.body.paymentId as string };
}
type Placed = Awaited<ReturnType<typeof gatewayOrder>>;

const verify = (o: Placed, paymentId: string, signature?: string) =>
  o.agent.post('/api/payments/razorpay/verify').send({
    razorpay_order_id: o.gatewayOrderId,
    razorpay_payment_id: paymentId,
    razorpay_signature: signature ?? fake.controls.signatureFor(o.gatewayOrderId, paymentId),
  });

const ledger = (orderId: string, type: string) =>
  ctx.db
    .select()
    .from(paymentLedger)
    .where(and(eq(paymentLedger.orderId, orderId), eq(paymentLedger.type, type)));

async function until(check: () => Promise<boolean>, what: string, ms = 8000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
const paid = (orderId: string) =>
  until(async () => (await readOrder(ctx.db, orderId)).paymentStatus === 'paid', 'paid');
/** every stored webhook row processed */
const eventsDone = () =>
  until(async () => {
    const [row] = await ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(gatewayEvents)
      .where(eq(gatewayEvents.status, 'received'));
    return row!.n === 0;
  }, 'webhooks processed');

describe('gateway checkout', () => {
  it('creates a gateway order in paise and INR with our order id as receipt, and records the method', async () => {
    const o = await gatewayOrder(5, 2);
    const sent = fake.controls.orders.get(o.gatewayOrderId)!;
    const row = await readOrder(ctx.db, o.orderId);
    expect(sent).toMatchObject({ amount: row.totalPaise, currency: 'INR', receipt: o.orderId });
    expect(row).toMatchObject({ paymentMethod: 'upi', paymentId: o.gatewayOrderId, stockHeld: true });
  });

  it('answers 503 when the gateway is down at create; no stock stays held', async () => {
    const s = await shopper(5, 2);
    fake.controls.failNext(1);
    const res = await s.agent
      .post('/api/shop/order/create')
      .send({ addressId: s.addressId, paymentMethod: 'card' });
    expect(res.status).toBe(503);
    expect(res.body.code).toBe('PAYMENT_GATEWAY_UNAVAILABLE');
    expect((await readProduct(ctx.db, s.product.id)).totalStock).toBe(5);
    const [left] = await ctx.db.select().from(orders).where(eq(orders.userId, s.userId));
    expect(left).toMatchObject({ stockHeld: false, paymentStatus: 'failed' });
  });

  it('refuses an unknown payment method with 400', async () => {
    const s = await shopper(5, 1);
    const bad = await s.agent
      .post('/api/shop/order/create')
      .send({ addressId: s.addressId, paymentMethod: 'bitcoin' });
    expect(bad.status).toBe(400);
  });
});

/** the hidden inputs and action of a page's form (what a browser would post) */
function formOf(html: string): { action: string; fields: Record<string, string> } {
  const unescape = (v: string) =>
    v
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&');
  const fields = Object.fromEntries(
    [...html.matchAll(/name="([^"]+)" value="([^"]*)"/g)].map((m) => [unescape(m[1]!), unescape(m[2]!)]),
  );
  return { action: unescape(html.match(/action="([^"]+)"/)![1]!), fields };
}

describe('the hosted checkout', () => {
  it('our page posts the order to the gateway; Succeed posts the signed result back; the order is paid', async () => {
    fake.controls.planWebhooks({ drop: true });
    const o = await gatewayOrder();
    const page = await o.agent.get(`/api/payments/razorpay/checkout/${o.gatewayOrderId}?method=upi`);
    expect(page.status).toBe(200);
    const ours = formOf(page.text);
    expect(ours.action).toBe(`${fake.url}/v1/checkout/embedded`);
    expect(page.headers['content-security-policy']).toContain(`form-action ${fake.url}`);
    const hosted = await fetch(ours.action, { method: 'POST', body: new URLSearchParams(ours.fields) });
    const hostedHtml = await hosted.text();
    expect(hostedHtml).toContain('data-testid="upi-qr"');
    const first = hostedHtml.indexOf('<form');
    const succeed = formOf(hostedHtml.slice(first, hostedHtml.indexOf('</form>', first)));
    expect(succeed.fields.outcome).toBe('succeed');
    const decided = await fetch(`${fake.url}${succeed.action}`, {
      method: 'POST',
      body: new URLSearchParams(succeed.fields),
    });
    const back = formOf(await decided.text());
    expect(back.action).toBe(`${ctx.config.publicUrl}/api/payments/razorpay/return`);
    // the gateway's page posts cross-site, without the shopper's session cookie
    const returned = await ctx
      .anon()
      .post('/api/payments/razorpay/return')
      .set('Origin', fake.url)
      .set('Sec-Fetch-Site', 'cross-site')
      .type('form')
      .send(back.fields);
    expect(returned.status).toBe(303);
    expect(returned.headers.location).toBe(`/shop/payment-success/${o.orderId}`);
    expect((await readOrder(ctx.db, o.orderId)).paymentStatus).toBe('paid');
  });

  it('a forged return is refused and changes nothing', async () => {
    const o = await gatewayOrder();
    const res = await ctx
      .anon()
      .post('/api/payments/razorpay/return')
      .type('form')
      .send({
        razorpay_order_id: o.gatewayOrderId,
        razorpay_payment_id: 'pay_forged1',
        razorpay_signature: 'b'.repeat(64),
      });
    expect(res.status).toBe(400);
    expect((await readOrder(ctx.db, o.orderId)).paymentStatus).toBe('pending');
  });
});

describe('exactly once, whatever reports first', () => {
  it('a webhook before the browser return pays the order; the return then answers paid; one capture', async () => {
    const o = await gatewayOrder();
    const { paymentId } = await fake.controls.pay(o.gatewayOrderId, 'succeed');
    await paid(o.orderId);
    const res = await verify(o, paymentId);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ orderId: o.orderId, paymentStatus: 'paid' });
    expect(await ledger(o.orderId, 'capture')).toHaveLength(1);
    expect((await readOrder(ctx.db, o.orderId)).captureId).toBe(paymentId);
  });

  it('the browser return with no webhook pays the order', async () => {
    fake.controls.planWebhooks({ drop: true });
    const o = await gatewayOrder();
    const { paymentId } = await fake.controls.pay(o.gatewayOrderId, 'succeed');
    const res = await verify(o, paymentId);
    expect(res.status).toBe(200);
    expect(res.body.data.paymentStatus).toBe('paid');
    expect(fake.controls.deliveries).toHaveLength(0);
  });

  it('with neither webhook nor browser return, the reconciler completes the payment after 10 minutes', async () => {
    fake.controls.planWebhooks({ drop: true });
    const o = await gatewayOrder();
    await fake.controls.pay(o.gatewayOrderId, 'succeed');
    await reconcileGatewayPayments(reconcilerDeps(), new Date(Date.now() + 60_000));
    expect((await readOrder(ctx.db, o.orderId)).paymentStatus).toBe('pending'); // not yet 10 minutes open
    const done = await reconcileGatewayPayments(reconcilerDeps(), new Date(Date.now() + 11 * 60_000));
    expect(done.completed).toBeGreaterThanOrEqual(1);
    expect((await readOrder(ctx.db, o.orderId)).paymentStatus).toBe('paid');
    expect(await ledger(o.orderId, 'capture')).toHaveLength(1);
  });

  it('an authorised-only payment is captured by us, once', async () => {
    fake.controls.planWebhooks({ drop: true });
    const o = await gatewayOrder();
    const { paymentId } = await fake.controls.pay(o.gatewayOrderId, 'authorise');
    expect((await verify(o, paymentId)).status).toBe(200);
    expect(fake.controls.payments.get(paymentId)!.status).toBe('captured');
    expect(fake.controls.calls.filter((c) => c.path.endsWith('/capture'))).toHaveLength(1);
  });

  it('3 duplicate webhooks (in reverse order) and the verify call make one capture and one ledger entry', async () => {
    fake.controls.planWebhooks({ replay: 3, reorder: true });
    const o = await gatewayOrder();
    const { paymentId } = await fake.controls.pay(o.gatewayOrderId, 'succeed');
    expect((await verify(o, paymentId)).status).toBe(200);
    await eventsDone();
    expect(fake.controls.deliveries).toHaveLength(9);
    expect(fake.controls.deliveries.every((d) => d.status === 200)).toBe(true);
    const stored = await ctx.db.select().from(gatewayEvents).where(eq(gatewayEvents.paymentId, paymentId));
    expect(stored).toHaveLength(3); // one per event id
    expect(await ledger(o.orderId, 'capture')).toHaveLength(1);
    expect((await readProduct(ctx.db, o.product.id)).unitsSold).toBe(1);
  });

  it('a failed payment then a late captured one: paid once, by the second', async () => {
    const o = await gatewayOrder();
    const failed = await fake.controls.pay(o.gatewayOrderId, 'fail');
    const refused = await verify(o, failed.paymentId);
    expect(refused.status).toBe(402);
    expect((await readOrder(ctx.db, o.orderId)).paymentStatus).toBe('pending');
    const later = await fake.controls.pay(o.gatewayOrderId, 'succeed');
    expect((await verify(o, later.paymentId)).status).toBe(200);
    await eventsDone();
    expect(await ledger(o.orderId, 'capture')).toHaveLength(1);
    expect((await readOrder(ctx.db, o.orderId)).captureId).toBe(later.paymentId);
  });

  it('a second, different payment of a paid order is refunded in full, once; the order keeps the first', async () => {
    fake.controls.planWebhooks({ drop: true });
    const o = await gatewayOrder();
    const total = (await readOrder(ctx.db, o.orderId)).totalPaise;
    const first = await fake.controls.pay(o.gatewayOrderId, 'succeed');
    expect((await verify(o, first.paymentId)).status).toBe(200);
    const second = await fake.controls.pay(o.gatewayOrderId, 'succeed');
    const res = await verify(o, second.paymentId);
    expect(res.status, JSON.stringify(res.body)).toBe(409);
    expect(res.body.code).toBe('ALREADY_PAID');
    // reported again, and the first one again: nothing more happens
    expect((await verify(o, second.paymentId)).body.code).toBe('ALREADY_PAID');
    expect((await verify(o, first.paymentId)).status).toBe(200);
    const refunded = [...fake.controls.refunds.values()].filter((r) => r.payment_id === second.paymentId);
    expect(refunded).toHaveLength(1);
    expect(refunded[0]).toMatchObject({ amount: total, status: 'processed' });
    expect([...fake.controls.refunds.values()].some((r) => r.payment_id === first.paymentId)).toBe(false);
    const order = await readOrder(ctx.db, o.orderId);
    expect(order).toMatchObject({ paymentStatus: 'paid', captureId: first.paymentId });
    expect(order.capturedPaise).toBe(2 * total);
    expect(order.refundedPaise).toBe(total);
    expect(await ledger(o.orderId, 'capture')).toHaveLength(1);
  });

  it('a second payment after a refused one is refunded in full too', async () => {
    fake.controls.planWebhooks({ drop: true });
    const o = await gatewayOrder();
    const total = (await readOrder(ctx.db, o.orderId)).totalPaise;
    const short = await fake.controls.pay(o.gatewayOrderId, 'succeed', { amount: total - 100 });
    expect((await verify(o, short.paymentId)).body.code).toBe('AMOUNT_MISMATCH');
    const again = await fake.controls.pay(o.gatewayOrderId, 'succeed');
    expect((await verify(o, again.paymentId)).status).toBe(409);
    const refunds = [...fake.controls.refunds.values()];
    expect(refunds.find((r) => r.payment_id === short.paymentId)).toMatchObject({ amount: total - 100 });
    expect(refunds.find((r) => r.payment_id === again.paymentId)).toMatchObject({ amount: total });
    expect((await readOrder(ctx.db, o.orderId)).paymentStatus).toBe('failed');
  });

  it('a bad or missing signature is refused (400) and changes nothing', async () => {
    const o = await gatewayOrder();
    fake.controls.planWebhooks({ drop: true });
    const { paymentId } = await fake.controls.pay(o.gatewayOrderId, 'succeed');
    const body = JSON.stringify({
      event: 'payment.captured',
      payload: { payment: { entity: { id: paymentId } } },
    });
    const forged = await fetch(webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-razorpay-signature': 'f'.repeat(64) },
      body,
    });
    expect(forged.status).toBe(400);
    const unsigned = await fetch(webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    expect(unsigned.status).toBe(400);
    expect((await verify(o, paymentId, 'a'.repeat(64))).body.code).toBe('BAD_SIGNATURE');
    expect(
      await ctx.db.select().from(gatewayEvents).where(eq(gatewayEvents.paymentId, paymentId)),
    ).toHaveLength(0);
    expect((await readOrder(ctx.db, o.orderId)).paymentStatus).toBe('pending');
  });

  it('a captured amount that differs from the order is refused and refunded in full', async () => {
    fake.controls.planWebhooks({ drop: true });
    const o = await gatewayOrder();
    const total = (await readOrder(ctx.db, o.orderId)).totalPaise;
    const { paymentId } = await fake.controls.pay(o.gatewayOrderId, 'succeed', { amount: total - 100 });
    const res = await verify(o, paymentId);
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('AMOUNT_MISMATCH');
    expect((await readOrder(ctx.db, o.orderId)).paymentStatus).toBe('failed');
    expect(await ledger(o.orderId, 'capture_refused')).toHaveLength(1);
    const refund = [...fake.controls.refunds.values()].find((r) => r.payment_id === paymentId);
    expect(refund).toMatchObject({ amount: total - 100, status: 'processed' });
    expect(await ledger(o.orderId, 'refund_completed')).toHaveLength(1);
  });

  it('an attempt past expiry with no payment releases its stock; a late payment is then refunded', async () => {
    fake.controls.planWebhooks({ drop: true });
    const o = await gatewayOrder(1, 1);
    await ctx.db
      .update(orders)
      .set({ holdExpiresAt: sql`now() - interval '1 minute'` })
      .where(eq(orders.id, o.orderId));
    const later = new Date(Date.now() + 11 * 60_000);
    const pass = await reconcileGatewayPayments(reconcilerDeps(), later);
    expect(pass.released).toBe(1);
    expect((await readOrder(ctx.db, o.orderId)).stockHeld).toBe(false);
    // another shopper takes the last unit meanwhile
    const other = await ctx.loginAs('user');
    const otherAddress = await addAddress(other.agent);
    await addToCart(other.agent, o.product.id, 1);
    const taken = await other.agent.post('/api/shop/order/create').send({ addressId: otherAddress });
    expect(taken.status).toBe(201);
    const { paymentId } = await fake.controls.pay(o.gatewayOrderId, 'succeed');
    await reconcileGatewayPayments(reconcilerDeps(), later);
    const row = await readOrder(ctx.db, o.orderId);
    expect(row.paymentStatus).not.toBe('paid');
    expect(await ledger(o.orderId, 'capture_refused')).toHaveLength(1);
    expect([...fake.controls.refunds.values()].some((r) => r.payment_id === paymentId)).toBe(true);
  });

  it('100 concurrent verifies and 3 webhooks of one payment make one capture', async () => {
    fake.controls.planWebhooks({ drop: true });
    const o = await gatewayOrder(5, 2);
    const { paymentId } = await fake.controls.pay(o.gatewayOrderId, 'succeed');
    fake.controls.planWebhooks({ replay: 3 });
    const answers = await Promise.all([
      ...Array.from({ length: 100 }, () => verify(o, paymentId)),
      fake.controls.sendPaymentWebhook(paymentId, 'payment.captured'),
    ]);
    await eventsDone();
    const statuses = answers.slice(0, 100).map((r) => (r as { status: number }).status);
    expect(statuses.every((s) => s === 200)).toBe(true);
    expect(await ledger(o.orderId, 'capture')).toHaveLength(1);
    const product = await readProduct(ctx.db, o.product.id);
    expect(product.unitsSold).toBe(2);
    expect(product.totalStock).toBe(3);
  });

  it('a webhook for no order of ours is answered 200 and stored for the operator', async () => {
    const auth = `Basic ${Buffer.from(`${fake.keyId}:${fake.keySecret}`).toString('base64')}`;
    const res = await fetch(`${fake.url}/v1/orders`, {
      method: 'POST',
      headers: { authorization: auth, 'content-type': 'application/json' },
      body: JSON.stringify({ amount: 5000, currency: 'INR', receipt: 'elsewhere' }),
    });
    const foreign = (await res.json()) as { id: string };
    const { paymentId } = await fake.controls.pay(foreign.id, 'succeed');
    expect(fake.controls.deliveries.every((d) => d.status === 200)).toBe(true);
    await eventsDone();
    const rows = await ctx.db.select().from(gatewayEvents).where(eq(gatewayEvents.paymentId, paymentId));
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.status === 'unknown_order')).toBe(true);
  });

  it('a refund of a gateway payment goes to the gateway with our refund id as its idempotency key', async () => {
    fake.controls.planWebhooks({ drop: true });
    const o = await gatewayOrder();
    const { paymentId } = await fake.controls.pay(o.gatewayOrderId, 'succeed');
    expect((await verify(o, paymentId)).status).toBe(200);
    const admin = await ctx.loginAs('admin');
    const res = await admin.agent
      .post(`/api/admin/orders/${o.orderId}/refund`)
      .send({ amount: 50, reason: 'damaged box' });
    expect(res.status).toBe(201);
    const refunds = [...fake.controls.refunds.values()].filter((r) => r.payment_id === paymentId);
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ amount: 5000 });
    expect(refunds[0]!.receipt).toMatch(/^[0-9a-f-]{36}$/);
    expect((await readOrder(ctx.db, o.orderId)).refundedPaise).toBe(5000);
  });

  it('the admin order desk filters by payment method', async () => {
    const o = await gatewayOrder(5, 1, 'netbanking');
    const admin = await ctx.loginAs('admin');
    const res = await admin.agent.get('/api/admin/orders?paymentMethod=netbanking&limit=50');
    expect(res.status).toBe(200);
    const methods = (res.body.data as { _id: string; paymentMethod: string }[]).map((x) => x.paymentMethod);
    expect(new Set(methods)).toEqual(new Set(['netbanking']));
    expect((res.body.data as { _id: string }[]).some((x) => x._id === o.orderId)).toBe(true);
    expect((await admin.agent.get('/api/admin/orders?paymentMethod=bitcoin')).status).toBe(400);
  });
});
