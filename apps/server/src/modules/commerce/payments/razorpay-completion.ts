/**
 * The one completion of a gateway payment (docs/money.md, "Exactly once"): the browser's verify call, each webhook
 * and the reconciler all end here, keyed on the gateway's payment id. What the gateway's own record says is what
 * counts (fetched, never taken from the caller); an authorised payment is captured first; then the order's
 * settleCapture decides under the order row's lock — paid once, or refused and refunded (late after a cancel or
 * expiry with the stock gone, or an amount or currency that differs from the order's).
 */
import type { Db } from '../../../db/client';
import type { Logger } from '../../../lib/logger';
import type { MoneyService } from '../money/money.service';
import type { OrderRow } from '../orders/order.mapper';
import { findOrderByPaymentId } from '../orders/order.repository';
import { captureOf, type RazorpayGateway, type RazorpayPayment } from './razorpay-provider';

export interface CompletionDeps {
  db: Db;
  logger: Logger;
  money: MoneyService;
  gateway: RazorpayGateway;
  /** refunds of COD returns paid out through the gateway: its `payout.*` events (cod-refunds/index.ts) */
  payouts?: { applyPayoutEvent(entity: unknown): Promise<unknown> };
}

export type Completion =
  | { outcome: 'paid' | 'pending'; order: OrderRow }
  | { outcome: 'refunded'; order: OrderRow; code: string; message: string }
  /** the gateway has no captured money for it (failed, or not paid yet) */
  | { outcome: 'not_paid'; order: OrderRow; status: RazorpayPayment['status'] }
  /** a payment of no order of ours (kept for the operator by the webhook) */
  | { outcome: 'unknown_order'; gatewayOrderId: string };

const isTaken = (p: RazorpayPayment) => p.status === 'captured' || p.status === 'refunded';

export async function completeGatewayPayment(deps: CompletionDeps, paymentId: string): Promise<Completion> {
  const fetched = await deps.gateway.fetchPayment(paymentId);
  const order = await findOrderByPaymentId(deps.db, fetched.order_id);
  if (!order) return { outcome: 'unknown_order', gatewayOrderId: fetched.order_id };
  // a paid order answers itself (the common repeat: a webhook after the browser, a replayed webhook)
  if (order.paymentStatus === 'paid' && order.captureId === fetched.id) return { outcome: 'paid', order };
  const payment = await deps.gateway.captureAuthorised(fetched);
  if (!isTaken(payment)) return { outcome: 'not_paid', order, status: payment.status };
  const settled = await deps.money.settleCapture(order.id, captureOf(payment));
  if (settled.outcome === 'refunded') {
    deps.logger.warn(
      { orderId: order.id, paymentId, code: settled.code },
      'gateway payment refused and refunded',
    );
    return { outcome: 'refunded', order: settled.order, code: settled.code, message: settled.message };
  }
  return settled;
}
