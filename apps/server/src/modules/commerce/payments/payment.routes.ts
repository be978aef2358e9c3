import type { Request, Response, Router } from 'express';
import { endpoints as api, formatINR, formatOrderNumber, pathOf, toRupees } from '@mp/shared';
import type { AppDeps } from '../../../context';
import { findOrderByPaymentId } from '../orders/order.repository';
import { AppError, badRequest, notFound, nulCharacterPath } from '../../../lib/errors';
import { contractRouter, type Route } from '../../../lib/route';
import type { PaymentProvider } from './payment-provider';
import { actOnWebhook, gateWebhook } from './paypal-webhook';
import { razorpayRoutes } from './razorpay.routes';
import { shopConfigOf } from './shop-config';
import { escapeHtml, sendPage } from './html-page';

const page = {
  off: [
    404,
    'Payment not found',
    '<h1>Test payments are turned off</h1><p class="muted">This shop does not take sandbox payments.</p>',
  ],
  logIn: [
    401,
    'Please log in',
    '<h1>Please log in</h1><p class="muted">Log in to continue your payment.</p>',
  ],
  notFound: [
    404,
    'Payment not found',
    '<h1>Payment not found</h1><p class="muted">This payment does not exist.</p>',
  ],
} as const;

/** The sandbox order the logged-in owner is paying; HTML error pages otherwise (a browser is looking). */
async function sandboxOrder(deps: AppDeps, provider: PaymentProvider, req: Request, res: Response) {
  if (provider.id !== 'sandbox') {
    // PayPal is configured, or production without ALLOW_SANDBOX_PAYMENTS (docs/security.md)
    sendPage(res, ...page.off);
    return undefined;
  }
  const parsed = api.sandboxPaymentPage.params.safeParse(req.params);
  const order = parsed.success ? await findOrderByPaymentId(deps.db, parsed.data.paymentId) : undefined;
  if (!req.user) {
    sendPage(res, ...page.logIn);
    return undefined;
  }
  // only the shopper who owns the payment pays it: not even the admin approves for someone (docs/security.md)
  if (!order || order.paymentMethod !== 'sandbox' || order.userId !== req.user.id) {
    sendPage(res, ...page.notFound);
    return undefined;
  }
  return order;
}

/** The sandbox's approval page and its two buttons (docs/money.md). */
function sandboxRoutes(route: Route, deps: AppDeps, provider: PaymentProvider): void {
  route(api.sandboxPaymentPage, async ({ req, res }) => {
    const order = await sandboxOrder(deps, provider, req, res);
    if (!order) return;
    const paymentId = order.paymentId!;
    // the order by the number the shopper sees everywhere else (docs/order-views.md)
    const number = escapeHtml(formatOrderNumber(order.orderNumber));
    const total = escapeHtml(formatINR(toRupees(order.totalPaise)));
    if (order.paymentStatus !== 'pending') {
      const closed = `<h1>This payment is ${escapeHtml(order.paymentStatus)}</h1><p class="muted">Order ${number}</p>`;
      sendPage(res, 409, 'Payment closed', `${closed}<p class="total">${total}</p>`);
      return;
    }
    const action = (path: string) => escapeHtml(pathOf(path, { paymentId }));
    sendPage(
      res,
      200,
      'Sandbox payment',
      `<h1>Sandbox payment</h1><p class="muted">Test payment: no real money moves. Order ${number}</p>` +
        `<p class="total" data-testid="sandbox-total">${total}</p>` +
        `<form method="post" action="${action(api.sandboxApprove.path)}"><button class="primary" type="submit">Approve payment</button></form>` +
        `<form method="post" action="${action(api.sandboxCancel.path)}"><button type="submit">Cancel</button></form>`,
    );
  });

  route(api.sandboxApprove, async ({ req, res }) => {
    const order = await sandboxOrder(deps, provider, req, res);
    if (!order) return;
    if (order.paymentStatus === 'cancelled' || order.paymentStatus === 'failed') {
      const closed = `<h1>This payment was ${escapeHtml(order.paymentStatus)}</h1>`;
      sendPage(res, 409, 'Payment closed', `${closed}<p class="muted">Please place the order again.</p>`);
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

  route(api.sandboxCancel, async ({ req, res }) => {
    const order = await sandboxOrder(deps, provider, req, res);
    if (!order) return;
    if (order.paymentStatus === 'paid') {
      const paid = '<h1>This order is already paid</h1><p class="muted">It cannot be cancelled here.</p>';
      sendPage(res, 409, 'Already paid', paid);
      return;
    }
    await deps.money.cancelUnpaid(order.id);
    const q = new URLSearchParams({ paymentId: order.paymentId! });
    res.redirect(303, `/shop/paypal-cancel?${q.toString()}`);
  });
}

/** PayPal's webhook: gated, verified with PayPal, then acted on (docs/money.md, "PayPal webhook"). */
function webhookRoute(route: Route, deps: AppDeps, provider: PaymentProvider): void {
  const { db, logger, money, config } = deps;
  route(api.paypalWebhook, async ({ req, res, reply }) => {
    if (!provider.verifyWebhook) throw notFound('PayPal webhook (PayPal is not configured)');
    const parsed = api.paypalWebhook.body.schema.safeParse(req.body);
    if (!parsed.success || nulCharacterPath(req.body)) throw badRequest('Not a PayPal webhook event');
    const event = parsed.data;
    // refused or acknowledged without asking PayPal: what cannot be genuine or would change nothing
    const headers = {
      transmissionId: req.get('paypal-transmission-id'),
      transmissionTime: req.get('paypal-transmission-time'),
      transmissionSig: req.get('paypal-transmission-sig'),
      certUrl: req.get('paypal-cert-url'),
      authAlgo: req.get('paypal-auth-algo'),
    };
    const apiBase = config.paypal?.apiBase ?? 'https://api-m.paypal.com';
    const gate = await gateWebhook({ db, logger }, event, headers, apiBase);
    if ('answer' in gate) return reply({ message: gate.answer });
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
    reply({ message: 'Event processed' });
  });
}

/** The shop's payment configuration, the sandbox approval pages and the PayPal webhook. */
export function createPaymentRouter(deps: AppDeps, provider: PaymentProvider): Router {
  const { router, route } = contractRouter(deps.db);
  /** What every page needs to know: which provider takes the money, and whether it is a test (sandbox). */
  route(api.shopConfig, ({ res, reply }) => {
    res.setHeader('Cache-Control', 'no-cache');
    reply({ data: shopConfigOf(deps.config) });
  });
  sandboxRoutes(route, deps, provider);
  webhookRoute(route, deps, provider);
  razorpayRoutes(route, deps);
  return router;
}
