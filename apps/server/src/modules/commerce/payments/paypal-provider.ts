/**
 * PayPal Orders v2 through @paypal/checkout-server-sdk: the only code that talks to PayPal.
 * The SDK's environment takes a base URL (so PAYPAL_API_BASE can point at a local fake); its HTTP client has a
 * fixed 30 s socket time-out, so a subclass sets PAYPAL_TIMEOUT_MS and every call is also raced against it.
 */
import paypal, { type PayPalRequest, type PayPalResponse } from '@paypal/checkout-server-sdk';
import type { PayPalConfig } from '../../../config/env';
import { AppError } from '../../../lib/errors';
import { parsePayPalAmount } from './paypal-amount';
import type {
  CaptureResult,
  PaymentOrderInfo,
  PaymentProvider,
  RefundRequest,
  RefundResult,
  WebhookHeaders,
} from './payment-provider';

interface PayPalLink {
  href: string;
  rel: string;
}
interface PayPalCapture {
  id: string;
  status: string;
  amount?: { currency_code?: string; value?: string };
}
interface PayPalRefund {
  id: string;
  status: string;
}
interface PayPalOrder {
  id: string;
  status: string;
  links?: PayPalLink[];
  payer?: { payer_id?: string };
  payment_source?: { paypal?: { account_id?: string } };
  purchase_units?: { payments?: { captures?: PayPalCapture[] } }[];
}
interface PayPalErrorBody {
  name?: string;
  message?: string;
  details?: { issue?: string; description?: string }[];
}

type PayPalEnvironment = InstanceType<typeof paypal.core.PayPalEnvironment>;

class TimedPayPalClient extends paypal.core.PayPalHttpClient {
  constructor(
    environment: PayPalEnvironment,
    private readonly timeoutMs: number,
  ) {
    super(environment);
  }
  override getTimeout(): number {
    return this.timeoutMs;
  }
}

class ProviderUnavailable extends Error {}

/**
 * How long a webhook delivery waits for PayPal to verify its signature (docs/money.md, "PayPal webhook"): short, so
 * forged deliveries cannot hold requests; PayPal delivers again after a 503.
 */
export const WEBHOOK_VERIFY_WAIT_MS = 3000;
const verifyUnavailable = () =>
  new AppError(
    503,
    'SERVICE_UNAVAILABLE',
    'PayPal could not verify this event in time. Please deliver it again later.',
  );

const money = (paise: number) => (paise / 100).toFixed(2);

function errorIssue(err: unknown): { status?: number; issue?: string; body?: PayPalErrorBody } {
  const e = err as { statusCode?: number; message?: string };
  if (typeof e?.statusCode !== 'number') return {};
  let body: PayPalErrorBody | undefined;
  try {
    body = JSON.parse(e.message ?? '') as PayPalErrorBody;
  } catch {
    body = undefined;
  }
  return { status: e.statusCode, issue: body?.details?.[0]?.issue ?? body?.name, body };
}

const unavailable = () =>
  new AppError(
    502,
    'PAYMENT_PROVIDER_ERROR',
    'PayPal is not answering right now. You have not been charged; please try again in a moment.',
  );

/** 5xx, time-outs, network errors and our own credentials being refused all mean "PayPal unavailable". */
function isUnavailable(err: unknown): boolean {
  const { status } = errorIssue(err);
  return status === undefined || status >= 500 || status === 401 || status === 403 || status === 429;
}

function captureResult(order: PayPalOrder): CaptureResult {
  const capture = order.purchase_units?.[0]?.payments?.captures?.[0];
  const payerId = order.payer?.payer_id ?? order.payment_source?.paypal?.account_id ?? null;
  const amount = {
    amountPaise: parsePayPalAmount(capture?.amount?.value),
    currency: capture?.amount?.currency_code ?? null,
  };
  if (order.status === 'COMPLETED' && (!capture || capture.status === 'COMPLETED')) {
    return { status: 'COMPLETED', captureId: capture?.id ?? null, payerId, ...amount };
  }
  if (capture?.status === 'PENDING') return { status: 'PENDING', captureId: capture.id, payerId, ...amount };
  throw new AppError(
    402,
    'PAYMENT_FAILED',
    'PayPal did not complete the payment. Please try again or use another payment method.',
  );
}

/** The configured PayPal client: every call raced against PAYPAL_TIMEOUT_MS (or a shorter wait). */
interface PayPalApi {
  cfg: PayPalConfig;
  call<T>(request: PayPalRequest, waitMs?: number): Promise<PayPalResponse<T>>;
}

function createPayPalApi(cfg: PayPalConfig): PayPalApi {
  // the web URL is only used by the SDK for logins we never do
  const environment = new paypal.core.PayPalEnvironment(
    cfg.clientId,
    cfg.clientSecret,
    cfg.apiBase,
    cfg.apiBase,
  );
  const client = new TimedPayPalClient(environment, cfg.timeoutMs);
  return {
    cfg,
    async call<T>(request: PayPalRequest, waitMs = cfg.timeoutMs + 50): Promise<PayPalResponse<T>> {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new ProviderUnavailable('PayPal timed out')), waitMs);
      });
      try {
        return await Promise.race([client.execute<T>(request), timeout]);
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

/** The PayPal order for ours: its amounts, lines, and where PayPal sends the shopper back. */
function orderRequestBody(currency: string, publicUrl: string, order: PaymentOrderInfo) {
  const amount = (paise: number) => ({ currency_code: currency, value: money(paise) });
  return {
    intent: 'CAPTURE',
    purchase_units: [
      {
        reference_id: order.orderId,
        custom_id: order.orderId,
        invoice_id: order.orderId,
        amount: {
          ...amount(order.totalPaise),
          breakdown: {
            item_total: amount(order.subtotalPaise),
            shipping: amount(order.shippingPaise),
            discount: amount(order.discountPaise),
          },
        },
        items: order.lines.map((l) => ({
          name: l.title.slice(0, 127),
          quantity: String(l.quantity),
          unit_amount: amount(l.unitPricePaise),
          category: 'PHYSICAL_GOODS',
        })),
      },
    ],
    payment_source: {
      paypal: {
        experience_context: {
          return_url: `${publicUrl}/shop/paypal-return`,
          cancel_url: `${publicUrl}/shop/paypal-cancel`,
          user_action: 'PAY_NOW',
          shipping_preference: 'NO_SHIPPING',
        },
      },
    },
  };
}

async function createOrder(api: PayPalApi, publicUrl: string, order: PaymentOrderInfo) {
  const request = new paypal.orders.OrdersCreateRequest();
  request.prefer('return=representation');
  // OrdersCreateRequest has no helper for the idempotency header
  request.headers['PayPal-Request-Id'] = `create-${order.orderId}`;
  request.requestBody(orderRequestBody(api.cfg.currency, publicUrl, order));
  const res = await api.call<PayPalOrder>(request);
  const link = res.result.links?.find((l) => l.rel === 'payer-action' || l.rel === 'approve');
  if (!res.result.id || !link) throw new Error('PayPal answered an order without an approval link');
  return { paymentId: res.result.id, approvalURL: link.href };
}

async function capture(api: PayPalApi, paymentId: string): Promise<CaptureResult> {
  const request = new paypal.orders.OrdersCaptureRequest(paymentId);
  request.prefer('return=representation');
  request.payPalRequestId(`capture-${paymentId}`);
  request.requestBody({});
  try {
    const res = await api.call<PayPalOrder>(request);
    return captureResult(res.result);
  } catch (err) {
    if (err instanceof AppError) throw err;
    return captureRefused(api, paymentId, err);
  }
}

/** What a capture PayPal refused means for the shopper (an order captured already answers PayPal's record). */
async function captureRefused(api: PayPalApi, paymentId: string, err: unknown): Promise<CaptureResult> {
  const { issue } = errorIssue(err);
  if (issue === 'ORDER_ALREADY_CAPTURED') {
    // trust only PayPal's own record of the order
    try {
      const res = await api.call<PayPalOrder>(new paypal.orders.OrdersGetRequest(paymentId));
      return captureResult(res.result);
    } catch (again) {
      if (again instanceof AppError) throw again;
      throw unavailable();
    }
  }
  if (issue === 'INSTRUMENT_DECLINED') {
    throw new AppError(
      402,
      'PAYMENT_FAILED',
      'PayPal declined this payment method. Please go back to PayPal and choose another card or funding source.',
    );
  }
  if (isUnavailable(err)) throw unavailable();
  if (issue === 'ORDER_NOT_APPROVED' || issue === 'PAYER_ACTION_REQUIRED') {
    throw new AppError(409, 'PAYMENT_FAILED', 'The payment has not been approved on PayPal yet');
  }
  throw new AppError(409, 'PAYMENT_FAILED', 'PayPal could not capture this payment');
}

/** Orders v2 refund of a capture; PayPal-Request-Id makes a retried refund one refund. */
async function refund(
  api: PayPalApi,
  { captureId, amountPaise, requestId }: RefundRequest,
): Promise<RefundResult> {
  const request: PayPalRequest = {
    path: `/v2/payments/captures/${encodeURIComponent(captureId)}/refund`,
    verb: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'PayPal-Request-Id': `refund-${requestId}`,
      Prefer: 'return=representation',
    },
    body: { amount: { currency_code: api.cfg.currency, value: money(amountPaise) }, invoice_id: requestId },
  };
  try {
    const res = await api.call<PayPalRefund>(request);
    const status = res.result.status === 'COMPLETED' ? 'COMPLETED' : 'PENDING';
    if (res.result.status === 'CANCELLED' || res.result.status === 'FAILED') {
      throw new AppError(409, 'REFUND_REFUSED', `PayPal answered the refund ${res.result.status}`);
    }
    return { providerRefundId: res.result.id, status };
  } catch (err) {
    if (err instanceof AppError) throw err;
    if (isUnavailable(err)) throw unavailable();
    const { issue } = errorIssue(err);
    throw new AppError(409, 'REFUND_REFUSED', `PayPal refused the refund (${issue ?? 'unknown'})`);
  }
}

async function verifyWebhook(api: PayPalApi, headers: WebhookHeaders, event: unknown): Promise<boolean> {
  const { cfg } = api;
  if (!cfg.webhookId) return false;
  if (!headers.transmissionId || !headers.transmissionSig || !headers.transmissionTime) return false;
  const request: PayPalRequest = {
    path: '/v1/notifications/verify-webhook-signature',
    verb: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: {
      auth_algo: headers.authAlgo,
      cert_url: headers.certUrl,
      transmission_id: headers.transmissionId,
      transmission_sig: headers.transmissionSig,
      transmission_time: headers.transmissionTime,
      webhook_id: cfg.webhookId,
      webhook_event: event,
    },
  };
  try {
    const res = await api.call<{ verification_status?: string }>(
      request,
      Math.min(cfg.timeoutMs + 50, WEBHOOK_VERIFY_WAIT_MS),
    );
    return res.result?.verification_status === 'SUCCESS';
  } catch (err) {
    // PayPal delivers the event again after a failed delivery: 503, try later
    if (isUnavailable(err) || err instanceof ProviderUnavailable) throw verifyUnavailable();
    return false;
  }
}

export function createPayPalProvider(cfg: PayPalConfig, publicUrl: string): PaymentProvider {
  const api = createPayPalApi(cfg);
  return {
    id: 'paypal',
    create: (order) => createOrder(api, publicUrl, order),
    capture: (paymentId) => capture(api, paymentId),
    refund: (req) => refund(api, req),
    verifyWebhook: (headers, event) => verifyWebhook(api, headers, event),
  };
}
