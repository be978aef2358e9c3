/**
 * The money use cases (docs/money.md), one file each: settle a capture (settle-capture.ts), cancel an unpaid
 * order (cancel-unpaid.ts), the shopper's cancel (cancel-order.ts), the admin's refund (admin-refund.ts), and
 * refunding rejected lines (refund-lines.ts, for the seller's rejection). Each locks the order row first, so
 * capture, cancel, reject and refund of one order run one after the other and every caller is told the outcome
 * that actually happened. Amounts are paise throughout. Built once, in deps.ts.
 */
import type { Tx } from '../../../db/client';
import type { OrderLineRow, OrderRow } from '../orders/order.mapper';
import { inTransaction, type Touched } from '../unit-of-work';
import { adminRefund } from './admin-refund';
import { cancelOrder } from './cancel-order';
import { cancelUnpaid } from './cancel-unpaid';
import type { Actor } from './ledger';
import { sendAll, type MoneyContext, type MoneyDeps } from './money-context';
import { refundLinesIn } from './refund-lines';
import { createRefunder, type RefundDecision } from './refunds';
import { settleCapture, type ProviderCapture } from './settle-capture';

export type { CaptureOutcome, ProviderCapture } from './settle-capture';

export function createMoneyService(deps: MoneyDeps) {
  const ctx: MoneyContext = { ...deps, refunder: createRefunder(deps) };
  return {
    settleCapture: (orderId: string, capture: ProviderCapture, opts?: { client?: string }) =>
      settleCapture(ctx, orderId, capture, opts),
    cancelUnpaid: (orderId: string) => cancelUnpaid(ctx, orderId),
    cancelOrder: (caller: Actor & { userId: string }, orderId: string) => cancelOrder(ctx, caller, orderId),
    adminRefund: (
      actor: Actor,
      orderId: string,
      input: { amount?: number; reason: string },
      idempotencyKey?: string,
    ) => adminRefund(ctx, actor, orderId, input, idempotencyKey),
    refundLinesIn: (
      tx: Tx,
      touched: Touched,
      order: OrderRow,
      target: OrderLineRow[],
      d: Omit<RefundDecision, 'amountPaise'>,
    ) => refundLinesIn(ctx, tx, touched, order, target, d),
    /** a transaction whose stock changes are published after it commits (unit-of-work.ts) */
    inTransaction: <T>(work: (tx: Tx, touched: Touched) => Promise<T>) =>
      inTransaction(ctx.db, ctx.changes, work),
    sendAll: (refundIds: (string | null | undefined)[]) => sendAll(ctx, refundIds),
    refunder: ctx.refunder,
  };
}

export type MoneyService = ReturnType<typeof createMoneyService>;
