/**
 * The money use cases (docs/money.md): settle a capture, cancel an order, reject lines, refund by the admin. Each
 * locks the order row first, so capture, cancel, reject and refund of one order run one after the other and every
 * caller is told the outcome that actually happened. Amounts are paise throughout.
 */
import { and, asc, eq, inArray, like, sql } from 'drizzle-orm';
import { allocateRefund, lineValueOf, linesRefundPaise, toPaise } from '@mp/shared';
import type { Db, Tx } from '../../../db/client';
import { orderLines, orders, refunds } from '../../../db/schema';
import { AppError, conflict, notFound } from '../../../lib/errors';
import type { Logger } from '../../../lib/logger';
import type { ChangeFeed } from '../../../lib/change-feed';
import { enqueueOrderPaidMails, enqueueSellerCancelMails, type MailLimits } from '../../mail';
import { takeOutOfCart } from '../cart/cart.service';
import { deriveOrderStatus, type OrderLineRow, type OrderRow } from '../orders/order.mapper';
import { recordStatusChangesIn } from '../orders/order-history';
import { adjustProducts, orderProductIds, releaseHoldIn, retakeStock } from '../orders/stock-hold';
import type { PaymentProvider } from '../payments/payment-provider';
import type { Earnings } from '../earnings/earnings.service';
import { recordMoneyEvent, SYSTEM, type Actor } from './ledger';
import { createRefunder, refundableIn, requestRefundIn, type RefundDecision } from './refunds';

export interface ProviderCapture {
  status: 'COMPLETED' | 'PENDING';
  captureId: string | null;
  payerId: string | null;
  amountPaise: number | null;
  currency: string | null;
}

export type CaptureOutcome =
  /** `sold`: the products whose stock and units sold this call changed (none when it was paid already) */
  | { outcome: 'paid'; order: OrderRow; sold: string[] }
  | { outcome: 'pending'; order: OrderRow }
  | {
      outcome: 'refunded';
      order: OrderRow;
      refundId: string;
      code: 'ORDER_CANCELLED' | 'OUT_OF_STOCK' | 'AMOUNT_MISMATCH';
      message: string;
    };

class NoStock extends Error {}

const lockOrder = async (tx: Tx, orderId: string): Promise<OrderRow | undefined> =>
  (await tx.select().from(orders).where(eq(orders.id, orderId)).for('update'))[0];

/** What is left to give back of a line (earlier partial refunds by the admin taken off). */
const lineLeft = (l: OrderLineRow) => lineValueOf(l) - l.refundedPaise;

export function createMoneyService(deps: {
  db: Db;
  /** stock changes are published here (lib/change-feed.ts) */
  changes: ChangeFeed;
  provider: PaymentProvider;
  logger: Logger;
  currency: string;
  /** the seller ledger: refunds of delivered lines are charged to their sellers (docs/money.md) */
  earnings: Earnings;
  /** bounds the e-mails a client's payments cause (docs/seo-and-email.md, "Priority and limits") */
  mailLimits: MailLimits;
}) {
  const { db, logger, currency, changes, earnings } = deps;

  /** Stock or units sold of this order's products changed: caches in every instance learn it. */
  async function stockChanged(orderId: string): Promise<void> {
    changes.publish({ type: 'stock', ids: await orderProductIds(db, orderId) });
  }
  const refunder = createRefunder(deps);

  /** Sends refunds decided by a committed transaction; a failure leaves them pending for the sweeper. */
  async function sendAll(refundIds: (string | null | undefined)[]): Promise<void> {
    for (const id of refundIds) if (id) await refunder.send(id);
  }

  /**
   * Refunds `target` lines of a locked, paid order: their stock comes back (units sold go down), they become
   * rejected with the refund's id, and the refund is requested. When no unrefunded line is left, the refund is
   * everything still refundable (delivery included), so the order's money adds up exactly.
   */
  async function refundLinesIn(
    tx: Tx,
    order: OrderRow,
    target: OrderLineRow[],
    d: Omit<RefundDecision, 'amountPaise'>,
  ): Promise<string | null> {
    const all = await tx.select().from(orderLines).where(eq(orderLines.orderId, order.id));
    const ids = new Set(target.map((l) => l.id));
    const left = all.filter((l) => !ids.has(l.id) && l.refundId === null && l.status !== 'rejected');
    const refundable = await refundableIn(tx, order);
    const amountPaise = linesRefundPaise({
      targetLeftPaise: target.reduce((s, l) => s + lineLeft(l), 0),
      refundablePaise: refundable,
      lastLines: left.length === 0,
    });
    let refundId: string | null = null;
    if (amountPaise > 0)
      refundId = (await requestRefundIn(tx, order, currency, { ...d, amountPaise })).refundId;
    await tx
      .update(orderLines)
      .set({
        status: 'rejected',
        refundId,
        refundedPaise: sql`${orderLines.linePricePaise} * ${orderLines.quantity}`,
        updatedAt: sql`now()`,
      })
      .where(inArray(orderLines.id, [...ids]));
    await adjustProducts(tx, target, { stock: 1, sold: -1 });
    const statuses = all.map((l) => (ids.has(l.id) ? 'rejected' : l.status));
    await tx
      .update(orders)
      .set({
        orderStatus: deriveOrderStatus(statuses),
        deliveryRefunded: left.length === 0,
        updatedAt: sql`now()`,
      })
      .where(eq(orders.id, order.id));
    return refundId;
  }

  /**
   * An amount refunded of an order falls on its lines in turn, then on the delivery (allocateRefund): each line's
   * refunded total rises, and the part falling on delivered lines is charged to their sellers' ledgers.
   */
  async function spreadOverLinesIn(tx: Tx, orderId: string, amountPaise: number, refundId: string) {
    const lines = await tx
      .select()
      .from(orderLines)
      .where(eq(orderLines.orderId, orderId))
      .orderBy(asc(orderLines.createdAt), asc(orderLines.id));
    const open = lines.filter((l) => l.status !== 'rejected');
    const split = allocateRefund(
      open.map((l) => ({ id: l.id, valuePaise: lineValueOf(l), refundedPaise: l.refundedPaise })),
      amountPaise,
    );
    const parts = split.lines.map((p) => ({ line: open.find((l) => l.id === p.id)!, paise: p.paise }));
    for (const { line, paise } of parts) {
      await tx
        .update(orderLines)
        .set({ refundedPaise: sql`${orderLines.refundedPaise} + ${paise}`, updatedAt: sql`now()` })
        .where(eq(orderLines.id, line.id));
    }
    await earnings.chargeRefundIn(tx, parts, refundId);
  }

  /** Money was taken that this order must not keep: the capture is recorded and refunded in full. */
  async function refuseCaptureIn(
    tx: Tx,
    order: OrderRow,
    capture: ProviderCapture,
    kind: 'late_capture' | 'amount_mismatch' | 'cancelled_order',
    reason: string,
  ): Promise<string> {
    const taken = capture.amountPaise ?? order.totalPaise;
    const [updated] = await tx
      .update(orders)
      .set({
        captureId: capture.captureId ?? order.captureId,
        capturedPaise: sql`${orders.capturedPaise} + ${taken}`,
        updatedAt: sql`now()`,
      })
      .where(eq(orders.id, order.id))
      .returning();
    await recordMoneyEvent(tx, {
      orderId: order.id,
      type: 'capture_refused',
      amountPaise: taken,
      currency: capture.currency ?? currency,
      providerId: capture.captureId,
      actor: SYSTEM,
      reason,
    });
    const { refundId } = await requestRefundIn(tx, updated!, currency, {
      amountPaise: taken,
      kind,
      reason,
      dedupeKey: `capture:${order.id}:${capture.captureId ?? 'none'}`,
      actor: SYSTEM,
      captureId: capture.captureId ?? undefined,
    });
    return refundId;
  }

  /**
   * Settle a capture (return page or webhook): the one place an order becomes paid.
   * - already paid: nothing changes;
   * - the provider has not settled it (PENDING): the order stays pending, the ledger says so, the webhook finishes;
   * - the amount or currency differs from the order's total: not paid, refunded in full;
   * - the shopper cancelled the order: refunded in full (the cancel stands);
   * - the hold ended and the stock is gone: refunded in full;
   * - otherwise paid: held stock becomes sold, lines confirmed, shopper and sellers mailed.
   */
  async function settleCapture(
    orderId: string,
    capture: ProviderCapture,
    /** the client whose request captures (none for a webhook): the e-mails it causes are bounded */
    opts: { client?: string } = {},
  ): Promise<CaptureOutcome> {
    const result = await db.transaction(async (tx): Promise<CaptureOutcome> => {
      const order = await lockOrder(tx, orderId);
      if (!order) throw notFound('Order');
      if (order.paymentStatus === 'paid') return { outcome: 'paid', order, sold: [] };
      if (order.capturedPaise > 0) {
        // a capture of this order was already refused and refunded (a retried return page or webhook)
        const [earlier] = await tx
          .select({ id: refunds.id })
          .from(refunds)
          .where(and(eq(refunds.orderId, orderId), like(refunds.dedupeKey, 'capture:%')))
          .limit(1);
        return {
          outcome: 'refunded',
          order,
          refundId: earlier?.id ?? '',
          code: order.cancelledAt ? 'ORDER_CANCELLED' : 'OUT_OF_STOCK',
          message: 'This payment was not accepted for this order and is refunded in full.',
        };
      }
      if (capture.status === 'PENDING') {
        if (order.captureId !== capture.captureId) {
          const [updated] = await tx
            .update(orders)
            .set({ captureId: capture.captureId, updatedAt: sql`now()` })
            .where(eq(orders.id, orderId))
            .returning();
          await recordMoneyEvent(tx, {
            orderId,
            type: 'capture_pending',
            amountPaise: capture.amountPaise ?? order.totalPaise,
            currency: capture.currency ?? currency,
            providerId: capture.captureId,
            actor: SYSTEM,
            reason: 'the provider has not settled the capture yet',
          });
          return { outcome: 'pending', order: updated! };
        }
        return { outcome: 'pending', order };
      }
      if (capture.amountPaise !== order.totalPaise || capture.currency !== currency) {
        const reason =
          capture.amountPaise === null
            ? 'the provider did not confirm the captured amount'
            : `captured ${capture.currency ?? '?'} ${(capture.amountPaise / 100).toFixed(2)}, order total ${currency} ${(order.totalPaise / 100).toFixed(2)}`;
        if (order.stockHeld) await releaseHoldIn(tx, orderId, 'failed');
        else if (order.paymentStatus === 'pending') {
          await tx.update(orders).set({ paymentStatus: 'failed' }).where(eq(orders.id, orderId));
        }
        const refundId = await refuseCaptureIn(tx, order, capture, 'amount_mismatch', reason);
        return {
          outcome: 'refunded',
          order,
          refundId,
          code: 'AMOUNT_MISMATCH',
          message:
            'The amount taken did not match the order total. The order is not paid and the payment is refunded in full.',
        };
      }
      if (order.cancelledAt) {
        const refundId = await refuseCaptureIn(
          tx,
          order,
          capture,
          'cancelled_order',
          'the order was cancelled before the payment arrived',
        );
        return {
          outcome: 'refunded',
          order,
          refundId,
          code: 'ORDER_CANCELLED',
          message: 'This order was cancelled before the payment arrived; the payment is refunded in full.',
        };
      }
      const lateCapture = !order.stockHeld;
      if (lateCapture) {
        // the hold ended (expired or failed): sell the stock only if all of it is still there (savepoint: all or nothing)
        const retaken = await tx
          .transaction(async (sp) => {
            if (!(await retakeStock(sp, orderId))) throw new NoStock();
            return true;
          })
          .catch((err: unknown) => {
            if (err instanceof NoStock) return false;
            throw err;
          });
        if (!retaken) {
          const refundId = await refuseCaptureIn(
            tx,
            order,
            capture,
            'late_capture',
            'the payment arrived after the hold ended and the stock is gone',
          );
          return {
            outcome: 'refunded',
            order,
            refundId,
            code: 'OUT_OF_STOCK',
            message:
              'The payment arrived after this order expired and the items are no longer in stock; the payment is refunded in full.',
          };
        }
      }
      const [paid] = await tx
        .update(orders)
        .set({
          paymentStatus: 'paid',
          orderStatus: 'confirmed',
          paidAt: sql`now()`,
          payerId: capture.payerId ?? order.payerId,
          captureId: capture.captureId ?? order.captureId,
          capturedPaise: capture.amountPaise,
          stockHeld: false,
          updatedAt: sql`now()`,
        })
        .where(eq(orders.id, orderId))
        .returning();
      // the lines become confirmed; each answers its seller and status before (the status history: the
      // subquery reads the rows as they were when the statement began) and its product and quantity (units sold)
      const before = tx
        .select({ id: orderLines.id, status: orderLines.status })
        .from(orderLines)
        .where(eq(orderLines.orderId, orderId))
        .as('before');
      const lines = await tx
        .update(orderLines)
        .set({ status: 'confirmed', updatedAt: sql`now()` })
        .from(before)
        .where(eq(orderLines.id, before.id))
        .returning({
          sellerId: orderLines.sellerId,
          status: before.status,
          productId: orderLines.productId,
          quantity: orderLines.quantity,
        });
      await recordStatusChangesIn(tx, orderId, lines, 'confirmed', SYSTEM);
      await adjustProducts(tx, lines, { stock: 0, sold: 1 });
      // a late capture's lines went back to the cart when its hold ended: they leave it again
      if (lateCapture && order.cartId) await takeOutOfCart(tx, order.cartId, lines);
      await recordMoneyEvent(tx, {
        orderId,
        type: 'capture',
        amountPaise: capture.amountPaise,
        currency,
        providerId: capture.captureId,
        actor: SYSTEM,
      });
      await enqueueOrderPaidMails(
        tx,
        paid!,
        opts.client ? { client: opts.client, limits: deps.mailLimits, logger } : undefined,
      );
      return { outcome: 'paid', order: paid!, sold: [...new Set(lines.flatMap((l) => l.productId ?? []))] };
    });
    if (result.outcome === 'refunded') {
      logger.warn({ orderId, code: result.code, refundId: result.refundId }, 'capture refused and refunded');
      await sendAll([result.refundId]);
    }
    // the lines were read in the capture: no second read to say which products sold
    if (result.outcome === 'paid' && result.sold.length) changes.publish({ type: 'stock', ids: result.sold });
    return result;
  }

  /** Inside a transaction holding the order's lock: an unpaid order ends its hold and is marked cancelled. */
  async function cancelUnpaidIn(tx: Tx, orderId: string): Promise<OrderRow> {
    await releaseHoldIn(tx, orderId, 'cancelled');
    const [closed] = await tx
      .update(orders)
      .set({
        cancelledAt: sql`coalesce(${orders.cancelledAt}, now())`,
        paymentStatus: sql`case when ${orders.paymentStatus} = 'pending' then 'cancelled' else ${orders.paymentStatus} end`,
        updatedAt: sql`now()`,
      })
      .where(eq(orders.id, orderId))
      .returning();
    return closed!;
  }

  /**
   * The shopper abandons an unpaid payment (POST /api/shop/order/cancel, the sandbox's Cancel button): idempotent,
   * stock back once; a payment still on its way is refunded when it arrives. A paid order answers 409.
   */
  async function cancelUnpaid(orderId: string): Promise<OrderRow> {
    const order = await db.transaction(async (tx) => {
      const o = await lockOrder(tx, orderId);
      if (!o) throw notFound('Order');
      if (o.paymentStatus === 'paid') throw conflict('This order is already paid', 'ALREADY_PAID');
      return cancelUnpaidIn(tx, orderId);
    });
    await stockChanged(orderId);
    return order;
  }

  /**
   * The shopper cancels an order (POST /api/shop/order/cancel/:orderId). Unpaid: the hold ends and the order is
   * marked cancelled, so a payment still on its way is refunded. Paid and nothing shipped: every line not yet
   * refunded is refunded with the delivery, and its stock returned. A second cancel is refused (409).
   */
  async function cancelOrder(
    caller: Actor & { userId: string },
    orderId: string,
  ): Promise<{ order: OrderRow; refundId: string | null }> {
    const out = await db.transaction(async (tx) => {
      const order = await lockOrder(tx, orderId);
      if (!order || order.userId !== caller.userId) throw notFound('Order');
      if (order.cancelledAt) throw conflict('This order is already cancelled', 'ALREADY_CANCELLED');
      if (order.paymentStatus !== 'paid') return { order: await cancelUnpaidIn(tx, orderId), refundId: null };
      const lines = await tx
        .select()
        .from(orderLines)
        .where(eq(orderLines.orderId, orderId))
        .orderBy(asc(orderLines.createdAt));
      if (lines.some((l) => l.status === 'inShipping' || l.status === 'delivered')) {
        throw conflict(
          'Part of this order is already shipped; it can no longer be cancelled',
          'NOT_CANCELLABLE',
        );
      }
      const target = lines.filter((l) => l.refundId === null && l.status !== 'rejected');
      if (target.length === 0) throw conflict('Nothing of this order is left to cancel', 'ALREADY_CANCELLED');
      await recordStatusChangesIn(tx, orderId, target, 'rejected', caller);
      const refundId = await refundLinesIn(tx, order, target, {
        kind: 'shopper_cancel',
        reason: 'cancelled by the shopper',
        dedupeKey: `cancel:${orderId}`,
        actor: caller,
      });
      // the sellers must not ship what was cancelled (docs/seo-and-email.md)
      await enqueueSellerCancelMails(
        tx,
        orderId,
        target.map((l) => l.id),
      );
      const [closed] = await tx
        .update(orders)
        .set({ cancelledAt: sql`now()`, updatedAt: sql`now()` })
        .where(eq(orders.id, orderId))
        .returning();
      return { order: closed!, refundId };
    });
    await stockChanged(orderId);
    await sendAll([out.refundId]);
    const [now] = await db.select().from(orders).where(eq(orders.id, orderId));
    return { order: now!, refundId: out.refundId };
  }

  /** The admin gives back `amountPaise` (or everything refundable) of a paid order, with a reason. */
  async function adminRefund(
    actor: Actor,
    orderId: string,
    input: { amount?: number; reason: string },
    idempotencyKey?: string,
  ): Promise<{ order: OrderRow; refundId: string; created: boolean }> {
    const out = await db.transaction(async (tx) => {
      const order = await lockOrder(tx, orderId);
      if (!order) throw notFound('Order');
      if (order.capturedPaise <= 0) {
        throw new AppError(409, 'NOT_REFUNDABLE', 'This order has no captured payment to refund');
      }
      const key = `admin:${orderId}:${idempotencyKey ?? `${input.amount ?? 'all'}:${input.reason}`}`;
      const [same] = await tx.select({ id: refunds.id }).from(refunds).where(eq(refunds.dedupeKey, key));
      if (same) return { order, refundId: same.id, created: false };
      const amountPaise = input.amount === undefined ? await refundableIn(tx, order) : toPaise(input.amount);
      if (amountPaise <= 0) {
        throw new AppError(409, 'REFUND_EXCEEDS_CAPTURED', 'Nothing of this order is left to refund');
      }
      const r = await requestRefundIn(tx, order, currency, {
        amountPaise,
        kind: 'admin',
        reason: input.reason,
        dedupeKey: key,
        actor,
      });
      await spreadOverLinesIn(tx, orderId, amountPaise, r.refundId);
      return { order, ...r };
    });
    if (out.created) await sendAll([out.refundId]);
    const [now] = await db.select().from(orders).where(eq(orders.id, orderId));
    return { order: now!, refundId: out.refundId, created: out.created };
  }

  return {
    settleCapture,
    stockChanged,
    cancelUnpaid,
    cancelOrder,
    adminRefund,
    refundLinesIn,
    sendAll,
    refunder,
  };
}

export type MoneyService = ReturnType<typeof createMoneyService>;
