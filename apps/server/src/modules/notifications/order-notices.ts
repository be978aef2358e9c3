/**
 * The notices of order and money events (docs/seo-and-email.md, "Seller notifications"): each groups the event's
 * lines by seller and tells every seller only about its own, inside the event's transaction.
 */
import { asc, eq, inArray } from 'drizzle-orm';
import {
  DELIVERY_ADDRESS_FIELDS,
  formatOrderNumber,
  lineValueOf,
  type NoticeLine,
  type SellerNotice,
} from '@mp/shared';
import type { DbOrTx } from '../../db/client';
import { pick } from '../../lib/pick';
import { orderLines, orders } from '../../db/schema';
import type { MailTrigger } from '../mail';
import { notifySeller, notifySellers } from './notify-seller';

/** An order line as the notices read it. */
export interface NoticeOrderLine extends NoticeLine {
  sellerId: string | null;
  /** what was refunded of it before */
  refundedPaise?: number;
}

interface OrderFacts {
  id: string;
  orderNumber: number;
}

const noticeLine = (l: NoticeLine): NoticeLine => ({
  title: l.title,
  quantity: l.quantity,
  linePricePaise: l.linePricePaise,
});

/**
 * Tells each seller with lines among `lines` (lines the marketplace sells itself tell no one) its notice made from
 * only its own lines, keyed `{event}:{sellerId}`.
 */
async function notifyPerSeller<T extends { sellerId: string | null }>(
  tx: DbOrTx,
  event: { lines: readonly T[]; key: string; trigger?: MailTrigger },
  notice: (own: T[]) => SellerNotice,
): Promise<void> {
  const groups = new Map<string, T[]>();
  for (const l of event.lines) {
    if (l.sellerId) groups.set(l.sellerId, [...(groups.get(l.sellerId) ?? []), l]);
  }
  const events = [...groups].map(([sellerId, own]) => ({
    sellerId,
    key: `${event.key}:${sellerId}`,
    notice: notice(own),
  }));
  await notifySellers(tx, events, event.trigger);
}

/**
 * An order was paid: each seller with lines in it gets a new-order notice with only its lines and the shipping
 * address (its lines read here, in one statement). The paying shopper's request (`trigger`) counts the e-mails
 * towards its hourly limit.
 */
export async function notifyNewOrder(
  tx: DbOrTx,
  order: typeof orders.$inferSelect,
  trigger?: MailTrigger,
): Promise<void> {
  const lines = await tx
    .select({
      sellerId: orderLines.sellerId,
      title: orderLines.title,
      quantity: orderLines.quantity,
      linePricePaise: orderLines.linePricePaise,
    })
    .from(orderLines)
    .where(eq(orderLines.orderId, order.id))
    .orderBy(asc(orderLines.createdAt), asc(orderLines.id));
  const orderNumber = formatOrderNumber(order.orderNumber);
  const shipTo = { buyerName: order.buyerName, ...pick(order, DELIVERY_ADDRESS_FIELDS) };
  await notifyPerSeller(tx, { lines, key: `seller-new-order:${order.id}`, trigger }, (own) => ({
    kind: 'new_order',
    payload: { orderId: order.id, orderNumber, lines: own.map(noticeLine), address: shipTo },
  }));
}

/** The shopper cancelled a paid order: each seller hears of its cancelled lines and what is refunded for them. */
export async function notifyOrderCancelled(
  tx: DbOrTx,
  order: OrderFacts,
  lines: readonly NoticeOrderLine[],
): Promise<void> {
  const orderNumber = formatOrderNumber(order.orderNumber);
  await notifyPerSeller(tx, { lines, key: `seller-order-cancelled:${order.id}` }, (own) => ({
    kind: 'order_cancelled',
    payload: {
      orderId: order.id,
      orderNumber,
      lines: own.map(noticeLine),
      refundPaise: own.reduce((s, l) => s + lineValueOf(l) - (l.refundedPaise ?? 0), 0),
    },
  }));
}

/**
 * The admin refunded part of an order: each seller whose lines not yet delivered took part of it hears how much
 * and why (the admin cannot reject a line; this is the closest event: see docs/seo-and-email.md). The part on
 * delivered lines is told as refund_debited, when it leaves the seller's balance.
 */
export async function notifyLinesRefunded(
  tx: DbOrTx,
  refund: { refundId: string; order: OrderFacts; reason: string },
  parts: readonly { line: NoticeOrderLine & { status: string }; paise: number }[],
): Promise<void> {
  const open = parts.filter((p) => p.paise > 0 && p.line.status !== 'delivered');
  const orderNumber = formatOrderNumber(refund.order.orderNumber);
  await notifyPerSeller(
    tx,
    {
      lines: open.map((p) => ({ ...p, sellerId: p.line.sellerId })),
      key: `seller-lines-refunded:${refund.refundId}`,
    },
    (own) => ({
      kind: 'line_rejected',
      payload: {
        orderId: refund.order.id,
        orderNumber,
        lines: own.map((p) => noticeLine(p.line)),
        amountPaise: own.reduce((s, p) => s + p.paise, 0),
        reason: refund.reason,
      },
    }),
  );
}

/**
 * A refund was charged to sellers' balances (delivered lines): each seller hears once per refund what left its
 * balance (`paise` of each line: the refund less the deductions given back) and for which lines.
 */
export async function notifyRefundDebited(
  tx: DbOrTx,
  refundId: string,
  charges: readonly (NoticeOrderLine & { orderId: string; paise: number })[],
): Promise<void> {
  if (!charges.length) return;
  const numbers = new Map(
    (
      await tx
        .select({ id: orders.id, orderNumber: orders.orderNumber })
        .from(orders)
        .where(inArray(orders.id, [...new Set(charges.map((c) => c.orderId))]))
    ).map((o) => [o.id, formatOrderNumber(o.orderNumber)]),
  );
  await notifyPerSeller(tx, { lines: charges, key: `seller-refund-charged:${refundId}` }, (own) => ({
    kind: 'refund_debited',
    payload: {
      orderId: own[0]!.orderId,
      orderNumber: numbers.get(own[0]!.orderId)!,
      lines: own.map(noticeLine),
      amountPaise: own.reduce((s, c) => s + c.paise, 0),
    },
  }));
}

/** The admin recorded a payout: its seller hears of it once. */
export async function notifyPayout(
  tx: DbOrTx,
  payout: { id: string; sellerId: string; amountPaise: number; reference: string },
): Promise<void> {
  await notifySeller(
    tx,
    payout.sellerId,
    'payout_made',
    { payoutId: payout.id, amountPaise: payout.amountPaise, reference: payout.reference },
    `seller-payout:${payout.id}`,
  );
}
