/**
 * One PaymentProvider face for the shop's two payment paths (docs/money.md, "Payment methods"): PayPal (or the
 * sandbox) and the Indian gateway. A payment goes to the gateway when the shopper chose UPI, a card or netbanking;
 * afterwards its ids say whose it is: a gateway order id starts `order_`, a gateway payment id `pay_` (Razorpay's
 * documented id prefixes), so captures and refunds of gateway payments go back to the gateway.
 */
import { GATEWAY_PAYMENT_METHODS, type CheckoutPaymentMethod } from '@mp/shared';
import type { Config } from '../../../config/env';
import { AppError } from '../../../lib/errors';
import { paymentsNotConfigured, type PaymentProvider } from './payment-provider';
import type { RazorpayGateway } from './razorpay-provider';

export const isGatewayMethod = (method: string | undefined): boolean =>
  (GATEWAY_PAYMENT_METHODS as readonly string[]).includes(method ?? '');
const isGatewayOrderId = (id: string) => id.startsWith('order_');
const isGatewayPaymentId = (id: string) => id.startsWith('pay_');

export function routePayments(main: PaymentProvider, gateway: RazorpayGateway | undefined): PaymentProvider {
  if (!gateway) return main;
  return {
    ...main,
    id: main.id,
    create: (order) => (isGatewayMethod(order.method) ? gateway : main).create(order),
    capture: (paymentId) => (isGatewayOrderId(paymentId) ? gateway : main).capture(paymentId),
    refund: (request) => (isGatewayPaymentId(request.captureId) ? gateway : main).refund(request),
  };
}

/**
 * Before any stock is held: the chosen method must be offered here (docs/security.md): PayPal needs a provider
 * (PayPal or the sandbox), UPI / cards / netbanking the gateway (configured, or its local fake outside production).
 */
export function offeredOrRefused(
  deps: { config: Pick<Config, 'paymentProvider'>; gateway: RazorpayGateway | undefined },
  method: CheckoutPaymentMethod | undefined,
): void {
  if (isGatewayMethod(method)) {
    if (!deps.gateway) {
      throw new AppError(
        422,
        'PAYMENT_METHOD_UNAVAILABLE',
        'UPI, card and netbanking payments are not available on this shop right now. Please choose another way to pay.',
      );
    }
    return;
  }
  if (method === 'cod') return; // its eligibility is the order's (cod/cod-eligibility.ts)
  if (deps.config.paymentProvider === 'none') throw paymentsNotConfigured();
}
