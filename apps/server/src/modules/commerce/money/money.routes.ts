import { Router } from 'express';
import { z } from 'zod';
import {
  endpoints as api,
  adminOrderListQuerySchema,
  adminRefundInputSchema,
  idSchema,
  idempotencyKeySchema,
} from '@mp/shared';
import type { AppDeps } from '../../../context';
import { send } from '../../../lib/contract';
import { parse } from '../../../lib/errors';
import { currentUser, requireAuth, requireRole } from '../../../lib/session';
import { listAdminOrders, loadOrderDto } from '../orders/order.service';

const orderParams = z.object({ orderId: idSchema });

/** Shopper cancel of any order, the admin's order desk and refund (docs/money.md). Mounted at /api. */
export function createMoneyRouter({ db, money }: AppDeps): Router {
  const r = Router();

  r.post('/shop/order/cancel/:orderId', requireAuth, async (req, res) => {
    const { orderId } = parse(orderParams, req.params);
    const user = currentUser(req);
    const { order, refundId } = await money.cancelOrder({ userId: user.id, role: user.role }, orderId);
    const data = await loadOrderDto(db, order);
    const refund = data.payments.filter((p) => p.type === 'refund').at(-1);
    send(res, api.cancelAnyOrder, {
      message: !refundId
        ? 'Order cancelled'
        : refund?.status === 'completed'
          ? 'Order cancelled and refunded'
          : 'Order cancelled; the refund is on its way',
      data,
    });
  });

  r.get('/admin/orders', requireRole('admin'), async (req, res) => {
    const q = parse(adminOrderListQuerySchema, req.query);
    send(res, api.adminOrders, await listAdminOrders(db, q));
  });

  r.post('/admin/orders/:orderId/refund', requireRole('admin'), async (req, res) => {
    const { orderId } = parse(orderParams, req.params);
    const input = parse(adminRefundInputSchema, req.body);
    const header = req.get('Idempotency-Key');
    const key = header === undefined ? undefined : parse(idempotencyKeySchema, header);
    const user = currentUser(req);
    const { order, created } = await money.adminRefund(
      { userId: user.id, role: user.role },
      orderId,
      input,
      key,
    );
    const data = await loadOrderDto(db, order);
    send(
      res,
      api.adminRefund,
      { message: created ? 'Refund issued' : 'This refund was already issued', data },
      created ? 201 : 200,
    );
  });

  return r;
}
