/** What the shopper's order use cases share: their deps, who is calling, and reading an order they may see. */
import type { OrderDto } from '@mp/shared';
import type { Db, DbOrTx } from '../../../db/client';
import type { HoldLimits } from '../../../config/env';
import type { CodDeps } from '../cod/cod-checkout';
import type { ChangeFeed } from '../../../lib/change-feed';
import { conflict, notFound } from '../../../lib/errors';
import type { Logger } from '../../../lib/logger';
import type { MoneyService } from '../money/money.service';
import type { PaymentProvider } from '../payments/payment-provider';
import type { Delivery } from '../../delivery';
import type { OrderRow } from './order.mapper';
import { findOrder, findOrderByPaymentId } from './order.repository';
import { orderViews } from './order-views';

export interface OrderServiceDeps {
  db: Db;
  provider: PaymentProvider;
  money: MoneyService;
  holdMinutes: number;
  holdLimits: HoldLimits;
  logger: Logger;
  changes: ChangeFeed;
  /** cash on delivery (docs/money.md): its limit and the SMS that carries the code */
  cod?: CodDeps;
  /** delivery at checkout (docs/delivery.md): 422 for a seller that cannot deliver, the promise kept per seller */
  delivery?: Pick<Delivery, 'promiseCheckout' | 'recordPromisesIn'>;
}

export type Caller = Pick<Express.SessionUser, 'id' | 'role'>;

export async function loadOrderDto(db: DbOrTx, order: OrderRow): Promise<OrderDto> {
  return (await orderViews(db, [order]))[0]!;
}

/** The order, when the caller may see it (its shopper; the admin too with `allowAdmin`); 404 otherwise. */
export async function findOwned(
  db: DbOrTx,
  caller: Caller,
  orderId: string,
  opts: { allowAdmin: boolean },
): Promise<OrderRow> {
  const order = await findOrder(db, orderId);
  if (!order || (order.userId !== caller.id && !(opts.allowAdmin && caller.role === 'admin'))) {
    throw notFound('Order');
  }
  return order;
}

/**
 * The caller's order a payment step names: by its id (the payment, when given, must be the order's: 409
 * PAYMENT_FAILED), or by the payment's id (`unknown` when no order has it; 404 when it is another shopper's).
 */
export async function orderOfPayment(
  db: DbOrTx,
  caller: Caller,
  ref: { orderId?: string | undefined; paymentId?: string | undefined },
  unknown: () => Error = () => notFound('Order'),
): Promise<OrderRow> {
  if (ref.orderId) {
    const order = await findOwned(db, caller, ref.orderId, { allowAdmin: false });
    if (ref.paymentId && order.paymentId !== ref.paymentId) {
      throw conflict('This payment does not belong to this order', 'PAYMENT_FAILED');
    }
    return order;
  }
  const order = await findOrderByPaymentId(db, ref.paymentId!);
  if (!order) throw unknown();
  if (order.userId !== caller.id) throw notFound('Order');
  return order;
}
