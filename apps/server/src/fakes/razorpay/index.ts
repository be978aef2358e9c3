/**
 * A local stand-in for Razorpay (docs/money.md, "UPI, cards and netbanking"): the REST subset the adapter uses
 * (orders, an order's payments, payments, capture, refunds, Basic auth with the key pair), a hosted checkout page
 * with Succeed / Fail buttons, and webhooks signed like Razorpay's (`X-Razorpay-Signature`: HMAC-SHA256 of the raw
 * body with the webhook secret; `X-Razorpay-Event-Id`), and RazorpayX's payouts (payouts.ts). Served on 127.0.0.1; used by the tests and, outside
 * production without keys, by `pnpm start` (src/index.ts).
 */
import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { hostedPage, returnForm } from './hosted-page';
import { createPayoutsState, type FakePayout, type FakePayouts } from './payouts';

export interface FakeOrder {
  id: string;
  entity: 'order';
  amount: number;
  amount_paid: number;
  amount_due: number;
  currency: string;
  receipt: string | null;
  notes: Record<string, string>;
  status: 'created' | 'attempted' | 'paid';
  attempts: number;
  created_at: number;
}

export interface FakePayment {
  id: string;
  entity: 'payment';
  amount: number;
  currency: string;
  status: 'created' | 'authorized' | 'captured' | 'refunded' | 'failed';
  order_id: string;
  method: string;
  captured: boolean;
  amount_refunded: number;
  refund_status: 'partial' | 'full' | null;
  error_code: string | null;
  error_description: string | null;
  vpa: string | null;
  created_at: number;
}

export interface FakeRefund {
  id: string;
  entity: 'refund';
  amount: number;
  currency: string;
  payment_id: string;
  receipt: string | null;
  status: 'processed';
  created_at: number;
}

/** How the next webhooks are delivered: each event N times, in reverse order, not at all, or late. */
export interface WebhookPlan {
  replay?: number;
  reorder?: boolean;
  drop?: boolean;
  delayMs?: number;
}

export interface Delivery {
  eventId: string;
  event: string;
  status: number;
}

export type PayOutcome = 'succeed' | 'fail' | 'authorise';

export interface RazorpayFakeControls {
  orders: Map<string, FakeOrder>;
  payments: Map<string, FakePayment>;
  refunds: Map<string, FakeRefund>;
  /** every webhook delivered and our server's answer */
  deliveries: Delivery[];
  /** every REST call received (method and path) */
  calls: { method: string; path: string }[];
  /** where webhooks are sent (our server's POST /api/payments/razorpay/webhook); none: not sent */
  setWebhookUrl(url: string | undefined): void;
  /** how the webhooks of the next payments are delivered (until changed) */
  planWebhooks(plan: WebhookPlan): void;
  /** the next `count` REST calls answer 503 (the gateway is down) */
  failNext(count?: number): void;
  /**
   * The shopper pays a gateway order: a payment succeeds (captured), fails, or is authorised only. Answers what the
   * browser would post back (payment id and signature), after the webhooks were sent as planned.
   */
  pay(
    orderId: string,
    outcome: PayOutcome,
    opts?: { method?: string; amount?: number; currency?: string },
  ): Promise<{ paymentId: string; signature: string }>;
  /** the browser return's signature for a payment */
  signatureFor(orderId: string, paymentId: string): string;
  /** sends one webhook for a payment now (as planned), e.g. a late `payment.captured` */
  sendPaymentWebhook(paymentId: string, event: string): Promise<void>;
  /** RazorpayX payouts: fund accounts, validations, payouts and their plan (payouts.ts) */
  payouts: Omit<FakePayouts, 'route'>;
  /** waits until every webhook sent so far was answered */
  settled(): Promise<void>;
  reset(): void;
}

export interface RazorpayFake {
  url: string;
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  /** the business's RazorpayX account payouts are made from */
  payoutAccountNumber: string;
  controls: RazorpayFakeControls;
  stop(): Promise<void>;
}

const now = () => Math.floor(Date.now() / 1000);
const newId = (prefix: string) => `${prefix}_${randomBytes(7).toString('base64url')}`;
const hmac = (secret: string, text: string) => createHmac('sha256', secret).update(text).digest('hex');

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}
const badRequest = (res: ServerResponse, description: string, field?: string) =>
  send(res, 400, { error: { code: 'BAD_REQUEST_ERROR', description, field, source: 'business' } });

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function parseBody(raw: string, type: string | undefined): Record<string, unknown> {
  if (!raw) return {};
  if (type?.includes('application/x-www-form-urlencoded'))
    return Object.fromEntries(new URLSearchParams(raw));
  try {
    return JSON.parse(raw) as Record<string, unknown>;
  } catch {
    return {};
  }
}

export async function startRazorpayFake(
  opts: { port?: number; keyId?: string; keySecret?: string; webhookSecret?: string } = {},
): Promise<RazorpayFake> {
  const keyId = opts.keyId ?? `rzp_test_${randomBytes(6).toString('hex')}`;
  const keySecret = opts.keySecret ?? randomBytes(16).toString('hex');
  const webhookSecret = opts.webhookSecret ?? randomBytes(16).toString('hex');
  const state = createState();
  const payoutAccountNumber = '7878780080316316';
  const payouts = createPayoutsState(payoutAccountNumber, (p) => deliverPayout(p));
  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => send(res, 500, { error: { description: String(err) } }));
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://fake');
    const body = parseBody(await readBody(req), req.headers['content-type']);
    state.calls.push({ method: req.method ?? 'GET', path: url.pathname });
    if (url.pathname.startsWith('/v1/checkout/')) return checkoutPages(req, res, url, body);
    if (state.failing > 0) {
      state.failing--;
      return send(res, 503, { error: { code: 'SERVER_ERROR', description: 'The gateway is down' } });
    }
    const auth = Buffer.from(`${keyId}:${keySecret}`).toString('base64');
    if (req.headers.authorization !== `Basic ${auth}`) {
      return send(res, 401, {
        error: { code: 'BAD_REQUEST_ERROR', description: 'Authentication failed' },
      });
    }
    const key = req.headers['x-payout-idempotency'];
    const payoutAnswer = await payouts.route(
      req.method ?? 'GET',
      url.pathname,
      body,
      typeof key === 'string' ? key : undefined,
    );
    if (payoutAnswer) return send(res, payoutAnswer.status, payoutAnswer.body);
    return rest(req.method ?? 'GET', url.pathname, body, req, res);
  }

  /** a payout's `payout.{status}` webhook, as planned (replayed, dropped, late) */
  async function deliverPayout(p: FakePayout): Promise<void> {
    const plan = state.plan;
    if (!state.webhookUrl || plan.drop) return;
    const event = `payout.${p.status}`;
    const eventId = newId('evt');
    const body = JSON.stringify({
      entity: 'event',
      account_id: 'acc_fake',
      event,
      contains: ['payout'],
      payload: { payout: { entity: { ...p } } },
      created_at: now(),
    });
    const run = async () => {
      if (plan.delayMs) await new Promise((r) => setTimeout(r, plan.delayMs));
      await Promise.all(Array.from({ length: plan.replay ?? 1 }, () => post(event, eventId, body)));
    };
    const sent = run();
    state.pending.add(sent);
    void sent.finally(() => state.pending.delete(sent));
    await sent;
  }

  /** the hosted checkout (Razorpay's /v1/checkout/embedded) and its buttons */
  async function checkoutPages(
    req: IncomingMessage,
    res: ServerResponse,
    url: URL,
    body: Record<string, unknown>,
  ): Promise<void> {
    const field = (name: string) => String(body[name] ?? url.searchParams.get(name) ?? '');
    const order = state.orders.get(field('order_id'));
    if (!order || field('key_id') !== keyId) {
      res.writeHead(404, { 'content-type': 'text/html' });
      return void res.end('<h1>Unknown order</h1>');
    }
    if (url.pathname === '/v1/checkout/embedded') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      const fields = { ...Object.fromEntries(url.searchParams), ...(body as Record<string, string>) };
      return void res.end(hostedPage(order, field('method') || 'upi', fields));
    }
    const outcome = field('outcome') === 'fail' ? 'fail' : 'succeed';
    const paid = await pay(order.id, outcome, { method: field('method') || 'upi' });
    const callback = field('callback_url');
    const fields: Record<string, string> =
      outcome === 'succeed'
        ? {
            razorpay_payment_id: paid.paymentId,
            razorpay_order_id: order.id,
            razorpay_signature: paid.signature,
          }
        : {
            'error[code]': 'BAD_REQUEST_ERROR',
            'error[description]': 'Payment failed',
            'error[metadata][order_id]': order.id,
            'error[metadata][payment_id]': paid.paymentId,
          };
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(returnForm(callback, fields));
    void req;
  }

  function rest(
    method: string,
    path: string,
    body: Record<string, unknown>,
    req: IncomingMessage,
    res: ServerResponse,
  ): void {
    let m: RegExpMatchArray | null;
    if (method === 'POST' && path === '/v1/orders') return createOrder(body, res);
    if (method === 'GET' && (m = path.match(/^\/v1\/orders\/([^/]+)$/))) {
      const order = state.orders.get(m[1]!);
      return order ? send(res, 200, order) : badRequest(res, 'The id provided does not exist');
    }
    if (method === 'GET' && (m = path.match(/^\/v1\/orders\/([^/]+)\/payments$/))) {
      const items = [...state.payments.values()].filter((p) => p.order_id === m![1]);
      return send(res, 200, { entity: 'collection', count: items.length, items });
    }
    if (method === 'GET' && (m = path.match(/^\/v1\/payments\/([^/]+)$/))) {
      const payment = state.payments.get(m[1]!);
      return payment ? send(res, 200, payment) : badRequest(res, 'The id provided does not exist');
    }
    if (method === 'POST' && (m = path.match(/^\/v1\/payments\/([^/]+)\/capture$/))) {
      return capturePayment(m[1]!, body, res);
    }
    if (method === 'POST' && (m = path.match(/^\/v1\/payments\/([^/]+)\/refund$/))) {
      const key = req.headers['x-razorpay-idempotency-key'];
      return refundPayment(m[1]!, body, typeof key === 'string' ? key : undefined, res);
    }
    send(res, 404, { error: { code: 'BAD_REQUEST_ERROR', description: 'The requested URL was not found' } });
  }

  function createOrder(body: Record<string, unknown>, res: ServerResponse): void {
    const { amount, currency, receipt } = body;
    if (typeof amount !== 'number' || !Number.isInteger(amount) || amount < 100) {
      return badRequest(res, 'The amount must be atleast INR 1.00', 'amount');
    }
    if (currency !== 'INR') return badRequest(res, 'Currency is not supported', 'currency');
    const order: FakeOrder = {
      id: newId('order'),
      entity: 'order',
      amount,
      amount_paid: 0,
      amount_due: amount,
      currency,
      receipt: typeof receipt === 'string' ? receipt : null,
      notes: (body.notes as Record<string, string> | undefined) ?? {},
      status: 'created',
      attempts: 0,
      created_at: now(),
    };
    state.orders.set(order.id, order);
    send(res, 200, order);
  }

  function capturePayment(id: string, body: Record<string, unknown>, res: ServerResponse): void {
    const payment = state.payments.get(id);
    if (!payment) return badRequest(res, 'The id provided does not exist');
    if (payment.status === 'captured') return badRequest(res, 'This payment has already been captured');
    if (payment.status !== 'authorized') return badRequest(res, 'Only authorized payments can be captured');
    if (body.amount !== payment.amount || body.currency !== payment.currency) {
      return badRequest(res, 'Capture amount must be equal to the amount authorized', 'amount');
    }
    markCaptured(payment);
    void deliver(payment, ['payment.captured', 'order.paid']);
    send(res, 200, payment);
  }

  function refundPayment(
    id: string,
    body: Record<string, unknown>,
    idempotencyKey: string | undefined,
    res: ServerResponse,
  ): void {
    const payment = state.payments.get(id);
    if (!payment) return badRequest(res, 'The id provided does not exist');
    const receipt = typeof body.receipt === 'string' ? body.receipt : null;
    const key = idempotencyKey ?? receipt;
    const same = key ? state.refundsByKey.get(`${id}:${key}`) : undefined;
    if (same) return send(res, 200, same);
    const amount = body.amount ?? payment.amount - payment.amount_refunded;
    if (payment.status !== 'captured' && payment.status !== 'refunded') {
      return badRequest(res, 'Only captured payments can be refunded');
    }
    if (typeof amount !== 'number' || amount <= 0 || amount > payment.amount - payment.amount_refunded) {
      return badRequest(res, 'The refund amount provided is greater than amount captured', 'amount');
    }
    const refund: FakeRefund = {
      id: newId('rfnd'),
      entity: 'refund',
      amount,
      currency: payment.currency,
      payment_id: id,
      receipt,
      status: 'processed',
      created_at: now(),
    };
    payment.amount_refunded += amount;
    payment.refund_status = payment.amount_refunded === payment.amount ? 'full' : 'partial';
    if (payment.refund_status === 'full') payment.status = 'refunded';
    state.refunds.set(refund.id, refund);
    if (key) state.refundsByKey.set(`${id}:${key}`, refund);
    send(res, 200, refund);
  }

  function markCaptured(payment: FakePayment): void {
    payment.status = 'captured';
    payment.captured = true;
    const order = state.orders.get(payment.order_id)!;
    order.amount_paid += payment.amount;
    order.amount_due = Math.max(0, order.amount - order.amount_paid);
    order.status = 'paid';
  }

  async function pay(
    orderId: string,
    outcome: PayOutcome,
    o: { method?: string; amount?: number; currency?: string } = {},
  ): Promise<{ paymentId: string; signature: string }> {
    const order = state.orders.get(orderId);
    if (!order) throw new Error(`no fake order ${orderId}`);
    order.attempts++;
    if (order.status === 'created') order.status = 'attempted';
    const payment: FakePayment = {
      id: newId('pay'),
      entity: 'payment',
      amount: o.amount ?? order.amount,
      currency: o.currency ?? order.currency,
      status: outcome === 'fail' ? 'failed' : 'authorized',
      order_id: orderId,
      method: o.method ?? 'upi',
      captured: false,
      amount_refunded: 0,
      refund_status: null,
      error_code: outcome === 'fail' ? 'BAD_REQUEST_ERROR' : null,
      error_description: outcome === 'fail' ? 'Payment failed' : null,
      vpa: (o.method ?? 'upi') === 'upi' ? 'shopper@okfake' : null,
      created_at: now(),
    };
    state.payments.set(payment.id, payment);
    if (outcome === 'succeed') markCaptured(payment);
    const events =
      outcome === 'fail'
        ? ['payment.failed']
        : outcome === 'authorise'
          ? ['payment.authorized']
          : ['payment.authorized', 'payment.captured', 'order.paid'];
    await deliver(payment, events);
    return { paymentId: payment.id, signature: signatureFor(orderId, payment.id) };
  }

  const signatureFor = (orderId: string, paymentId: string) => hmac(keySecret, `${orderId}|${paymentId}`);

  function eventBody(payment: FakePayment, event: string): string {
    const order = state.orders.get(payment.order_id);
    const payload: Record<string, unknown> = { payment: { entity: { ...payment } } };
    if (event === 'order.paid' && order) payload.order = { entity: { ...order } };
    return JSON.stringify({
      entity: 'event',
      account_id: 'acc_fake',
      event,
      contains: Object.keys(payload),
      payload,
      created_at: now(),
    });
  }

  /** sends the events as planned: replayed, reordered, dropped or delayed; answers when they were sent */
  async function deliver(payment: FakePayment, events: string[]): Promise<void> {
    const plan = state.plan;
    if (!state.webhookUrl || plan.drop) return;
    const bodies = events.map((event) => ({ event, eventId: newId('evt'), body: eventBody(payment, event) }));
    if (plan.reorder) bodies.reverse();
    const run = async () => {
      if (plan.delayMs) await new Promise((r) => setTimeout(r, plan.delayMs));
      for (const b of bodies) {
        await Promise.all(Array.from({ length: plan.replay ?? 1 }, () => post(b.event, b.eventId, b.body)));
      }
    };
    const sent = run();
    state.pending.add(sent);
    void sent.finally(() => state.pending.delete(sent));
    if (!plan.delayMs) await sent;
  }

  async function post(event: string, eventId: string, body: string): Promise<void> {
    try {
      const res = await fetch(state.webhookUrl!, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-razorpay-signature': hmac(webhookSecret, body),
          'x-razorpay-event-id': eventId,
        },
        body,
      });
      state.deliveries.push({ eventId, event, status: res.status });
    } catch {
      state.deliveries.push({ eventId, event, status: 0 });
    }
  }

  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const controls: RazorpayFakeControls = {
    orders: state.orders,
    payments: state.payments,
    refunds: state.refunds,
    deliveries: state.deliveries,
    calls: state.calls,
    setWebhookUrl: (u) => void (state.webhookUrl = u),
    planWebhooks: (plan) => void (state.plan = plan),
    failNext: (count = 1) => void (state.failing = count),
    pay,
    signatureFor,
    payouts: {
      fundAccounts: payouts.fundAccounts,
      payouts: payouts.payouts,
      markInvalid: payouts.markInvalid,
      registerName: payouts.registerName,
      planPayouts: payouts.planPayouts,
      settle: payouts.settle,
    },
    sendPaymentWebhook: async (paymentId, event) => {
      const payment = state.payments.get(paymentId);
      if (!payment) throw new Error(`no fake payment ${paymentId}`);
      await deliver(payment, [event]);
    },
    settled: async () => {
      while (state.pending.size) await Promise.all([...state.pending]);
    },
    reset: () => {
      state.plan = {};
      state.failing = 0;
      state.deliveries.length = 0;
      state.calls.length = 0;
    },
  };
  return {
    url,
    keyId,
    keySecret,
    webhookSecret,
    payoutAccountNumber,
    controls,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function createState() {
  return {
    orders: new Map<string, FakeOrder>(),
    payments: new Map<string, FakePayment>(),
    refunds: new Map<string, FakeRefund>(),
    refundsByKey: new Map<string, FakeRefund>(),
    deliveries: [] as Delivery[],
    calls: [] as { method: string; path: string }[],
    webhookUrl: undefined as string | undefined,
    plan: {} as WebhookPlan,
    failing: 0,
    pending: new Set<Promise<void>>(),
  };
}
