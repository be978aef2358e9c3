import { Router } from 'express';
import type { AppDeps } from '../../context';
import { createAddressRouter } from './addresses/address.routes';
import { createCartRouter } from './cart/cart.routes';
import { createDashboardRouter } from './dashboards/dashboard.routes';
import { createOrderRouter } from './orders/order.routes';
import { createOrderService } from './orders/order.service';
import { createPaymentRouter } from './payments/payment.routes';
import { createMoneyRouter } from './money/money.routes';
import { createEarningsRouter } from './earnings/earnings.routes';
import { createSellerOrderRouter } from './seller-orders/seller-order.routes';

export { createPaymentProvider } from './payments';
export { releaseExpiredHolds, releaseHalfCreatedOrders, startHoldSweeper } from './orders/stock-hold';

/** Cart, addresses, orders, payments, seller orders, dashboards. Mounted at the root: paths come from the table. */
export function createCommerceRouter(deps: AppDeps): Router {
  const provider = deps.payments;
  const orders = createOrderService({
    db: deps.db,
    provider,
    money: deps.money,
    holdMinutes: deps.config.paymentHoldMinutes,
    holdLimits: deps.config.holdLimits,
    logger: deps.logger,
    changes: deps.changes,
  });
  const r = Router();
  r.use(createCartRouter(deps));
  r.use(createAddressRouter(deps));
  r.use(createOrderRouter(deps, orders));
  // its paths are still written relative to /api (docs/api-contract.md, "Declaring a route")
  r.use('/api', createPaymentRouter(deps, provider));
  r.use(createSellerOrderRouter(deps));
  r.use(createDashboardRouter(deps));
  r.use(createMoneyRouter(deps));
  r.use(createEarningsRouter(deps));
  return r;
}
