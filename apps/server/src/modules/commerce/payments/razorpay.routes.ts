/**
 * The gateway's calls (docs/money.md, "UPI, cards and netbanking"): its webhook (signed raw body, stored once,
 * answered at once, processed from the stored row) and the browser's signed return (verify). Both end in the one
 * completion (razorpay-completion.ts).
 */
import { endpoints as api } from '@mp/shared';
import type { AppDeps } from '../../../context';
import { AppError, badRequest, conflict, notFound } from '../../../lib/errors';
import { rawBodyOf } from '../../../lib/raw-body';
import type { Route } from '../../../lib/route';
import { findOrderByPaymentId } from '../orders/order.repository';
import { completeGatewayPayment, type CompletionDeps } from './razorpay-completion';
import type { RazorpayGateway } from './razorpay-provider';
import { razorpayPages } from './razorpay-pages';
import { processStoredEvent, receiveWebhook } from './razorpay-webhook';

const notConfigured = () => notFound('Payment gateway (not configured on this shop)');

function completionDeps(deps: AppDeps): CompletionDeps & { gateway: RazorpayGateway } {
  if (!deps.gateway) throw notConfigured();
  return {
    db: deps.db,
    logger: deps.logger,
    money: deps.money,
    gateway: deps.gateway,
    payouts: deps.codReturnRefunds,
  };
}

export function razorpayRoutes(route: Route, deps: AppDeps): void {
  razorpayPages(route, deps);
  route(api.razorpayWebhook, async ({ req, reply }) => {
    const cd = completionDeps(deps);
    const id = await receiveWebhook(cd, {
      rawBody: rawBodyOf(req),
      signature: req.get('x-razorpay-signature'),
      eventId: req.get('x-razorpay-event-id'),
      body: req.body,
    });
    if (!id) return reply({ message: 'Event already received' });
    reply({ message: 'Event received' });
    // processed from the stored row after the answer; a failure leaves it for the reconciler
    setImmediate(() => {
      processStoredEvent(cd, id).catch((err: unknown) =>
        deps.logger.error({ err, id }, 'processing a stored gateway event failed'),
      );
    });
  });

  route(api.razorpayVerify, async ({ body, user, reply }) => {
    const cd = completionDeps(deps);
    const { razorpay_order_id: gatewayOrderId, razorpay_payment_id: paymentId } = body;
    if (!cd.gateway.verifyReturn(gatewayOrderId, paymentId, body.razorpay_signature)) {
      deps.logger.warn({ gatewayOrderId, paymentId }, 'gateway return refused: bad signature');
      throw badRequest('The payment signature could not be verified', 'BAD_SIGNATURE');
    }
    const order = await findOrderByPaymentId(deps.db, gatewayOrderId);
    if (!order || order.userId !== user.id) throw notFound('Order');
    const done = await completeGatewayPayment(cd, paymentId);
    switch (done.outcome) {
      case 'paid':
      case 'pending':
        return reply({
          message:
            done.outcome === 'paid'
              ? 'Payment successful! Your order is confirmed.'
              : 'Your payment is being processed; the order is confirmed once it completes.',
          data: { orderId: order.id, paymentStatus: done.outcome },
        });
      case 'refunded':
        throw conflict(done.message, done.code as never);
      case 'not_paid':
        throw new AppError(402, 'PAYMENT_FAILED', 'The payment did not go through. Please try again.');
      case 'unknown_order':
        throw notFound('Order');
    }
  });
}
