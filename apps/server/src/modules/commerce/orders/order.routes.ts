import type { Router } from 'express';
import { endpoints as api } from '@mp/shared';
import type { AppDeps } from '../../../context';
import { contractRouter, idempotencyKeyOf } from '../../../lib/route';
import { assertSelfOrAdmin } from '../../../lib/session';
import { offeredOrRefused } from '../payments/razorpay-routing';
import type { OrderService } from './order.service';

/** The shopper's order calls, cancel included (docs/orders-and-stock.md). The shopper is the session user. */
export function createOrderRouter(deps: AppDeps, orders: OrderService): Router {
  const { router, route } = contractRouter(deps.db);

  route(api.createOrder, async (call) => {
    // refused before any stock is held (docs/security.md)
    const input = call.body;
    offeredOrRefused(deps, input.paymentMethod);
    const key = idempotencyKeyOf(call.req);
    const { replayed, ...created } = await orders.create(call.user, input, key);
    // the same checkout attempt again: the order it already made (docs/orders-and-stock.md)
    call.reply({ message: 'Order created', ...created }, replayed ? 200 : 201);
  });

  route(api.captureOrder, async ({ req, body, user, reply }) => {
    // the client's address bounds the e-mails its payments cause (docs/seo-and-email.md)
    const { status, order } = await orders.capture(user, body, req.ip);
    if (status === 'pending') {
      reply(
        {
          message:
            'Your payment is still being processed by the provider; the order is confirmed once it completes.',
          data: order,
        },
        202,
      );
      return;
    }
    reply({ message: 'Payment successful! Your order is confirmed.', data: order });
  });

  route(api.cancelOrder, async ({ body, user, reply }) => {
    reply({ message: 'Payment cancelled', data: await orders.cancel(user, body) });
  });

  route(api.listOrders, async ({ req, params, reply }) => {
    assertSelfOrAdmin(req, params.userId);
    reply({ data: await orders.list(params.userId) });
  });

  route(api.getOrder, async ({ params, user, reply }) => {
    reply({ data: await orders.details(user, params.id) });
  });

  return router;
}
