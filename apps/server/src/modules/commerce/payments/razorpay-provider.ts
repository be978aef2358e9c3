/**
 * Razorpay (docs/money.md, "UPI, cards and netbanking"): the only code that talks to the Indian payment gateway,
 * through its documented REST API (Basic auth with the key pair): orders in paise and INR with our order id as the
 * receipt, an order's payments, a payment, capturing an authorised payment, refunds (our refund id as the
 * idempotency key). Signatures: the browser's return is HMAC-SHA256 of `order_id|payment_id` with the key secret; a
 * webhook is HMAC-SHA256 of its raw body with the webhook secret. The local fake (src/fakes/razorpay) speaks the same.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { RazorpayConfig } from '../../../config/env';
import { AppError } from '../../../lib/errors';
import type { CaptureResult, PaymentProvider, RefundRequest, RefundResult } from './payment-provider';

export interface RazorpayPayment {
  id: string;
  order_id: string;
  amount: number;
  currency: string;
  status: 'created' | 'authorized' | 'captured' | 'refunded' | 'failed';
  method?: string;
}

interface RazorpayOrder {
  id: string;
  amount: number;
  currency: string;
  receipt: string | null;
  status: string;
}

export interface RazorpayGateway extends PaymentProvider {
  readonly id: 'razorpay';
  /** the browser's return is genuine: its signature is ours over `order_id|payment_id` */
  verifyReturn(gatewayOrderId: string, paymentId: string, signature: string): boolean;
  /** a webhook delivery is genuine: its signature is ours over the raw body (false without a webhook secret) */
  verifyWebhookSignature(rawBody: Buffer, signature: string | undefined): boolean;
  fetchPayment(paymentId: string): Promise<RazorpayPayment>;
  orderPayments(gatewayOrderId: string): Promise<RazorpayPayment[]>;
  /** an authorised payment is captured (the gateway's record after it); others are answered as they are */
  captureAuthorised(payment: RazorpayPayment): Promise<RazorpayPayment>;
}

/** A refusal by the gateway (4xx), with its description. */
export class RazorpayRefused extends Error {
  constructor(
    readonly status: number,
    description: string,
  ) {
    super(description);
  }
}

const unavailable = () =>
  new AppError(
    503,
    'PAYMENT_GATEWAY_UNAVAILABLE',
    'The payment gateway is not answering right now. Nothing was charged; please try again in a moment.',
  );

const hmacHex = (secret: string, data: string | Buffer) =>
  createHmac('sha256', secret).update(data).digest('hex');

function sameHex(expected: string, given: string | undefined): boolean {
  if (!given || !/^[0-9a-f]{64}$/i.test(given)) return false;
  return timingSafeEqual(Buffer.from(expected, 'hex'), Buffer.from(given.toLowerCase(), 'hex'));
}

export type Call = <T>(
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
  headers?: Record<string, string>,
) => Promise<T>;

/** One REST call: time-out, 5xx, 401/429 and network errors are "unavailable" (503); other 4xx are refusals. */
export function createCall(cfg: RazorpayConfig): Call {
  const auth = `Basic ${Buffer.from(`${cfg.keyId}:${cfg.keySecret}`).toString('base64')}`;
  return async (method, path, body, headers = {}) => {
    let res: Response;
    try {
      res = await fetch(`${cfg.apiBase}${path}`, {
        method,
        headers: { authorization: auth, 'content-type': 'application/json', ...headers },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(cfg.timeoutMs),
      });
    } catch {
      throw unavailable();
    }
    const answer = (await res.json().catch(() => ({}))) as { error?: { description?: string } };
    if (res.status >= 500 || res.status === 401 || res.status === 429) throw unavailable();
    if (!res.ok) throw new RazorpayRefused(res.status, answer.error?.description ?? `HTTP ${res.status}`);
    return answer as never;
  };
}

/** The first captured payment of a gateway order, else an authorised one to capture. */
function payingPayment(payments: RazorpayPayment[]): RazorpayPayment | undefined {
  return (
    payments.find((p) => p.status === 'captured' || p.status === 'refunded') ??
    payments.find((p) => p.status === 'authorized')
  );
}

export const captureOf = (p: RazorpayPayment): CaptureResult => ({
  status: 'COMPLETED',
  captureId: p.id,
  payerId: null,
  amountPaise: p.amount,
  currency: p.currency,
});

/** Where the web sends the shopper to pay a gateway order: our page that posts to the gateway's hosted checkout. */
export const razorpayCheckoutPath = (gatewayOrderId: string, method: string) =>
  `/api/payments/razorpay/checkout/${encodeURIComponent(gatewayOrderId)}?method=${encodeURIComponent(method)}`;

export function createRazorpayProvider(cfg: RazorpayConfig): RazorpayGateway {
  const call = createCall(cfg);
  const fetchPayment = (paymentId: string) =>
    call<RazorpayPayment>('GET', `/v1/payments/${encodeURIComponent(paymentId)}`);
  const orderPayments = async (gatewayOrderId: string) =>
    (
      await call<{ items: RazorpayPayment[] }>(
        'GET',
        `/v1/orders/${encodeURIComponent(gatewayOrderId)}/payments`,
      )
    ).items;

  async function captureAuthorised(payment: RazorpayPayment): Promise<RazorpayPayment> {
    if (payment.status !== 'authorized') return payment;
    try {
      return await call<RazorpayPayment>('POST', `/v1/payments/${encodeURIComponent(payment.id)}/capture`, {
        amount: payment.amount,
        currency: payment.currency,
      });
    } catch (err) {
      // captured meanwhile by another path: the gateway's record says so
      if (err instanceof RazorpayRefused) return fetchPayment(payment.id);
      throw err;
    }
  }

  async function refund({ captureId, amountPaise, requestId }: RefundRequest): Promise<RefundResult> {
    try {
      const res = await call<{ id: string; status: string }>(
        'POST',
        `/v1/payments/${encodeURIComponent(captureId)}/refund`,
        { amount: amountPaise, receipt: requestId, notes: { refund_id: requestId } },
        { 'X-Razorpay-Idempotency-Key': requestId },
      );
      if (res.status === 'failed') throw new AppError(409, 'REFUND_REFUSED', 'The gateway failed the refund');
      return { providerRefundId: res.id, status: res.status === 'processed' ? 'COMPLETED' : 'PENDING' };
    } catch (err) {
      if (err instanceof RazorpayRefused) {
        throw new AppError(409, 'REFUND_REFUSED', `The gateway refused the refund (${err.message})`);
      }
      throw err;
    }
  }

  return {
    id: 'razorpay',
    async create(order) {
      let created: RazorpayOrder;
      try {
        created = await call<RazorpayOrder>('POST', '/v1/orders', {
          amount: order.totalPaise,
          currency: 'INR',
          receipt: order.orderId,
          notes: { order_id: order.orderId },
        });
      } catch (err) {
        if (err instanceof RazorpayRefused) throw unavailable();
        throw err;
      }
      return { paymentId: created.id, approvalURL: razorpayCheckoutPath(created.id, order.method ?? 'upi') };
    },
    async capture(gatewayOrderId) {
      const payment = payingPayment(await orderPayments(gatewayOrderId));
      if (!payment)
        throw new AppError(409, 'PAYMENT_FAILED', 'The payment has not been made on the gateway yet');
      return captureOf(await captureAuthorised(payment));
    },
    refund,
    verifyReturn: (gatewayOrderId, paymentId, signature) =>
      sameHex(hmacHex(cfg.keySecret, `${gatewayOrderId}|${paymentId}`), signature),
    verifyWebhookSignature: (rawBody, signature) =>
      cfg.webhookSecret !== undefined && sameHex(hmacHex(cfg.webhookSecret, rawBody), signature),
    fetchPayment,
    orderPayments,
    captureAuthorised,
  };
}

export { payingPayment };
