import { Router, type Request, type Response } from 'express';
import { endpoints as api, formatINR, formatOrderNumber, toRupees } from '@mp/shared';
import type { AppDeps } from '../../../context';
import { send } from '../../../lib/contract';
import { findOrderByPaymentId } from '../orders/order.repository';
import { AppError, badRequest, notFound, nulCharacterPath } from '../../../lib/errors';
import type { PaymentProvider } from './payment-provider';
import { actOnWebhook, gateWebhook } from './paypal-webhook';
import { shopConfigOf } from './shop-config';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const STYLE = `
body{font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;background:#f4f5f7;color:#1f2937;margin:0}
main{max-width:420px;margin:10vh auto;background:#fff;border-radius:12px;padding:32px;box-shadow:0 4px 24px rgba(0,0,0,.08)}
h1{font-size:1.25rem;margin:0 0 4px}.muted{color:#6b7280;font-size:.9rem}
.total{font-size:2rem;font-weight:700;margin:20px 0}
form{display:inline-block;margin-right:8px}
button{font-size:1rem;padding:10px 20px;border-radius:8px;border:1px solid #d1d5db;cursor:pointer;background:#fff}
button.primary{background:#0070ba;color:#fff;border-color:#0070ba}
`;

function sendPage(res: Response, status: number, title: string, body: string): void {
  res
    .status(status)
    .type('html')
    .setHeader('Cache-Control', 'no-store')
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
        // the shop's icon, so the browser never asks for a missing /favicon.ico
        `<link rel="icon" type="image/svg+xml" href="/favicon.svg">` +
        `<title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`,
    );
}

/** Sandbox approval pages and the PayPal webhook. Mounted at /api. */
export function createPaymentRouter(deps: AppDeps, provider: PaymentProvider): Router {
  const { db, logger, money, config } = deps;
  const r = Router();

  /** What every page needs to know: which provider takes the money, and whether it is a test (sandbox). */
  r.get('/shop/config', (_req, res) => {
    res.setHeader('Cache-Control', 'no-cache');
    send(res, api.shopConfig, { data: shopConfigOf(deps.config) });
  });

  /** The sandbox order the logged-in owner is paying; HTML error pages otherwise (a browser is looking). */
  async function sandboxOrder(req: Request, res: Response) {
    if (provider.id !== 'sandbox') {
      // PayPal is configured, or production without ALLOW_SANDBOX_PAYMENTS (docs/security.md)
      sendPage(
        res,
        404,
        'Payment not found',
        '<h1>Test payments are turned off</h1><p class="muted">This shop does not take sandbox payments.</p>',
      );
      return undefined;
    }
    const parsed = api.sandboxPaymentPage.params.safeParse(req.params);
    const order = parsed.success ? await findOrderByPaymentId(db, parsed.data.paymentId) : undefined;
    if (!req.user) {
      sendPage(
        res,
        401,
        'Please log in',
        '<h1>Please log in</h1><p class="muted">Log in to continue your payment.</p>',
      );
      return undefined;
    }
    // only the shopper who owns the payment pays it: not even the admin approves for someone (docs/security.md)
    if (!order || order.paymentMethod !== 'sandbox' || order.userId !== req.user.id) {
      sendPage(
        res,
        404,
        'Payment not found',
        '<h1>Payment not found</h1><p class="muted">This payment does not exist.</p>',
      );
      return undefined;
    }
    return order;
  }

  r.get('/payments/sandbox/:paymentId', async (req, res) => {
    const order = await sandboxOrder(req, res);
    if (!order) return;
    const id = escapeHtml(order.paymentId!);
    // the order by the number the shopper sees everywhere else (docs/order-views.md)
    const number = escapeHtml(formatOrderNumber(order.orderNumber));
    const total = escapeHtml(formatINR(toRupees(order.totalPaise)));
    if (order.paymentStatus !== 'pending') {
      sendPage(
        res,
        409,
        'Payment closed',
        `<h1>This payment is ${escapeHtml(order.paymentStatus)}</h1><p class="muted">Order ${number}</p><p class="total">${total}</p>`,
      );
      return;
    }
    sendPage(
      res,
      200,
      'Sandbox payment',
      `<h1>Sandbox payment</h1><p class="muted">Test payment: no real money moves. Order ${number}</p>` +
        `<p class="total" data-testid="sandbox-total">${total}</p>` +
        `<form method="post" action="/api/payments/sandbox/${id}/approve"><button class="primary" type="submit">Approve payment</button></form>` +
        `<form method="post" action="/api/payments/sandbox/${id}/cancel"><button type="submit">Cancel</button></form>`,
    );
  });

  r.post('/payments/sandbox/:paymentId/approve', async (req, res) => {
    const order = await sandboxOrder(req, res);
    if (!order) return;
    if (order.paymentStatus === 'cancelled' || order.paymentStatus === 'failed') {
      sendPage(
        res,
        409,
        'Payment closed',
        `<h1>This payment was ${escapeHtml(order.paymentStatus)}</h1><p class="muted">Please place the order again.</p>`,
      );
      return;
    }
    // the sandbox provider keeps the approval (docs/money.md); approving again answers the same payer
    const approved = provider.approve ? await provider.approve(order.paymentId!) : null;
    if (!approved) {
      sendPage(res, 409, 'Payment closed', '<h1>This payment cannot be approved</h1>');
      return;
    }
    const q = new URLSearchParams({ paymentId: order.paymentId!, PayerID: approved.payerId });
    res.redirect(303, `/shop/paypal-return?${q.toString()}`);
  });

  r.post('/payments/sandbox/:paymentId/cancel', async (req, res) => {
    const order = await sandboxOrder(req, res);
    if (!order) return;
    if (order.paymentStatus === 'paid') {
      sendPage(
        res,
        409,
        'Already paid',
        '<h1>This order is already paid</h1><p class="muted">It cannot be cancelled here.</p>',
      );
      return;
    }
    await money.cancelUnpaid(order.id);
    res.redirect(
      303,
      `/shop/paypal-cancel?${new URLSearchParams({ paymentId: order.paymentId! }).toString()}`,
    );
  });

  r.post('/payments/paypal/webhook', async (req, res) => {
    if (!provider.verifyWebhook) throw notFound('PayPal webhook (PayPal is not configured)');
    const parsed = api.paypalWebhook.body.schema.safeParse(req.body);
    if (!parsed.success || nulCharacterPath(req.body)) throw badRequest('Not a PayPal webhook event');
    const event = parsed.data;
    // refused or acknowledged without asking PayPal: what cannot be genuine or would change nothing
    // (docs/money.md, "PayPal webhook")
    const headers = {
      transmissionId: req.get('paypal-transmission-id'),
      transmissionTime: req.get('paypal-transmission-time'),
      transmissionSig: req.get('paypal-transmission-sig'),
      certUrl: req.get('paypal-cert-url'),
      authAlgo: req.get('paypal-auth-algo'),
    };
    const gate = await gateWebhook(
      { db, logger },
      event,
      headers,
      config.paypal?.apiBase ?? 'https://api-m.paypal.com',
    );
    if ('answer' in gate) {
      send(res, api.paypalWebhook, { message: gate.answer });
      return;
    }
    let verified: boolean;
    try {
      verified = await provider.verifyWebhook(headers, req.body);
    } catch (err) {
      // PayPal slow or down: 503 makes PayPal deliver the event again later
      if (err instanceof AppError && err.status === 503) res.setHeader('Retry-After', '60');
      throw err;
    }
    if (!verified) throw badRequest('Webhook signature could not be verified');

    await actOnWebhook({ db, logger, money }, event, gate.subject);
    send(res, api.paypalWebhook, { message: 'Event processed' });
  });

  return r;
}
