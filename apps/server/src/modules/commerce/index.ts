import { Router } from 'express';
import type { AppDeps } from '../../context';
import { createAddressRouter } from './addresses/address.routes';
import { createCartRouter } from './cart/cart.routes';
import { createCodRouter } from './cod/cod.routes';
import { createCouponRouter } from './coupons/coupon.routes';
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
  return Router().use(
    // first: DELETE /api/shop/cart/coupon/:code would otherwise reach the cart's /:userId/:productId
    createCouponRouter(deps),
    createCartRouter(deps),
    createAddressRouter(deps),
    createOrderRouter(deps, deps.orders),
    createPaymentRouter(deps, deps.payments),
    createSellerOrderRouter(deps),
    createDashboardRouter(deps),
    createMoneyRouter(deps),
    createEarningsRouter(deps),
    createReturnPolicyRouter(deps),
    createReturnsRouter(deps),
    createCodRouter(deps),
  );
}
