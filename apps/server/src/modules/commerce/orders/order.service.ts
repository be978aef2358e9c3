import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  type OrderCancelInput,
  type OrderCaptureInput,
  type OrderCreateInput,
  type AdminOrderListQuery,
  type OrderDto,
  istClock,
} from '@mp/shared';
import type { Db } from '../../../db/client';
import { orderLines, orders } from '../../../db/schema';
import { orderViews } from './order-views';
import { lateParcelOf } from '../../delivery/delivery.repository';
import { captureOrder } from './capture-order';
import { checkout } from './checkout';
import { findOwned, loadOrderDto, orderOfPayment, type Caller, type OrderServiceDeps } from './order-access';

export { loadOrderDto, type Caller, type OrderServiceDeps } from './order-access';

/**
 * GET /api/admin/orders: every order, newest first, filtered by overall status, payment status, a seller having a
 * line in it, the day it was placed (UTC, `to` inclusive) and the order number; one page with the total count.
 */
export async function listAdminOrders(db: Db, q: AdminOrderListQuery) {
  const where = and(
    q.status ? eq(orders.orderStatus, q.status) : undefined,
    q.paymentStatus ? eq(orders.paymentStatus, q.paymentStatus) : undefined,
    q.paymentMethod
      ? inArray(
          orders.paymentMethod,
          q.paymentMethod === 'paypal' ? ['paypal', 'sandbox'] : [q.paymentMethod],
        )
      : undefined,
    q.sellerId
      ? inArray(
          orders.id,
          db.select({ id: orderLines.orderId }).from(orderLines).where(eq(orderLines.sellerId, q.sellerId)),
        )
      : undefined,
    q.number ? eq(orders.orderNumber, q.number) : undefined,
    q.from ? sql`${orders.createdAt} >= ${q.from}::date` : undefined,
    q.to ? sql`${orders.createdAt} < ${q.to}::date + 1` : undefined,
    // a parcel past its promised date and not delivered (docs/delivery.md, "Late parcels")
    q.late ? lateParcelOf(orders.id, istClock(new Date()).date) : undefined,
  );
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .where(where);
  const rows = await db
    .select()
    .from(orders)
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  const total = Number(count?.n ?? 0);
  return {
    data: await orderViews(db, rows),
    pagination: { page: q.page, limit: q.limit, total, pages: Math.ceil(total / q.limit) },
  };
}

/** The shopper abandons a pending payment: the order is cancelled and its stock given back (idempotent). */
async function cancelPayment(
  deps: OrderServiceDeps,
  caller: Caller,
  input: OrderCancelInput,
): Promise<OrderDto> {
  const order = await orderOfPayment(deps.db, caller, input);
  return loadOrderDto(deps.db, await deps.money.cancelUnpaid(order.id));
}

/** The shopper's orders, newest first. */
async function listOwn(db: Db, userId: string): Promise<OrderDto[]> {
  const rows = await db
    .select()
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt), desc(orders.id));
  return orderViews(db, rows);
}

/** The shopper's order face: place (checkout.ts), capture (capture-order.ts), cancel, list, details. */
export function createOrderService(deps: OrderServiceDeps) {
  return {
    /** POST /api/shop/order/create: every price is recomputed here; the client's numbers are ignored. */
    create: (caller: Caller, input: OrderCreateInput, idempotencyKey?: string) =>
      checkout(deps, {
        userId: caller.id,
        addressId: (input.addressId ?? input.addressInfo?.addressId)!,
        idempotencyKey: idempotencyKey ?? input.idempotencyKey,
        buyNow: input.buyNow,
        business: input.buyerGstin ? { gstin: input.buyerGstin, name: input.buyerBusinessName! } : undefined,
        paymentMethod: input.paymentMethod,
        expectedTotal: input.expectedTotal,
      }),
    list: (userId: string) => listOwn(deps.db, userId),
    details: async (caller: Caller, orderId: string) =>
      loadOrderDto(deps.db, await findOwned(deps.db, caller, orderId, { allowAdmin: true })),
    capture: (caller: Caller, input: OrderCaptureInput, client?: string) =>
      captureOrder(deps, caller, input, client),
    cancel: (caller: Caller, input: OrderCancelInput) => cancelPayment(deps, caller, input),
  };
}

export type OrderService = ReturnType<typeof createOrderService>;
