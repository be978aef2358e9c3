import { Router } from 'express';
import type { AppDeps } from '../../context';
import { createAddressRouter } from './addresses/address.routes';
import { createCartRouter } from './cart/cart.routes';
import { createCodRouter } from './cod/cod.routes';
import { createDashboardRouter } from './dashboards/dashboard.routes';
import { createOrderRouter } from './orders/order.routes';
import { createPaymentRouter } from './payments/payment.routes';
import { createMoneyRouter } from './money/money.routes';
import { createEarningsRouter } from './earnings/earnings.routes';
import { createReturnPolicyRouter } from './returns/return-policy.routes';
import { createReturnsRouter } from './returns/returns.routes';
import { createSellerOrderRouter } from './seller-orders/seller-order.routes';
export { createPaymentProvider } from './payments';
export { releaseExpiredHolds, releaseHalfCreatedOrders, startHoldSweeper } from './orders/stock-hold';

/** Cart, addresses, orders, payments, seller orders, dashboards. Mounted at the root: paths come from the table. */
export function createCommerceRouter(deps: AppDeps): Router {
  const r = Router();
  r.use(createCartRouter(deps));
  r.use(createAddressRouter(deps));
  r.use(createOrderRouter(deps, deps.orders));
  r.use(createPaymentRouter(deps, deps.payments));
  r.use(createSellerOrderRouter(deps));
  r.use(createDashboardRouter(deps));
  r.use(createMoneyRouter(deps));
  r.use(createEarningsRouter(deps));
  r.use(createReturnPolicyRouter(deps));
  r.use(createReturnsRouter(deps));
  r.use(createCodRouter(deps));
  return r;
}
