import { Router } from 'express';
import { z } from 'zod';
import {
  idParamsSchema,
  idSchema,
  idempotencyKeySchema,
  orderCancelInputSchema,
  orderCaptureInputSchema,
  orderCreateInputSchema,
} from '@mp/shared';
import type { AppDeps } from '../../../context';
import { parse } from '../../../lib/errors';
import { assertSelfOrAdmin, currentUser, requireAuth } from '../../../lib/session';
import { paymentsNotConfigured } from '../payments/payment-provider';
import type { OrderService } from './order.service';

const userParams = z.object({ userId: idSchema });

/** Order calls of spec section 7 (plus cancel). The shopper is always the session user. */
export function createOrderRouter(deps: AppDeps, orders: OrderService): Router {
  const r = Router();

  r.post('/shop/order/create', requireAuth, async (req, res) => {
    // refused before any stock is held (docs/security.md)
    if (deps.config.paymentProvider === 'none') throw paymentsNotConfigured();
    const input = parse(orderCreateInputSchema, req.body);
    const header = req.get('Idempotency-Key');
    const key = header === undefined ? undefined : parse(idempotencyKeySchema, header);
    const { replayed, ...created } = await orders.create(currentUser(req), input, key);
    // the same checkout attempt again: the order it already made (docs/orders-and-stock.md)
    res.status(replayed ? 200 : 201).json({ success: true, message: 'Order created', ...created });
  });

  r.post('/shop/order/capture', requireAuth, async (req, res) => {
    const input = parse(orderCaptureInputSchema, req.body);
    const { status, order } = await orders.capture(currentUser(req), input);
    if (status === 'pending') {
      res.status(202).json({
        success: true,
        message:
          'Your payment is still being processed by the provider; the order is confirmed once it completes.',
        data: order,
      });
      return;
    }
    res.json({ success: true, message: 'Payment successful! Your order is confirmed.', data: order });
  });

  r.post('/shop/order/cancel', requireAuth, async (req, res) => {
    const input = parse(orderCancelInputSchema, req.body);
    const data = await orders.cancel(currentUser(req), input);
    res.json({ success: true, message: 'Payment cancelled', data });
  });

  r.get('/shop/order/list/:userId', requireAuth, async (req, res) => {
    const { userId } = parse(userParams, req.params);
    assertSelfOrAdmin(req, userId);
    res.json({ success: true, data: await orders.list(userId) });
  });

  r.get('/shop/order/details/:id', requireAuth, async (req, res) => {
    const { id } = parse(idParamsSchema, req.params);
    res.json({ success: true, data: await orders.details(currentUser(req), id) });
  });

  return r;
}
