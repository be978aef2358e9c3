/**
 * A local stand-in for PayPal's REST API (OAuth, Orders v2, webhook verification) on 127.0.0.1:0.
 * Default answers are the happy path; a test overrides one call with `fake.next(call, behaviour)`.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeCall = 'token' | 'create' | 'capture' | 'get' | 'verify' | 'refund';
export type FakeBehaviour =
  | 'declined'
  | 'alreadyCaptured'
  | 'notApproved'
  | 'serverError'
  | 'timeout'
  | 'pending'
  | ((req: RecordedRequest, res: ServerResponse) => void);

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: unknown;
}

interface FakeOrder {
  id: string;
  status: 'CREATED' | 'APPROVED' | 'COMPLETED';
  request: Record<string, unknown>;
  payerId: string | null;
  captureId: string | null;
  /** what the capture took, PayPal money string; defaults to the order's amount */
  capturedValue?: string;
  capturedCurrency?: string;
}

export interface FakeRefund {
  id: string;
  captureId: string;
  value: string;
  currency: string;
  requestId: string;
  invoiceId: string | undefined;
}

export interface PayPalFake {
  url: string;
  requests: RecordedRequest[];
  orders: Map<string, FakeOrder>;
  /** the next call of that kind answers this way (once) */
  next(call: FakeCall, behaviour: FakeBehaviour): void;
  /** the shopper approves the order on PayPal */
  approve(orderId: string, payerId?: string): void;
  /** marks the order captured on PayPal's side (e.g. captured by another request) */
  markCaptured(orderId: string): string;
  /** refunds made, by PayPal-Request-Id */
  refunds: Map<string, FakeRefund>;
  /** the next capture of this order takes this amount instead of the order's (a provider-side mismatch) */
  captureAmount(orderId: string, value: string, currency?: string): void;
  /** signature the fake's verify endpoint accepts */
  validSignature: string;
  reset(): void;
  close(): Promise<void>;
}

let transmissions = 0;
/** The headers PayPal sends a webhook delivery with (a new transmission id each call), signed `sig`. */
export const paypalWebhookHeaders = (sig: string, over: Record<string, string> = {}) => ({
  'paypal-transmission-id': `tx-${++transmissions}`,
  'paypal-transmission-time': new Date().toISOString(),
  'paypal-transmission-sig': sig,
  'paypal-cert-url': 'https://api.paypal.com/cert.pem',
  'paypal-auth-algo': 'SHA256withRSA',
  ...over,
});

/** The amount PayPal would report for this order's capture: what the fake was asked to create. */
export const createdAmountOf = (fake: Pick<PayPalFake, 'orders'>, paypalOrderId: string) =>
  (fake.orders.get(paypalOrderId)?.request.purchase_units as { amount: unknown }[] | undefined)?.[0]?.amount;

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

const issue = (res: ServerResponse, status: number, name: string, issueName: string) =>
  json(res, status, {
    name,
    message: issueName,
    debug_id: 'fake-debug',
    details: [{ issue: issueName, description: issueName.toLowerCase() }],
  });

export async function startPayPalFake(): Promise<PayPalFake> {
  const requests: RecordedRequest[] = [];
  const orders = new Map<string, FakeOrder>();
  const overrides = new Map<FakeCall, FakeBehaviour[]>();
  const hanging = new Set<ServerResponse>();
  const validSignature = 'valid-signature';
  const captureReplies = new Map<string, unknown>(); // PayPal-Request-Id → answer (idempotency)
  const refunds = new Map<string, FakeRefund>();
  const orderAmount = (o: FakeOrder) =>
    (o.request.purchase_units as Record<string, unknown>[])[0]!.amount as {
      value: string;
      currency_code: string;
    };
  const cents = (v: string) => Math.round(Number(v) * 100);

  const take = (call: FakeCall) => overrides.get(call)?.shift();

  function orderBody(o: FakeOrder) {
    return {
      id: o.id,
      status: o.status,
      payer: o.payerId ? { payer_id: o.payerId } : undefined,
      purchase_units: [
        {
          ...(o.request.purchase_units as Record<string, unknown>[])[0],
          payments: o.captureId
            ? {
                captures: [
                  {
                    id: o.captureId,
                    status: 'COMPLETED',
                    final_capture: true,
                    amount: {
                      currency_code: o.capturedCurrency ?? orderAmount(o).currency_code,
                      value: o.capturedValue ?? orderAmount(o).value,
                    },
                  },
                ],
              }
            : undefined,
        },
      ],
      links: [
        {
          href: `https://www.sandbox.paypal.com/checkoutnow?token=${o.id}`,
          rel: 'payer-action',
          method: 'GET',
        },
        { href: `/v2/checkout/orders/${o.id}`, rel: 'self', method: 'GET' },
      ],
    };
  }

  function applyOverride(
    b: FakeBehaviour,
    rec: RecordedRequest,
    res: ServerResponse,
    order?: FakeOrder,
  ): boolean {
    if (typeof b === 'function') {
      b(rec, res);
      return true;
    }
    switch (b) {
      case 'timeout':
        hanging.add(res); // never answers
        return true;
      case 'serverError':
        json(res, 503, { name: 'SERVICE_UNAVAILABLE', message: 'Service Unavailable' });
        return true;
      case 'declined':
        issue(res, 422, 'UNPROCESSABLE_ENTITY', 'INSTRUMENT_DECLINED');
        return true;
      case 'notApproved':
        issue(res, 422, 'UNPROCESSABLE_ENTITY', 'ORDER_NOT_APPROVED');
        return true;
      case 'alreadyCaptured':
        if (order && !order.captureId) {
          order.status = 'COMPLETED';
          order.captureId = `CAP${randomBytes(6).toString('hex').toUpperCase()}`;
          order.payerId ??= 'FAKEPAYER1';
        }
        issue(res, 422, 'UNPROCESSABLE_ENTITY', 'ORDER_ALREADY_CAPTURED');
        return true;
      case 'pending':
        json(res, 201, {
          id: order?.id,
          status: 'COMPLETED',
          payer: { payer_id: order?.payerId ?? 'FAKEPAYER1' },
          purchase_units: [
            {
              payments: {
                captures: [
                  {
                    id: 'CAPPENDING',
                    status: 'PENDING',
                    amount: order ? orderAmount(order) : undefined,
                    status_details: { reason: 'PENDING_REVIEW' },
                  },
                ],
              },
            },
          ],
        });
        return true;
    }
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    let body: unknown = raw;
    try {
      body = raw ? JSON.parse(raw) : undefined;
    } catch {
      /* form-encoded token request */
    }
    const path = (req.url ?? '').replace(/\?$/, '');
    const rec: RecordedRequest = { method: req.method ?? '', path, headers: req.headers, body };
    requests.push(rec);

    if (req.method === 'POST' && path === '/v1/oauth2/token') {
      const o = take('token');
      if (o && applyOverride(o, rec, res)) return;
      if (!String(req.headers.authorization ?? '').startsWith('Basic ')) return json(res, 401, {});
      return json(res, 200, {
        access_token: `A21AA${randomBytes(8).toString('hex')}`,
        token_type: 'Bearer',
        expires_in: 32400,
        scope: 'https://uri.paypal.com/services/payments/payment',
      });
    }
    if (!String(req.headers.authorization ?? '').startsWith('Bearer ')) {
      return json(res, 401, { name: 'AUTHENTICATION_FAILURE' });
    }

    if (req.method === 'POST' && path === '/v2/checkout/orders') {
      const o = take('create');
      if (o && applyOverride(o, rec, res)) return;
      const id = `PP${randomBytes(8).toString('hex').toUpperCase()}`;
      const order: FakeOrder = {
        id,
        status: 'CREATED',
        request: body as Record<string, unknown>,
        payerId: null,
        captureId: null,
      };
      orders.set(id, order);
      return json(res, 201, orderBody(order));
    }

    const capture = /^\/v2\/checkout\/orders\/([^/]+)\/capture$/.exec(path);
    if (req.method === 'POST' && capture) {
      const order = orders.get(decodeURIComponent(capture[1]!));
      const o = take('capture');
      if (o && applyOverride(o, rec, res, order)) return;
      if (!order) return issue(res, 404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID');
      const requestId = String(req.headers['paypal-request-id'] ?? '');
      if (requestId && captureReplies.has(requestId)) return json(res, 201, captureReplies.get(requestId));
      if (order.status === 'COMPLETED')
        return issue(res, 422, 'UNPROCESSABLE_ENTITY', 'ORDER_ALREADY_CAPTURED');
      if (order.status !== 'APPROVED') return issue(res, 422, 'UNPROCESSABLE_ENTITY', 'ORDER_NOT_APPROVED');
      order.status = 'COMPLETED';
      order.captureId = `CAP${randomBytes(6).toString('hex').toUpperCase()}`;
      const reply = orderBody(order);
      if (requestId) captureReplies.set(requestId, reply);
      return json(res, 201, reply);
    }

    const get = /^\/v2\/checkout\/orders\/([^/]+)$/.exec(path);
    if (req.method === 'GET' && get) {
      const o = take('get');
      const order = orders.get(decodeURIComponent(get[1]!));
      if (o && applyOverride(o, rec, res, order)) return;
      if (!order) return issue(res, 404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID');
      return json(res, 200, orderBody(order));
    }

    // Payments v2 refund of a capture: PayPal-Request-Id idempotency, partial amounts, never more than captured
    const refund = /^\/v2\/payments\/captures\/([^/]+)\/refund$/.exec(path);
    if (req.method === 'POST' && refund) {
      const o = take('refund');
      if (o && applyOverride(o, rec, res)) return;
      const captureId = decodeURIComponent(refund[1]!);
      const order = [...orders.values()].find((x) => x.captureId === captureId);
      if (!order) return issue(res, 404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID');
      const requestId = String(req.headers['paypal-request-id'] ?? '');
      const same = requestId ? refunds.get(requestId) : undefined;
      const reply = (r: FakeRefund) =>
        json(res, 201, {
          id: r.id,
          status: 'COMPLETED',
          amount: { currency_code: r.currency, value: r.value },
          invoice_id: r.invoiceId,
          links: [{ rel: 'up', href: `/v2/payments/captures/${r.captureId}`, method: 'GET' }],
        });
      if (same) return reply(same);
      const b = (body ?? {}) as { amount?: { value?: string; currency_code?: string }; invoice_id?: string };
      const captured = cents(order.capturedValue ?? orderAmount(order).value);
      const refunded = [...refunds.values()]
        .filter((r) => r.captureId === captureId)
        .reduce((s, r) => s + cents(r.value), 0);
      const value = b.amount?.value ?? ((captured - refunded) / 100).toFixed(2);
      if (cents(value) <= 0 || refunded + cents(value) > captured) {
        return issue(res, 422, 'UNPROCESSABLE_ENTITY', 'REFUND_AMOUNT_EXCEEDED');
      }
      const r: FakeRefund = {
        id: `RF${randomBytes(6).toString('hex').toUpperCase()}`,
        captureId,
        value,
        currency: b.amount?.currency_code ?? orderAmount(order).currency_code,
        requestId,
        invoiceId: b.invoice_id,
      };
      refunds.set(requestId || r.id, r);
      return reply(r);
    }

    if (req.method === 'POST' && path === '/v1/notifications/verify-webhook-signature') {
      const o = take('verify');
      if (o && applyOverride(o, rec, res)) return;
      const b = body as Record<string, unknown>;
      const ok =
        b?.transmission_sig === validSignature &&
        typeof b.webhook_id === 'string' &&
        typeof b.transmission_id === 'string' &&
        typeof b.webhook_event === 'object';
      return json(res, 200, { verification_status: ok ? 'SUCCESS' : 'FAILURE' });
    }

    json(res, 404, { name: 'NOT_FOUND', message: `fake has no ${req.method} ${path}` });
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch(() => json(res, 500, { name: 'INTERNAL_SERVER_ERROR' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    orders,
    refunds,
    validSignature,
    captureAmount(orderId, value, currency) {
      const order = orders.get(orderId);
      if (!order) throw new Error(`fake: no order ${orderId}`);
      order.capturedValue = value;
      if (currency) order.capturedCurrency = currency;
    },
    next(call, behaviour) {
      const list = overrides.get(call) ?? [];
      list.push(behaviour);
      overrides.set(call, list);
    },
    approve(orderId, payerId = 'FAKEPAYER1') {
      const order = orders.get(orderId);
      if (!order) throw new Error(`fake: no order ${orderId}`);
      order.status = 'APPROVED';
      order.payerId = payerId;
    },
    markCaptured(orderId) {
      const order = orders.get(orderId)!;
      order.status = 'COMPLETED';
      order.captureId ??= `CAP${randomBytes(6).toString('hex').toUpperCase()}`;
      order.payerId ??= 'FAKEPAYER1';
      return order.captureId;
    },
    reset() {
      overrides.clear();
      requests.length = 0;
    },
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
