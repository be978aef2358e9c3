import { Router } from 'express';
import type { AppDeps } from '../../context';
import { createAddressRouter } from './addresses/address.routes';
import { createCartRouter } from './cart/cart.routes';
import { createDashboardRouter } from './dashboards/dashboard.routes';
import { createOrderRouter } from './orders/order.routes';
import { createOrderService } from './orders/order.service';
import { createUnconfiguredProvider, type PaymentProvider } from './payments/payment-provider';
import { createPaymentRouter } from './payments/payment.routes';
import { createPayPalProvider } from './payments/paypal-provider';
import { createSandboxProvider } from './payments/sandbox-provider';
import { createSellerOrderRouter } from './seller-orders/seller-order.routes';

export { releaseExpiredHolds, releaseHalfCreatedOrders, startHoldSweeper } from './orders/stock-hold';

/**
 * PayPal when PAYPAL_CLIENT_ID/SECRET are set, else the built-in sandbox (decisions.md) — in production only when
 * the operator allows it by name (ALLOW_SANDBOX_PAYMENTS, docs/security.md) — else no provider at all.
 */
export function createPaymentProvider(deps: Pick<AppDeps, 'config' | 'db'>): PaymentProvider {
  const { config, db } = deps;
  switch (config.paymentProvider) {
    case 'paypal':
      return createPayPalProvider(config.paypal!, config.publicUrl);
    case 'sandbox':
      return createSandboxProvider(db);
    case 'none':
      return createUnconfiguredProvider();
  }
}

/** Cart, addresses, orders, payments, seller orders, dashboards. Mounted at /api. */
export function createCommerceRouter(deps: AppDeps): Router {
  const provider = createPaymentProvider(deps);
  const orders = createOrderService({
    db: deps.db,
    provider,
    holdMinutes: deps.config.paymentHoldMinutes,
    logger: deps.logger,
    changes: deps.changes,
  });
  const r = Router();
  r.use(createCartRouter(deps));
  r.use(createAddressRouter(deps));
  r.use(createOrderRouter(deps, orders));
  r.use(createPaymentRouter(deps, provider));
  r.use(createSellerOrderRouter(deps));
  r.use(createDashboardRouter(deps));
  return r;
}
