import { Router } from 'express';
import { endpoints as api, idempotencyKeySchema } from '@mp/shared';
import type { AppDeps } from '../../../context';
import { send } from '../../../lib/contract';
import { parse } from '../../../lib/errors';
import { assertSelfOrAdmin, currentUser, requireAuth } from '../../../lib/session';
import { paymentsNotConfigured } from '../payments/payment-provider';
import type { OrderService } from './order.service';

/** Order calls of spec section 7 (plus cancel). The shopper is always the session user. */
export function createOrderRouter(deps: AppDeps, orders: OrderService): Router {
  const r = Router();

  r.post('/shop/order/create', requireAuth, async (req, res) => {
    // refused before any stock is held (docs/security.md)
    if (deps.config.paymentProvider === 'none') throw paymentsNotConfigured();
    const input = parse(api.createOrder.body.schema, req.body);
    const header = req.get('Idempotency-Key');
    const key = header === undefined ? undefined : parse(idempotencyKeySchema, header);
    const { replayed, ...created } = await orders.create(currentUser(req), input, key);
    // the same checkout attempt again: the order it already made (docs/orders-and-stock.md)
    send(res, api.createOrder, { message: 'Order created', ...created }, replayed ? 200 : 201);
  });

  r.post('/shop/order/capture', requireAuth, async (req, res) => {
    const input = parse(api.captureOrder.body.schema, req.body);
    // the client's address bounds the e-mails its payments cause (docs/seo-and-email.md)
    const { status, order } = await orders.capture(currentUser(req), input, req.ip);
    if (status === 'pending') {
      send(
        res,
        api.captureOrder,
        {
          message:
            'Your payment is still being processed by the provider; the order is confirmed once it completes.',
          data: order,
        },
        202,
      );
      return;
    }
    send(res, api.captureOrder, { message: 'Payment successful! Your order is confirmed.', data: order });
  });

  r.post('/shop/order/cancel', requireAuth, async (req, res) => {
    const input = parse(api.cancelOrder.body.schema, req.body);
    const data = await orders.cancel(currentUser(req), input);
    send(res, api.cancelOrder, { message: 'Payment cancelled', data });
  });

  r.get('/shop/order/list/:userId', requireAuth, async (req, res) => {
    const { userId } = parse(api.listOrders.params, req.params);
    assertSelfOrAdmin(req, userId);
    send(res, api.listOrders, { data: await orders.list(userId) });
  });

  r.get('/shop/order/details/:id', requireAuth, async (req, res) => {
    const { id } = parse(api.getOrder.params, req.params);
    send(res, api.getOrder, { data: await orders.details(currentUser(req), id) });
  });

  return r;
}
