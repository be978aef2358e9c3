import type { Router } from 'express';
import { endpoints as api } from '@mp/shared';
import type { AppDeps } from '../../../context';
import { contractRouter, idempotencyKeyOf } from '../../../lib/route';
import { listAdminOrders, loadOrderDto } from '../orders/order.service';

/** Shopper cancel of any order, the admin's order desk and refund (docs/money.md). */
export function createMoneyRouter({ db, money }: AppDeps): Router {
  const { router, route } = contractRouter(db);

  route(api.cancelAnyOrder, async ({ params, user, reply }) => {
    const { order, refundId } = await money.cancelOrder({ userId: user.id, role: user.role }, params.orderId);
    const data = await loadOrderDto(db, order);
    const refund = data.payments.filter((p) => p.type === 'refund').at(-1);
    reply({
      message: !refundId
        ? 'Order cancelled'
        : refund?.status === 'completed'
          ? 'Order cancelled and refunded'
          : 'Order cancelled; the refund is on its way',
      data,
    });
  });

  route(api.adminOrders, async ({ query, reply }) => {
    reply(await listAdminOrders(db, query));
  });

  route(api.adminRefund, async ({ req, params, body, user, reply }) => {
    const key = idempotencyKeyOf(req);
    const { order, created } = await money.adminRefund(
      { userId: user.id, role: user.role },
      params.orderId,
      body,
      key,
    );
    const data = await loadOrderDto(db, order);
    reply(
      { message: created ? 'Refund issued' : 'This refund was already issued', data },
      created ? 201 : 200,
    );
  });

  return router;
}
