import { and, desc, eq, inArray } from 'drizzle-orm';
import {
  sellerStatusChoices,
  sellerStatusMove,
  type SellerOrderDto,
  type OrderStatus,
  type SellerOrderStatus,
} from '@mp/shared';
import type { Db, DbOrTx, Tx } from '../../../db/client';
import { orderLines, orders } from '../../../db/schema';
import { AppError, notFound } from '../../../lib/errors';
import { enqueueLineStatusMail } from '../../mail';
import type { MoneyService } from '../money/money.service';
import type { Earnings } from '../earnings/earnings.service';
import { deriveOrderStatus, type OrderRow } from '../orders/order.mapper';
import { recordStatusChangesIn } from '../orders/order-history';
import { linesOf, setOrderStatus, setSellerLines } from '../orders/order.repository';
import type { Touched } from '../unit-of-work';
import { sellerOrderViews } from '../orders/order-views';
import { issueSubOrderInvoiceIn } from '../../tax/issue-invoice';

/** Sellers see paid orders only: an unpaid checkout is not something to pack and ship. */
const visible = (sellerId: string) =>
  and(eq(orderLines.sellerId, sellerId), eq(orders.paymentStatus, 'paid'));

/** The seller's orders, newest first, each showing only that seller's lines. */
export async function listSellerOrders(db: Db, sellerId: string): Promise<SellerOrderDto[]> {
  const ids = db
    .selectDistinct({ id: orderLines.orderId })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(visible(sellerId));
  const rows = await db
    .select()
    .from(orders)
    .where(inArray(orders.id, ids))
    .orderBy(desc(orders.createdAt), desc(orders.id));
  return sellerOrderViews(db, sellerId, rows);
}

export async function sellerOrder(
  db: DbOrTx,
  sellerId: string,
  orderId: string,
  lock = false,
): Promise<OrderRow> {
  const q = db
    .select({ order: orders })
    .from(orders)
    .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
    .where(and(eq(orders.id, orderId), visible(sellerId)))
    .limit(1);
  const [row] = lock ? await q.for('update', { of: orders }) : await q;
  if (!row) throw notFound('Order');
  return row.order;
}

export async function sellerOrderDetails(db: Db, sellerId: string, orderId: string): Promise<SellerOrderDto> {
  const order = await sellerOrder(db, sellerId, orderId);
  return (await sellerOrderViews(db, sellerId, [order]))[0]!;
}

type Actor = { userId: string; role: string };

/**
 * A seller moves its lines of one order along the status machine (docs/orders-and-stock.md): forward only,
 * rejected only before shipping and with a reason the shopper sees (docs/order-views.md); rejecting refunds those
 * lines and returns their stock (docs/money.md). Each move is recorded in order_status_history with its actor
 * (order-history.ts); asking for the status the lines already have changes nothing; any other move is refused with
 * 409 INVALID_STATUS_TRANSITION.
 */
export async function updateSellerOrderStatus(
  db: Db,
  { money, earnings }: { money: MoneyService; earnings: Earnings },
  sellerId: string,
  orderId: string,
  status: SellerOrderStatus,
  actor: Actor,
  /** required when rejecting (the input schema checks it); kept on the lines for the shopper */
  reason?: string,
): Promise<SellerOrderDto> {
  let refundId: string | null = null;
  const dto = await money.inTransaction(async (tx, touched) => {
    const locked = await sellerOrder(tx, sellerId, orderId, true);
    // only the courier's event (or the shopper's delivery code) sets delivered (docs/delivery.md)
    if (status === 'delivered') {
      throw new AppError(
        409,
        'DELIVERY_BY_COURIER',
        "Delivered is set by the courier's tracking event, not by the seller: mark the order ready to ship instead",
      );
    }
    const own = await linesOf(tx, orderId, sellerId);
    if (checkMove(own, status) === 'same') return (await sellerOrderViews(tx, sellerId, [locked]))[0]!;
    if (status === 'rejected') {
      await recordStatusChangesIn(tx, orderId, own, status, actor);
      refundId = await rejectOwnLines(money, tx, touched, locked, sellerId, { actor, reason });
      const order = await setOrderStatus(
        tx,
        orderId,
        (await linesOf(tx, orderId)).map((l) => l.status),
      );
      await enqueueLineStatusMail(tx, { orderId, sellerId, status, ...(reason ? { reason } : {}) });
      return (await sellerOrderViews(tx, sellerId, [order]))[0]!;
    }
    const order = await moveOwnLinesIn(tx, earnings, orderId, sellerId, status, actor);
    return (await sellerOrderViews(tx, sellerId, [order!]))[0]!;
  });
  if (refundId === null) return dto;
  // the refund goes to the provider now that the decision is committed
  await money.sendAll([refundId]);
  return sellerOrderDetails(db, sellerId, orderId);
}

/**
 * Moves a seller's lines of a locked order forward to `status` (nothing when they are there or past it): history,
 * lines, the order's status and the shopper's mail. Delivered lines earn the seller its net, less the commission
 * (docs/money.md, "Seller earnings"); delivered comes only from the courier's event (modules/delivery).
 */
export async function moveOwnLinesIn(
  tx: Tx,
  earnings: Earnings,
  orderId: string,
  sellerId: string,
  status: Exclude<SellerOrderStatus, 'rejected'>,
  actor: { userId: string | null; role: string },
): Promise<OrderRow | null> {
  const own = await linesOf(tx, orderId, sellerId);
  if (sellerStatusMove(deriveOrderStatus(own.map((l) => l.status)), status) !== 'move') return null;
  await recordStatusChangesIn(tx, orderId, own, status, actor);
  if (status === 'delivered') await earnings.recordDeliveryIn(tx, own);
  await setSellerLines(tx, orderId, sellerId, { status });
  // the part ships (or the courier's first word is that it arrived): its tax invoice is issued now, once, its PDF
  // made by a job (docs/tax.md)
  if (status === 'inShipping' || status === 'delivered') await issueSubOrderInvoiceIn(tx, orderId, sellerId);
  const order = await setOrderStatus(
    tx,
    orderId,
    (await linesOf(tx, orderId)).map((l) => l.status),
  );
  await enqueueLineStatusMail(tx, { orderId, sellerId, status });
  return order;
}

/** Whether the seller's part may move to `status` (`same`: it already is); 409 INVALID_STATUS_TRANSITION if not. */
function checkMove(own: { status: OrderStatus }[], status: SellerOrderStatus): 'move' | 'same' {
  const current = deriveOrderStatus(own.map((l) => l.status));
  const move = sellerStatusMove(current, status);
  if (move !== 'refused') return move;
  const allowed = sellerStatusChoices(current).filter((s) => sellerStatusMove(current, s) === 'move');
  throw new AppError(
    409,
    'INVALID_STATUS_TRANSITION',
    allowed.length
      ? `This order is ${current}: it can only move to ${allowed.join(', ')}`
      : `This order is ${current}: its status can no longer change`,
    undefined,
    { current, allowed },
  );
}

/** The seller rejects its lines: the reason is kept, the lines not yet refunded are refunded, stock comes back. */
async function rejectOwnLines(
  money: MoneyService,
  tx: Tx,
  touched: Touched,
  order: OrderRow,
  sellerId: string,
  why: { actor: Actor; reason?: string },
): Promise<string | null> {
  await setSellerLines(tx, order.id, sellerId, { rejectionReason: why.reason ?? null });
  const target = (await linesOf(tx, order.id, sellerId)).filter((l) => l.refundId === null);
  return money.refundLinesIn(tx, touched, order, target, {
    kind: 'seller_reject',
    reason: 'rejected by the seller',
    dedupeKey: `reject:${order.id}:${sellerId}`,
    actor: { userId: why.actor.userId, role: why.actor.role },
  });
}
