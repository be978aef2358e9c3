import type { Router } from 'express';
import { endpoints as api, formatINR } from '@mp/shared';
import type { AppDeps } from '../../../context';
import { forbidden } from '../../../lib/errors';
import { contractRouter } from '../../../lib/route';
import { listSellerOrders, sellerOrderDetails, updateSellerOrderStatus } from './seller-order.service';

/** Seller orders: an approved seller sees and updates only its own lines (docs/orders-and-stock.md). */
export function createSellerOrderRouter({ db, money, earnings }: AppDeps): Router {
  const { router, route } = contractRouter(db);

  route(api.sellerOrders, async ({ req, reply }) => {
    reply({ data: await listSellerOrders(db, req.sellerId!) });
  });

  route(api.sellerOrderDetails, async ({ req, params, reply }) => {
    reply({ data: await sellerOrderDetails(db, req.sellerId!, params.id) });
  });

  route(api.updateSellerOrder, async ({ req, params, body, user, reply }) => {
    const { orderStatus, reason } = body;
    const data = await updateSellerOrderStatus(
      db,
      { money, earnings },
      req.sellerId!,
      params.id,
      orderStatus,
      {
        userId: user.id,
        role: user.role,
      },
      reason,
    );
    // rejecting refunds the seller's lines (docs/money.md): say so
    const message =
      orderStatus === 'rejected' && data.refundedAmount > 0
        ? `Order rejected; ${formatINR(data.refundedAmount)} is refunded to the shopper`
        : 'Order status updated!';
    reply({ message, data });
  });

  route(api.sellerOrdersOf, async ({ req, params, reply }) => {
    const { sellerId } = params;
    if (sellerId !== req.sellerId) throw forbidden('You can only see your own orders');
    reply({ data: await listSellerOrders(db, sellerId) });
  });

  return router;
}
