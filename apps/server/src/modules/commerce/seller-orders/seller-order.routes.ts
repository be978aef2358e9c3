import { Router } from 'express';
import { z } from 'zod';
import { idParamsSchema, idSchema, sellerOrderStatusInputSchema } from '@mp/shared';
import type { AppDeps } from '../../../context';
import { forbidden, parse } from '../../../lib/errors';
import { currentUser, requireApprovedSeller } from '../../../lib/session';
import { listSellerOrders, sellerOrderDetails, updateSellerOrderStatus } from './seller-order.service';

const sellerParams = z.object({ sellerId: idSchema });

/** Seller orders of spec section 7: an approved seller sees and updates only its own lines. */
export function createSellerOrderRouter({ db }: AppDeps): Router {
  const r = Router();
  const seller = requireApprovedSeller(db);

  r.get('/seller/orders/get', seller, async (req, res) => {
    res.json({ success: true, data: await listSellerOrders(db, req.sellerId!) });
  });

  r.get('/seller/orders/details/:id', seller, async (req, res) => {
    const { id } = parse(idParamsSchema, req.params);
    res.json({ success: true, data: await sellerOrderDetails(db, req.sellerId!, id) });
  });

  r.put('/seller/orders/update/:id', seller, async (req, res) => {
    const { id } = parse(idParamsSchema, req.params);
    const { orderStatus } = parse(sellerOrderStatusInputSchema, req.body);
    const user = currentUser(req);
    const data = await updateSellerOrderStatus(db, req.sellerId!, id, orderStatus, {
      userId: user.id,
      role: user.role,
    });
    res.json({ success: true, message: 'Order status updated!', data });
  });

  r.get('/seller/orders/:sellerId', seller, async (req, res) => {
    const { sellerId } = parse(sellerParams, req.params);
    if (sellerId !== req.sellerId) throw forbidden('You can only see your own orders');
    res.json({ success: true, data: await listSellerOrders(db, sellerId) });
  });

  return r;
}
