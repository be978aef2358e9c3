/**
 * Money taken off a cash-on-delivery order before its parcels are delivered (docs/money.md, "Cash on delivery"):
 * nothing was paid, so nothing is refunded; the parcel the courier collects asks for less. A seller's rejection or
 * the shopper's cancel takes the rejected lines off their parcel (an emptied parcel's own shipping goes with them;
 * the rest of the delivery moves to a parcel still going, or goes when no line is left); the admin's partial refund takes an amount off the lines not yet delivered,
 * as a refund would (oldest line first), recorded once in the payment ledger (`cod_lowered`). Cash the courier
 * already collected cannot be given back through the shop yet: `409 COD_REFUND_UNAVAILABLE`.
 */
import { allocateRefund, linePaidOf, toPaise } from '@mp/shared';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import { paymentLedger } from '../../../db/schema';
import { AppError } from '../../../lib/errors';
import { recordMoneyEvent, type Actor } from '../money/ledger';
import type { OrderLineRow, OrderRow } from '../orders/order.mapper';
import { addLineRefund, linesOf } from '../orders/order.repository';
import { shippingOfOrder } from '../../delivery/delivery.repository';
import { parcelsOf, setParcelAmountIn, type CodParcel } from './cod-parcels';

const lineLeft = (l: OrderLineRow) => linePaidOf(l) - l.refundedPaise;
const sumBySeller = (parts: { sellerId: string | null; paise: number }[]) => {
  const out = new Map<string, number>();
  for (const p of parts) if (p.sellerId) out.set(p.sellerId, (out.get(p.sellerId) ?? 0) + p.paise);
  return out;
};

/**
 * Inside the order's lock, as `target` lines are rejected (refund-lines.ts): their parcels collect what is left of
 * them less; a parcel left with no line gives its delivery charge to the first parcel still awaiting with lines,
 * and when no line of the order is left, nothing is collected at all.
 */
export async function lowerCodParcelsForLinesIn(
  tx: Tx,
  orderId: string,
  target: OrderLineRow[],
  lastLines: boolean,
): Promise<void> {
  const parcels = await parcelsOf(tx, orderId);
  if (lastLines) {
    for (const p of parcels) await setParcelAmountIn(tx, p.id, 0);
    return;
  }
  const off = sumBySeller(target.map((l) => ({ sellerId: l.sellerId, paise: lineLeft(l) })));
  const targetIds = new Set(target.map((l) => l.id));
  const going = new Set(
    (await linesOf(tx, orderId))
      .filter((l) => !targetIds.has(l.id) && l.status !== 'rejected')
      .map((l) => l.sellerId),
  );
  const heir = parcels.find((p) => p.state === 'awaiting' && going.has(p.sellerId));
  // an emptied parcel's own shipping is owed no more (docs/delivery.md, "Shipping charges")
  const ownShipping = new Map((await shippingOfOrder(tx, orderId)).map((s) => [s.key, s.shippingPaise]));
  let moved = 0;
  for (const p of parcels.filter((p) => off.has(p.sellerId))) {
    const emptied = !going.has(p.sellerId);
    const rest = p.amountPaise - off.get(p.sellerId)! - (emptied ? (ownShipping.get(p.sellerId) ?? 0) : 0);
    if (emptied && heir) moved += Math.max(0, rest);
    await setParcelAmountIn(tx, p.id, emptied && heir ? 0 : rest);
  }
  if (heir && moved > 0) await setParcelAmountIn(tx, heir.id, heir.amountPaise + moved);
}

/** The admin's partial refund of a COD order (admin-refund.ts), under the order's lock: the parcels ask for less. */
export async function lowerCodOrderIn(
  tx: Tx,
  order: OrderRow,
  actor: Actor,
  input: { amount?: number; reason: string },
  dedupeKey: string,
): Promise<{ created: boolean }> {
  const [same] = await tx
    .select({ id: paymentLedger.id })
    .from(paymentLedger)
    .where(
      and(
        eq(paymentLedger.orderId, order.id),
        eq(paymentLedger.type, 'cod_lowered'),
        eq(paymentLedger.providerId, dedupeKey),
      ),
    );
  if (same) return { created: false };
  const parcels = await parcelsOf(tx, order.id);
  const all = await linesOf(tx, order.id);
  const open = all.filter((l) => isStillToCollect(l, parcels));
  const owedPaise = open.reduce((s, l) => s + lineLeft(l), 0);
  const amountPaise = input.amount === undefined ? owedPaise : toPaise(input.amount);
  refuseBeyond(
    all.some((l) => l.status === 'delivered'),
    amountPaise,
    owedPaise,
  );
  const split = allocateRefund(
    open.map((l) => ({ id: l.id, valuePaise: linePaidOf(l), refundedPaise: l.refundedPaise })),
    amountPaise,
  );
  const parts = split.lines.map((p) => ({ ...p, sellerId: open.find((l) => l.id === p.id)!.sellerId }));
  for (const p of parts) await addLineRefund(tx, p.id, p.paise);
  for (const [sellerId, paise] of sumBySeller(parts)) {
    const parcel = parcels.find((p) => p.sellerId === sellerId)!;
    await setParcelAmountIn(tx, parcel.id, parcel.amountPaise - paise);
  }
  await recordMoneyEvent(tx, {
    orderId: order.id,
    type: 'cod_lowered',
    amountPaise,
    currency: 'INR',
    providerId: dedupeKey,
    actor,
    reason: input.reason,
  });
  return { created: true };
}

/** A line the courier has not yet delivered, of a parcel still awaiting its cash. */
const isStillToCollect = (l: OrderLineRow, parcels: CodParcel[]) =>
  l.status !== 'rejected' &&
  l.status !== 'delivered' &&
  lineLeft(l) > 0 &&
  parcels.some((p) => p.sellerId === l.sellerId && p.state === 'awaiting');

function refuseBeyond(collected: boolean, amountPaise: number, owedPaise: number): void {
  if (owedPaise <= 0 && collected) {
    throw new AppError(
      409,
      'COD_REFUND_UNAVAILABLE',
      'This cash was collected on delivery: the shop cannot send it back yet. Refund the shopper by UPI or bank transfer and keep the record.',
    );
  }
  if (owedPaise <= 0)
    throw new AppError(409, 'NOT_REFUNDABLE', 'Nothing of this order is left to collect or refund');
  if (amountPaise <= 0) throw new AppError(400, 'VALIDATION_FAILED', 'Refund amount must be more than 0');
  if (amountPaise > owedPaise) {
    throw new AppError(
      409,
      'REFUND_EXCEEDS_CAPTURED',
      `At most ₹${(owedPaise / 100).toFixed(2)} of this order is still to be collected on delivery`,
      undefined,
      { refundable: owedPaise / 100 },
    );
  }
}
