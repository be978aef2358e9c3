/**
 * The refund of a return, made once (docs/returns.md, "Money"): whoever comes first — the seller's "received",
 * the timer 48 h after the courier brought the parcel back, the admin — finds the return not refunded under its
 * order's and its own row lock, and the others find it refunded. The returned units' share of what the shopper
 * paid goes back through the refund lifecycle (prepaid) or the cash-on-delivery port; in the same transaction each
 * line's refunded total rises, the seller's ledger reverses that part of its net and each deduction (a debt when
 * the balance cannot cover it), a seller-fault reason charges the reverse shipping, and a credit note follows an
 * invoice.
 */
import {
  isSellerFault,
  linePaidOf,
  returnRefundPaise,
  returnSellerValuePaise,
  reverseShippingPaise,
  COURIER_ZONES,
  type CourierZone,
} from '@mp/shared';
import type { Tx } from '../../../db/client';
import { issueCreditNotesIn } from '../../tax/credit-notes';
import { shipmentOf } from '../../delivery/delivery.repository';
import { enqueueReturnMail } from '../../mail/return-mails';
import type { Actor } from '../money/ledger';
import { requestRefundIn } from '../money/refunds';
import type { OrderLineRow, OrderRow } from '../orders/order.mapper';
import { addLineRefund, linesOf } from '../orders/order.repository';
import type { ReturnsContext } from './returns-context';
import {
  linesOfReturn,
  refundedUnitsOf,
  setLineRefunds,
  updateReturn,
  type ReturnRow,
  type ReturnStep,
} from './returns.repository';

/** Each returned line's refund: its units' share of what was paid, never more than is left of the line. */
async function partsOf(tx: Tx, ret: ReturnRow) {
  const rls = await linesOfReturn(tx, ret.id);
  const lines = await linesOf(tx, ret.orderId);
  const before = await refundedUnitsOf(
    tx,
    rls.map((r) => r.orderLineId),
  );
  return rls.map((rl) => {
    const line = lines.find((l) => l.id === rl.orderLineId)!;
    const share = returnRefundPaise(line, rl.quantity, before.get(line.id) ?? 0);
    const paise = Math.max(0, Math.min(share, linePaidOf(line) - line.refundedPaise));
    // what its credit note takes off the seller's invoice: the units' share of the seller's price (docs/tax.md)
    const sellerValue = returnSellerValuePaise(line, rl.quantity, before.get(line.id) ?? 0);
    return { rl, line, paise, sellerValue };
  });
}

/** The reverse shipping a seller-fault return costs its seller (0 otherwise, or without a parcel). */
async function reverseShippingOf(
  tx: Tx,
  ret: ReturnRow,
  parts: { rl: { quantity: number }; line: OrderLineRow }[],
) {
  if (!ret.sellerId || !isSellerFault(ret.reason)) return 0;
  const parcel = await shipmentOf(tx, ret.orderId, ret.sellerId);
  const sellerLines = (await linesOf(tx, ret.orderId, ret.sellerId)).filter((l) => l.status === 'delivered');
  const zone = (COURIER_ZONES as readonly string[]).includes(parcel?.zone ?? '')
    ? (parcel!.zone as CourierZone)
    : 'D';
  return reverseShippingPaise({
    zone,
    billedGrams: parcel?.billedGrams ?? 0,
    returnedUnits: parts.reduce((s, p) => s + p.rl.quantity, 0),
    parcelUnits: sellerLines.reduce((s, l) => s + l.quantity, 0),
  });
}

/** Sends the money: the provider refund of a prepaid order, or the COD port; answers the refund's id. */
async function sendMoneyIn(
  ctx: ReturnsContext,
  tx: Tx,
  order: OrderRow,
  ret: ReturnRow,
  amountPaise: number,
  actor: Actor,
  creditLines: ReadonlyMap<string, number>,
) {
  if (amountPaise <= 0) return { refundId: null, provider: false };
  if (order.paymentMethod === 'cod') {
    const sent = await ctx.codRefunds.send(tx, { returnId: ret.id, refundTo: ret.refundTo!, amountPaise });
    // a credit note names a refund: the return itself stands for it until the payout has an id
    await issueCreditNotesIn(tx, order.id, sent.refundId ?? ret.id, creditLines, 'Return', ret.sellerId);
    return { refundId: sent.refundId, provider: false };
  }
  const r = await requestRefundIn(tx, order, ctx.currency, {
    amountPaise,
    kind: 'return',
    reason: 'Return',
    dedupeKey: `return:${ret.id}`,
    actor,
    sellerId: ret.sellerId,
    creditLines,
  });
  return { refundId: r.refundId, provider: true };
}

/**
 * Inside the caller's transaction, with the order and the return locked: refunds the return unless it already is.
 * Answers the provider refund to send after commit (null: none), and whether this call refunded it.
 */
export async function refundReturnIn(
  ctx: ReturnsContext,
  tx: Tx,
  order: OrderRow,
  ret: ReturnRow,
  step: ReturnStep,
  actor: Actor,
): Promise<{ refunded: boolean; sendRefundId: string | null }> {
  if (ret.state === 'refunded' || ret.state === 'cancelled') return { refunded: false, sendRefundId: null };
  const parts = await partsOf(tx, ret);
  const amountPaise = parts.reduce((s, p) => s + p.paise, 0);
  const credit = new Map(parts.filter((p) => p.paise > 0).map((p) => [p.line.id, p.sellerValue]));
  const money = await sendMoneyIn(ctx, tx, order, ret, amountPaise, actor, credit);
  const ledgerRefundId = money.refundId ?? ret.id;
  for (const p of parts) if (p.paise > 0) await addLineRefund(tx, p.line.id, p.paise);
  await ctx.earnings.chargeReturnIn(tx, {
    parts: parts.map((p) => ({ line: p.line, paise: p.paise })),
    refundId: ledgerRefundId,
    orderId: order.id,
    sellerId: ret.sellerId,
    shippingPaise: await reverseShippingOf(tx, ret, parts),
  });
  await setLineRefunds(
    tx,
    parts.map((p) => ({ id: p.rl.id, refundPaise: p.paise })),
  );
  await updateReturn(
    tx,
    ret.id,
    { state: 'refunded', refundId: money.refundId, refundPaise: amountPaise, refundedAt: step.at },
    { ...step, kind: 'refunded' },
  );
  await enqueueReturnMail(tx, ret.id, 'refunded', { refundPaise: amountPaise });
  return { refunded: true, sendRefundId: money.provider ? money.refundId : null };
}
