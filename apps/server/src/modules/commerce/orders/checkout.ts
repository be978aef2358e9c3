/**
 * POST /api/shop/order/create (docs/orders-and-stock.md): the order is placed with its stock held (place-order.ts),
 * then the provider is asked for a payment; every price is recomputed here, the client's numbers are ignored. A
 * provider that fails releases the hold at once.
 */
import { AppError, conflict, notFound } from '../../../lib/errors';
import { isDatabaseUnavailable } from '../../../lib/db-errors';
import { inTransaction } from '../unit-of-work';
import type { OrderRow } from './order.mapper';
import { attachPayment, findOrder } from './order.repository';
import type { OrderServiceDeps } from './order-access';
import { placePendingOrder, type PlaceOrderRequest, type Placed } from './place-order';
import { releaseHold } from './stock-hold';
import { isGatewayMethod } from '../payments/razorpay-routing';
import { assertCodEligible } from '../cod/cod-eligibility';
import { startCodPayment } from '../cod/cod-checkout';

const codOf = (deps: OrderServiceDeps) => {
  if (!deps.cod) throw new AppError(422, 'PAYMENT_METHOD_UNAVAILABLE', 'Cash on delivery is not available.');
  return deps.cod;
};

export interface CheckoutAnswer {
  orderId: string;
  paymentId: string;
  approvalURL: string;
  replayed: boolean;
}

export async function checkout(deps: OrderServiceDeps, req: PlaceOrderRequest): Promise<CheckoutAnswer> {
  const method = req.paymentMethod ?? 'paypal';
  const placeDeps = {
    // UPI, card and netbanking are recorded as chosen; PayPal as the provider that takes it (paypal or sandbox)
    paymentMethod: isGatewayMethod(method) || method === 'cod' ? method : deps.provider.id,
    holdMinutes: deps.holdMinutes,
    holdLimits: deps.holdLimits,
  };
  // every seller must reach the address before anything is held or paid (docs/delivery.md)
  const promise = await deps.delivery?.promiseCheckout(req);
  const { order, replayed, lines } = await inTransaction(deps.db, deps.changes, async (tx, touched) => {
    const placed = await placePendingOrder(placeDeps, tx, touched, req, promise?.sellers);
    // cash on delivery: refused (and nothing kept) unless the order may pay so (docs/money.md)
    if (method === 'cod' && !placed.replayed) await assertCodEligible(tx, placed.order, codOf(deps).maxPaise);
    if (promise && !placed.replayed) {
      await deps.delivery!.recordPromisesIn(tx, placed.order.id, promise, placed.charges);
    }
    return placed;
  });
  if (replayed) {
    const same = await awaitPayment(deps, order);
    return { orderId: same.id, paymentId: same.paymentId!, approvalURL: same.approvalUrl ?? '', replayed };
  }
  if (method === 'cod') {
    const cod = await startCodPayment({ ...deps, cod: codOf(deps) }, order);
    return { orderId: order.id, ...cod, replayed };
  }
  const payment = await createPayment(deps, order, lines, method);
  await attachPayment(deps.db, order.id, payment);
  return { orderId: order.id, paymentId: payment.paymentId, approvalURL: payment.approvalURL, replayed };
}

/** The provider's payment for a placed order; when the provider fails, the hold is released and nothing charged. */
async function createPayment(
  deps: OrderServiceDeps,
  order: OrderRow,
  lines: Placed['lines'],
  method: string,
) {
  try {
    return await deps.provider.create({
      orderId: order.id,
      subtotalPaise: order.subtotalPaise,
      discountPaise: order.discountPaise,
      shippingPaise: order.shippingPaise,
      totalPaise: order.totalPaise,
      lines,
      method,
    });
  } catch (err) {
    deps.logger.warn({ err, orderId: order.id }, 'payment creation failed; releasing the stock hold');
    if (isDatabaseUnavailable(err)) {
      // the sandbox keeps its payments in our database: busy or down is 503 + Retry-After, not a provider
      // failure (docs/operations.md, "Database faults"); a hold we cannot release now expires on its own
      await releaseHold(deps.db, deps.changes, order.id, 'failed').catch(() => undefined);
      throw err;
    }
    await releaseHold(deps.db, deps.changes, order.id, 'failed');
    // the gateway down says so itself (503 PAYMENT_GATEWAY_UNAVAILABLE, docs/money.md)
    if (err instanceof AppError && err.status === 503) throw err;
    throw new AppError(
      502,
      'PAYMENT_PROVIDER_ERROR',
      'The payment service is not reachable right now. Nothing was charged; please try again.',
    );
  }
}

/** A replayed checkout whose payment is still being created by the first call: wait for it briefly. */
async function awaitPayment(deps: Pick<OrderServiceDeps, 'db'>, order: OrderRow): Promise<OrderRow> {
  let current = order;
  for (let i = 0; i < 50 && !current.paymentId && current.paymentStatus === 'pending'; i++) {
    await new Promise((r) => setTimeout(r, 100));
    const row = await findOrder(deps.db, order.id);
    if (!row) throw notFound('Order');
    current = row;
  }
  if (current.paymentStatus === 'cancelled' || current.paymentStatus === 'failed') {
    throw conflict(
      'This checkout has ended (cancelled, expired or failed). Please place the order again.',
      'CHECKOUT_ENDED',
    );
  }
  if (!current.paymentId) {
    throw conflict(
      'This checkout is still being placed. Please try again in a moment.',
      'CHECKOUT_IN_PROGRESS',
    );
  }
  return current;
}
