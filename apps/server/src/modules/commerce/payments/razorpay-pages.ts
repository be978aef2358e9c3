/**
 * The shopper's way through the gateway's hosted checkout (docs/money.md, "UPI, cards and netbanking"): our page
 * posts the pending order to the gateway's checkout (`/v1/checkout/embedded`, with the chosen method: UPI shows
 * its QR on a desktop and the UPI apps on a phone); the gateway posts the signed result back to our return, which
 * completes the payment (razorpay-completion.ts) and sends the shopper to the order.
 */
import { randomBytes } from 'node:crypto';
import { endpoints as api, formatINR, gatewayVerifyInputSchema, toRupees } from '@mp/shared';
import type { AppDeps } from '../../../context';
import type { Route } from '../../../lib/route';
import { findOrderByPaymentId } from '../orders/order.repository';
import { completeGatewayPayment } from './razorpay-completion';
import { escapeHtml, sendPage } from './html-page';

/** where the shopper lands after the gateway: the order's success page, or the orders list when not paid */
const landing = (orderId: string | undefined, outcome: string) =>
  outcome === 'paid' && orderId
    ? `/shop/payment-success/${encodeURIComponent(orderId)}`
    : `/shop/account/orders?payment=${encodeURIComponent(outcome)}`;

export function razorpayPages(route: Route, deps: AppDeps): void {
  route(api.razorpayCheckout, async (call) => {
    const { req, res } = call;
    // a browser is looking: pages, never JSON errors (the parameters are read after the session is known)
    if (!req.user) return sendPage(res, 401, 'Please log in', '<h1>Please log in</h1>');
    const { params, query } = call;
    const gateway = deps.config.razorpay;
    const order = gateway ? await findOrderByPaymentId(deps.db, params.gatewayOrderId) : undefined;
    if (!gateway || !order || order.userId !== req.user.id)
      return sendPage(res, 404, 'Payment not found', '<h1>Payment not found</h1>');
    if (order.paymentStatus !== 'pending') {
      return sendPage(
        res,
        409,
        'Payment closed',
        `<h1>This payment is ${escapeHtml(order.paymentStatus)}</h1>`,
      );
    }
    const fields: Record<string, string> = {
      key_id: gateway.keyId,
      order_id: params.gatewayOrderId,
      amount: String(order.totalPaise),
      currency: 'INR',
      name: 'Marketplace',
      description: `Order of ${formatINR(toRupees(order.totalPaise))}`,
      method: query.method,
      'prefill[contact]': order.phone,
      callback_url: `${deps.config.publicUrl}${api.razorpayReturn.path}`,
      cancel_url: `${deps.config.publicUrl}/shop/account/orders?payment=cancelled`,
    };
    const inputs = Object.entries(fields)
      .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
      .join('');
    const nonce = randomBytes(12).toString('base64');
    const action = `${gateway.apiBase}/v1/checkout/embedded`;
    sendPage(
      res,
      200,
      'Opening the payment page',
      `<form id="pay" method="post" action="${escapeHtml(action)}">${inputs}` +
        `<p>Opening the payment page…</p><button type="submit">Continue to payment</button></form>` +
        `<script nonce="${nonce}">document.getElementById('pay').submit()</script>`,
      `default-src 'none'; script-src 'nonce-${nonce}'; style-src 'unsafe-inline'; form-action ${new URL(action).origin}; img-src 'self'`,
    );
  });

  route(api.razorpayReturn, async ({ req, res }) => {
    const gateway = deps.gateway;
    const parsed = gatewayVerifyInputSchema.safeParse(req.body);
    if (!gateway || !parsed.success) {
      // a failed attempt posts error[…] fields: the order stays payable, the shopper is told
      const failedOrder = (req.body as Record<string, unknown> | undefined)?.['error[metadata][order_id]'];
      const order =
        typeof failedOrder === 'string' ? await findOrderByPaymentId(deps.db, failedOrder) : undefined;
      return res.redirect(303, landing(order?.id, 'failed'));
    }
    const { razorpay_order_id: gatewayOrderId, razorpay_payment_id: paymentId } = parsed.data;
    if (!gateway.verifyReturn(gatewayOrderId, paymentId, parsed.data.razorpay_signature)) {
      deps.logger.warn({ gatewayOrderId, paymentId }, 'gateway return refused: bad signature');
      return sendPage(res, 400, 'Payment not verified', '<h1>This payment could not be verified</h1>');
    }
    const done = await completeGatewayPayment(
      { db: deps.db, logger: deps.logger, money: deps.money, gateway },
      paymentId,
    );
    res.redirect(303, landing('order' in done ? done.order.id : undefined, done.outcome));
  });
}
