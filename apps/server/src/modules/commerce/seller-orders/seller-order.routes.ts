import { Router } from 'express';
import { endpoints as api, formatINR } from '@mp/shared';
import type { AppDeps } from '../../../context';
import { send } from '../../../lib/contract';
import { forbidden, parse } from '../../../lib/errors';
import { currentUser, requireApprovedSeller } from '../../../lib/session';
import { listSellerOrders, sellerOrderDetails, updateSellerOrderStatus } from './seller-order.service';

/** Seller orders of spec section 7: an approved seller sees and updates only its own lines. */
export function createSellerOrderRouter({ db, money, earnings }: AppDeps): Router {
  const r = Router();
  const seller = requireApprovedSeller(db);

  r.get('/seller/orders/get', seller, async (req, res) => {
    send(res, api.sellerOrders, { data: await listSellerOrders(db, req.sellerId!) });
  });

  r.get('/seller/orders/details/:id', seller, async (req, res) => {
    const { id } = parse(api.sellerOrderDetails.params, req.params);
    send(res, api.sellerOrderDetails, { data: await sellerOrderDetails(db, req.sellerId!, id) });
  });

  r.put('/seller/orders/update/:id', seller, async (req, res) => {
    const { id } = parse(api.updateSellerOrder.params, req.params);
    const { orderStatus, reason } = parse(api.updateSellerOrder.body.schema, req.body);
    const user = currentUser(req);
    const data = await updateSellerOrderStatus(
      db,
      { money, earnings },
      req.sellerId!,
      id,
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
    send(res, api.updateSellerOrder, { message, data });
  });

  r.get('/seller/orders/:sellerId', seller, async (req, res) => {
    const { sellerId } = parse(api.sellerOrdersOf.params, req.params);
    if (sellerId !== req.sellerId) throw forbidden('You can only see your own orders');
    send(res, api.sellerOrdersOf, { data: await listSellerOrders(db, sellerId) });
  });

  return r;
}
