/**
 * POST /api/shop/order/capture (docs/money.md, "Capture"). Idempotent: a paid order answers itself again. A wrong
 * or reused paymentId is refused; the order never becomes paid without the provider's capture.
 */
import type { OrderCaptureInput, OrderDto } from '@mp/shared';
import { AppError, conflict } from '../../../lib/errors';
import type { OrderRow } from './order.mapper';
import { keepHoldForCapture } from './order.repository';
import { loadOrderDto, orderOfPayment, type Caller, type OrderServiceDeps } from './order-access';

export async function captureOrder(
  deps: OrderServiceDeps,
  caller: Caller,
  input: OrderCaptureInput,
  client?: string,
): Promise<{ status: 'paid' | 'pending'; order: OrderDto }> {
  // the common case in one statement: the caller's held order of this payment, its hold kept alive meanwhile
  const held = await keepHoldForCapture(deps.db, {
    orderId: input.orderId,
    paymentId: input.paymentId,
    userId: caller.id,
    holdMinutes: deps.holdMinutes,
  });
  const order = held ?? (await capturable(deps, caller, input));
  if (order.paymentStatus === 'paid') return { status: 'paid', order: await loadOrderDto(deps.db, order) };
  const result = await deps.provider.capture(input.paymentId);
  const settled = await deps.money.settleCapture(
    order.id,
    { ...result, payerId: result.payerId ?? input.payerId ?? null },
    { client },
  );
  if (settled.outcome === 'refunded') {
    deps.logger.warn({ orderId: order.id, code: settled.code }, 'captured payment refused and refunded');
    throw conflict(settled.message, settled.code);
  }
  return { status: settled.outcome, order: await loadOrderDto(deps.db, settled.order) };
}

/**
 * The order a capture names, when it is not simply held and pending: refused unless it is the caller's and of this
 * payment, and unless it is paid (answered again) or pending (a hold that ended: a late capture).
 */
async function capturable(
  deps: OrderServiceDeps,
  caller: Caller,
  input: OrderCaptureInput,
): Promise<OrderRow> {
  const order = await orderOfPayment(
    deps.db,
    caller,
    input,
    () => new AppError(400, 'PAYMENT_FAILED', 'Unknown payment'),
  );
  if (order.paymentStatus === 'paid' || order.paymentStatus === 'pending') return order;
  throw conflict(
    order.paymentStatus === 'cancelled'
      ? 'This payment was cancelled or has expired. Please place the order again.'
      : 'This payment failed. Please place the order again.',
    'PAYMENT_FAILED',
  );
}
