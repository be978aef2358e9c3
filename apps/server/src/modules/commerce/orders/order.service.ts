import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  computeTotals,
  formatINR,
  priceBreakdown,
  toPaise,
  toRupees,
  type OrderCancelInput,
  type OrderCaptureInput,
  type OrderCreateInput,
  type AdminOrderListQuery,
  type OrderDto,
} from '@mp/shared';
import type { Db, DbOrTx, Tx } from '../../../db/client';
import { addresses, carts, orderLines, orders, sellers, users } from '../../../db/schema';
import { AppError, badRequest, conflict, notFound } from '../../../lib/errors';
import type { Logger } from '../../../lib/logger';
import { isDatabaseUnavailable } from '../../../lib/db-errors';
import {
  ensureCartId,
  lineProblem,
  loadBuyNowLine,
  loadCartLines,
  ownProduct,
  takeOutOfCart,
  type BuyNowItem,
} from '../cart/cart.service';
import type { PaymentProvider } from '../payments/payment-provider';
import type { MoneyService } from '../money/money.service';
import type { OrderRow } from './order.mapper';
import { orderViews } from './order-views';
import type { ChangeFeed } from '../../../lib/change-feed';
import { releaseHold, releaseHoldIn, takeStock } from './stock-hold';
import { checkHoldLimits } from './hold-limits';
import type { HoldLimits } from '../../../config/env';

export interface OrderServiceDeps {
  db: Db;
  provider: PaymentProvider;
  money: MoneyService;
  holdMinutes: number;
  holdLimits: HoldLimits;
  logger: Logger;
  changes: ChangeFeed;
}

export type Caller = Pick<Express.SessionUser, 'id' | 'role'>;

export async function loadOrderDto(db: DbOrTx, order: OrderRow): Promise<OrderDto> {
  return (await orderViews(db, [order]))[0]!;
}

/**
 * GET /api/admin/orders: every order, newest first, filtered by overall status, payment status, a seller having a
 * line in it, the day it was placed (UTC, `to` inclusive) and the order number; one page with the total count.
 */
export async function listAdminOrders(db: Db, q: AdminOrderListQuery) {
  const where = and(
    q.status ? eq(orders.orderStatus, q.status) : undefined,
    q.paymentStatus ? eq(orders.paymentStatus, q.paymentStatus) : undefined,
    q.sellerId
      ? inArray(
          orders.id,
          db.select({ id: orderLines.orderId }).from(orderLines).where(eq(orderLines.sellerId, q.sellerId)),
        )
      : undefined,
    q.number ? eq(orders.orderNumber, q.number) : undefined,
    q.from ? sql`${orders.createdAt} >= ${q.from}::date` : undefined,
    q.to ? sql`${orders.createdAt} < ${q.to}::date + 1` : undefined,
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

/** The order amount columns are PostgreSQL integers (paise): a larger order cannot be written. */
const ORDER_AMOUNT_MAX_PAISE = 2_147_483_647;

const outOfStockMessage = (title: string, problem: string | null, stock: number, buyNow: boolean) =>
  problem === 'deleted'
    ? `${title} is no longer available.${buyNow ? '' : ' Please remove it from your cart.'}`
    : stock <= 0
      ? `${title} is out of stock.${buyNow ? '' : ' Please remove it from your cart.'}`
      : `Only ${stock} of ${title} left. Please reduce the quantity${buyNow ? '' : ' in your cart'}.`;

export function createOrderService({
  db,
  provider,
  money,
  holdMinutes,
  holdLimits,
  logger,
  changes,
}: OrderServiceDeps) {
  async function findOwned(
    caller: Caller,
    orderId: string,
    opts: { allowAdmin: boolean },
  ): Promise<OrderRow> {
    const [order] = await db.select().from(orders).where(eq(orders.id, orderId)).limit(1);
    if (!order || (order.userId !== caller.id && !(opts.allowAdmin && caller.role === 'admin'))) {
      throw notFound('Order');
    }
    return order;
  }

  /**
   * The order a capture names, when it is not simply held and pending: refused unless it is the caller's and of this
   * payment, and unless it is paid (answered again) or pending (a hold that ended: a late capture).
   */
  async function capturable(caller: Caller, input: OrderCaptureInput): Promise<OrderRow> {
    let order: OrderRow | undefined;
    if (input.orderId) {
      order = await findOwned(caller, input.orderId, { allowAdmin: false });
      if (order.paymentId !== input.paymentId) {
        throw conflict('This payment does not belong to this order', 'PAYMENT_FAILED');
      }
    } else {
      [order] = await db.select().from(orders).where(eq(orders.paymentId, input.paymentId)).limit(1);
      if (!order) throw new AppError(400, 'PAYMENT_FAILED', 'Unknown payment');
      if (order.userId !== caller.id) throw notFound('Order');
    }
    if (order.paymentStatus === 'paid' || order.paymentStatus === 'pending') return order;
    throw conflict(
      order.paymentStatus === 'cancelled'
        ? 'This payment was cancelled or has expired. Please place the order again.'
        : 'This payment failed. Please place the order again.',
      'PAYMENT_FAILED',
    );
  }

  /**
   * Place order (docs/orders-and-stock.md), one transaction under the cart's lock:
   * 1. the same checkout attempt (idempotency key) answers the order it already made;
   * 2. a seller's own products are refused;
   * 3. the shopper's previous unpaid order is released (stock and cart lines back), and its deadline is kept;
   * 4. the hold limits are checked (lines, units, share of stock, cool-down);
   * 5. the cart's stock is held, the order and its lines recorded, and the ordered lines leave the cart.
   */
  async function placePendingOrder(
    userId: string,
    addressId: string,
    idempotencyKey: string | undefined,
    buyNow: BuyNowItem | undefined,
  ): Promise<{
    order: OrderRow;
    replayed: boolean;
    /** the products whose stock this order holds, and its lines as the provider is told them */
    productIds: string[];
    lines: { title: string; unitPricePaise: number; quantity: number }[];
  }> {
    return db.transaction(async (tx) => {
      // one checkout per cart at a time: the cart row is locked as it is found (created first on first use)
      const lockCart = () =>
        tx.select({ id: carts.id }).from(carts).where(eq(carts.userId, userId)).for('update');
      let [cart] = await lockCart();
      if (!cart) {
        await ensureCartId(tx, userId);
        [cart] = await lockCart();
      }
      const cartId = cart!.id;
      if (idempotencyKey) {
        const [same] = await tx
          .select()
          .from(orders)
          .where(and(eq(orders.userId, userId), eq(orders.idempotencyKey, idempotencyKey)))
          .limit(1);
        if (same) return { order: same, replayed: true, productIds: [], lines: [] };
      }
      // the address, the buyer's name and the buyer's own seller record (if any) in one read
      const [found] = await tx
        .select({
          address: addresses,
          username: users.username,
          fullName: users.fullName,
          ownSellerId: sql<
            string | null
          >`(select ${sellers.id} from ${sellers} where ${sellers.userId} = ${users.id} limit 1)`,
        })
        .from(users)
        .leftJoin(addresses, and(eq(addresses.id, addressId), eq(addresses.userId, users.id)))
        .where(eq(users.id, userId));
      const address = found?.address;
      if (!address) throw notFound('Address');
      const buyer = found;

      const deadline = await replacePendingOrder(tx, userId);

      // buy now orders one product and leaves the cart alone; a cart checkout orders every line of the cart
      const cartLines = buyNow ? await loadBuyNowLine(tx, buyNow) : await loadCartLines(tx, cartId);
      if (cartLines.length === 0) throw new AppError(400, 'CART_EMPTY', 'Your cart is empty');
      const own = buyer.ownSellerId && cartLines.find((l) => l.sellerId === buyer.ownSellerId);
      if (own) throw ownProduct(own.title);
      for (const line of cartLines) {
        const problem = lineProblem(line);
        if (problem) {
          throw conflict(outOfStockMessage(line.title, problem, line.totalStock, !!buyNow), 'OUT_OF_STOCK');
        }
      }
      // what one unpaid shopper may hold (docs/orders-and-stock.md, "Hold limits")
      await checkHoldLimits(tx, userId, cartLines, holdLimits);

      const took = await takeStock(tx, cartLines);
      if ('refused' in took) {
        // someone else bought it between our read and now
        throw conflict(
          `${took.refused.title} has just sold out or has too little stock left. Please update your cart.`,
          'OUT_OF_STOCK',
        );
      }
      const quantityOf = new Map(cartLines.map((l) => [l.productId, l.quantity]));
      // prices come from the rows we just updated: exactly what the shopper is charged for
      const priced = took.taken.map((p) => ({
        p,
        quantity: quantityOf.get(p.id)!,
        price: toRupees(p.pricePaise),
        salePrice: p.salePricePaise == null ? null : toRupees(p.salePricePaise),
        discount: p.discount,
      }));
      const totals = computeTotals(priced);
      if (toPaise(Math.max(totals.subtotal, totals.total)) > ORDER_AMOUNT_MAX_PAISE) {
        throw badRequest(
          `An order can total at most ${formatINR(toRupees(ORDER_AMOUNT_MAX_PAISE))}. Please reduce the quantities in your cart.`,
        );
      }
      const [order] = await tx
        .insert(orders)
        .values({
          userId,
          // a buy-now order has no cart: ending it puts nothing back, paying it takes nothing out
          cartId: buyNow ? null : cartId,
          buyerName: buyer.fullName || buyer.username,
          addressId: address.id,
          recipientName: address.recipientName,
          address: address.address,
          landmark: address.landmark,
          city: address.city,
          state: address.state,
          pincode: address.pincode,
          phone: address.phone,
          notes: address.notes,
          orderStatus: 'pending',
          paymentStatus: 'pending',
          paymentMethod: provider.id,
          subtotalPaise: toPaise(totals.subtotal),
          discountPaise: toPaise(totals.discount),
          shippingPaise: toPaise(totals.shippingCharge),
          totalPaise: toPaise(totals.total),
          stockHeld: true,
          // a replacing checkout keeps the deadline of the one it replaced: a hold is never renewed
          holdExpiresAt: deadline ?? sql`now() + make_interval(mins => ${holdMinutes})`,
          idempotencyKey: idempotencyKey ?? null,
        })
        .returning();
      // lines in cart order (the locks above were taken in product-id order)
      const byProductId = new Map(priced.map((x) => [x.p.id, x]));
      const written = cartLines.map((line) => {
        const x = byProductId.get(line.productId)!;
        // the very figures the shop showed for this product (docs/prices.md)
        const shown = priceBreakdown(x);
        return {
          orderId: order!.id,
          productId: x.p.id,
          sellerId: x.p.sellerId,
          title: x.p.title,
          image: x.p.image,
          listPricePaise: toPaise(shown.listPrice),
          unitPricePaise: toPaise(shown.basePrice),
          discount: shown.discountPercent,
          linePricePaise: toPaise(shown.payable),
          quantity: x.quantity,
          status: 'pending' as const,
        };
      });
      await tx.insert(orderLines).values(written);
      if (!buyNow) await takeOutOfCart(tx, cartId, cartLines);
      return {
        order: order!,
        replayed: false,
        productIds: priced.map((x) => x.p.id),
        lines: written.map((l) => ({
          title: l.title,
          unitPricePaise: l.unitPricePaise,
          quantity: l.quantity,
        })),
      };
    });
  }

  /**
   * One unpaid order per shopper: releases the shopper's held pending order, if any. Answers the deadline the new
   * hold inherits: the earliest still-running deadline of the shopper's unpaid checkouts (held, replaced or
   * cancelled), so checking out again never renews a hold; null when none is running.
   */
  async function replacePendingOrder(tx: Tx, userId: string): Promise<Date | null> {
    // one read: the held order, locked, and the deadline (releasing the held order below keeps its deadline, and
    // a released order still counts: cancelled is among the statuses read)
    const held = sql<string | null>`(select o.id from ${orders} o
      where o.user_id = ${userId} and o.stock_held and o.payment_status = 'pending' limit 1 for update)`;
    const running = sql<Date | null>`(select min(o.hold_expires_at) from ${orders} o
      where o.user_id = ${userId} and o.payment_status in ('pending', 'cancelled') and o.hold_expires_at > now())`;
    const [found] = await tx
      .select({ previous: held, deadline: running.mapWith(orders.holdExpiresAt) })
      .from(users)
      .where(eq(users.id, userId));
    if (found?.previous) await releaseHoldIn(tx, found.previous, 'cancelled');
    return found?.deadline ?? null;
  }

  /** A replayed checkout whose payment is still being created by the first call: wait for it briefly. */
  async function awaitPayment(order: OrderRow): Promise<OrderRow> {
    let current = order;
    for (let i = 0; i < 50 && !current.paymentId && current.paymentStatus === 'pending'; i++) {
      await new Promise((r) => setTimeout(r, 100));
      const [row] = await db.select().from(orders).where(eq(orders.id, order.id));
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

  return {
    /** POST /api/shop/order/create: every price is recomputed here; the client's numbers are ignored. */
    async create(caller: Caller, input: OrderCreateInput, idempotencyKey?: string) {
      const addressId = (input.addressId ?? input.addressInfo?.addressId)!;
      const { order, replayed, productIds, lines } = await placePendingOrder(
        caller.id,
        addressId,
        idempotencyKey ?? input.idempotencyKey,
        input.buyNow,
      );
      if (replayed) {
        const same = await awaitPayment(order);
        return {
          orderId: same.id,
          paymentId: same.paymentId!,
          approvalURL: same.approvalUrl ?? '',
          replayed,
        };
      }
      changes.publish({ type: 'stock', ids: productIds });
      let payment;
      try {
        payment = await provider.create({
          orderId: order.id,
          subtotalPaise: order.subtotalPaise,
          discountPaise: order.discountPaise,
          shippingPaise: order.shippingPaise,
          totalPaise: order.totalPaise,
          lines,
        });
      } catch (err) {
        logger.warn({ err, orderId: order.id }, 'payment creation failed; releasing the stock hold');
        if (isDatabaseUnavailable(err)) {
          // the sandbox keeps its payments in our database: busy or down is 503 + Retry-After, not a provider
          // failure (docs/operations.md, "Database faults"); a hold we cannot release now expires on its own
          await releaseHold(db, changes, order.id, 'failed').catch(() => undefined);
          throw err;
        }
        await releaseHold(db, changes, order.id, 'failed');
        throw new AppError(
          502,
          'PAYMENT_PROVIDER_ERROR',
          'The payment service is not reachable right now. Nothing was charged; please try again.',
        );
      }
      await db
        .update(orders)
        .set({ paymentId: payment.paymentId, approvalUrl: payment.approvalURL, updatedAt: sql`now()` })
        .where(eq(orders.id, order.id));
      return { orderId: order.id, paymentId: payment.paymentId, approvalURL: payment.approvalURL, replayed };
    },

    async list(userId: string): Promise<OrderDto[]> {
      const rows = await db
        .select()
        .from(orders)
        .where(eq(orders.userId, userId))
        .orderBy(desc(orders.createdAt), desc(orders.id));
      return orderViews(db, rows);
    },

    async details(caller: Caller, orderId: string): Promise<OrderDto> {
      return loadOrderDto(db, await findOwned(caller, orderId, { allowAdmin: true }));
    },

    /**
     * POST /api/shop/order/capture. Idempotent: a paid order answers itself again. A wrong or reused paymentId
     * is refused; the order never becomes paid without the provider's capture.
     */
    async capture(
      caller: Caller,
      input: OrderCaptureInput,
      client?: string,
    ): Promise<{ status: 'paid' | 'pending'; order: OrderDto }> {
      // the common case in one statement: the caller's held order of this payment, its hold kept alive while the
      // provider captures (so the sweeper cannot release it under our feet); the extension is bounded (created +
      // hold time + 5 minutes), so calling capture again never renews the hold
      const [held] = await db
        .update(orders)
        .set({
          holdExpiresAt: sql`greatest(${orders.holdExpiresAt}, least(now() + interval '5 minutes', ${orders.createdAt} + make_interval(mins => ${holdMinutes + 5})))`,
        })
        .where(
          and(
            input.orderId ? eq(orders.id, input.orderId) : undefined,
            eq(orders.paymentId, input.paymentId),
            eq(orders.userId, caller.id),
            eq(orders.paymentStatus, 'pending'),
            eq(orders.stockHeld, true),
          ),
        )
        .returning();
      const order = held ?? (await capturable(caller, input));
      if (order.paymentStatus === 'paid') return { status: 'paid', order: await loadOrderDto(db, order) };
      const result = await provider.capture(input.paymentId);
      const settled = await money.settleCapture(
        order.id,
        { ...result, payerId: result.payerId ?? input.payerId ?? null },
        { client },
      );
      if (settled.outcome === 'refunded') {
        logger.warn({ orderId: order.id, code: settled.code }, 'captured payment refused and refunded');
        throw conflict(settled.message, settled.code);
      }
      return { status: settled.outcome, order: await loadOrderDto(db, settled.order) };
    },

    /** The shopper abandons a pending payment: the order is cancelled and its stock given back (idempotent). */
    async cancel(caller: Caller, input: OrderCancelInput): Promise<OrderDto> {
      let order: OrderRow | undefined;
      if (input.orderId) {
        order = await findOwned(caller, input.orderId, { allowAdmin: false });
        if (input.paymentId && order.paymentId !== input.paymentId) {
          throw conflict('This payment does not belong to this order', 'PAYMENT_FAILED');
        }
      } else {
        [order] = await db.select().from(orders).where(eq(orders.paymentId, input.paymentId!)).limit(1);
        if (!order || order.userId !== caller.id) throw notFound('Order');
      }
      return loadOrderDto(db, await money.cancelUnpaid(order.id));
    },
  };
}

export type OrderService = ReturnType<typeof createOrderService>;
