/**
 * The ledger entries of one order line (docs/money.md, "Seller earnings"): at delivery the seller earns
 * `gross − sellerDiscount` (less earlier refunds) and the platform deducts commission, GST on it, TCS and TDS, each
 * its own entry; a refund after delivery reverses each part in proportion. Every entry of a line counts in the
 * payable balance from the end of the line's return window.
 */
import {
  bpsToPercent,
  DEDUCTION_TYPES,
  deliveredRefundSplit,
  deliveryEarning,
  linePaidOf,
  lineSellerValueOf,
  returnWindowEndsAt,
  sellerPartOfRefund,
  type DeductionType,
  type Deductions,
  type SellerEntryType,
} from '@mp/shared';
import type { OrderLineRow } from '../orders/order.mapper';
import type { NewSellerEntry } from './seller-ledger.repository';

/** How entries name their order when written; the statement answers it as the order's number (docs/money.md). */
export const orderRef = (orderId: string) => `#${orderId.slice(0, 8).toUpperCase()}`;
export const lineRef = (l: OrderLineRow) => `${orderRef(l.orderId)} ${l.title} × ${l.quantity}`;

const DEDUCTION_NAMES: Record<DeductionType, string> = {
  commission: 'Commission',
  commissionTax: 'GST on commission',
  tcs: 'TCS',
  tds: 'TDS',
};

/** The line's value to its seller: gross − the seller-funded discount (the frame's seller price). */
export const sellerValueOf = (l: OrderLineRow) => lineSellerValueOf(l);

/**
 * The part of the seller's price that `paise` refunded to the shopper stands for, after `beforePaise` refunded:
 * the same fraction of the seller value as of the paid share (docs/money.md, "Coupons": a platform-funded share was
 * paid to the seller by the platform, and comes back to the platform with the refund).
 */
const sellerPart = (l: OrderLineRow, beforePaise: number, paise: number) =>
  sellerPartOfRefund({
    sellerValuePaise: sellerValueOf(l),
    paidPaise: linePaidOf(l),
    refundedBeforePaise: beforePaise,
    refundPaise: paise,
  });

/** The entries of a line delivered at `deliveredAt` (its net becomes payable when its window closes). */
export function deliveryEntries(line: OrderLineRow, bps: number, deliveredAt: Date): NewSellerEntry[] {
  const e = deliveryEarning(
    {
      valuePaise: sellerValueOf(line),
      refundedPaise: sellerPart(line, 0, line.refundedPaise),
      tcsPaise: line.tcsPaise,
      tdsPaise: line.tdsPaise,
    },
    bps,
  );
  const at = {
    sellerId: line.sellerId!,
    orderId: line.orderId,
    orderLineId: line.id,
    payableAt: returnWindowEndsAt(deliveredAt, line.returnWindowDays),
  };
  return [
    { ...at, type: 'earned', deltaPaise: e.earnedPaise, description: `Delivered ${lineRef(line)}` },
    ...DEDUCTION_TYPES.map((k) => ({
      ...at,
      type: k,
      deltaPaise: -e.deductions[k],
      description:
        k === 'commission'
          ? `Commission ${bpsToPercent(bps)}% on ${orderRef(line.orderId)}`
          : `${DEDUCTION_NAMES[k]} on ${orderRef(line.orderId)}`,
    })),
  ];
}

interface LineEntry {
  type: SellerEntryType;
  deltaPaise: number;
  payableAt: Date;
}

/**
 * The entries of a refund of `paise` on a delivered line, from the line's entries so far: the refund, and each
 * deduction given back in proportion; with the line's payable date. Answers the seller net taken back too.
 */
export function refundEntries(
  line: OrderLineRow,
  mine: readonly LineEntry[],
  paise: number,
  refundId: string,
): { entries: NewSellerEntry[]; sellerNetPaise: number } {
  const sum = (t: SellerEntryType) => mine.filter((e) => e.type === t).reduce((s, e) => s + e.deltaPaise, 0);
  const earned = mine.find((e) => e.type === 'earned');
  const deductions = {} as Deductions;
  // each deduction as taken at delivery: the line's first (negative) entry of its type
  for (const k of DEDUCTION_TYPES)
    deductions[k] = -(mine.find((e) => e.type === k && e.deltaPaise < 0)?.deltaPaise ?? 0);
  const split = deliveredRefundSplit({
    earnedPaise: sum('earned'),
    deductions,
    refundedBeforePaise: -sum('refund'),
    // the line's refunded total is the one before this refund (the caller read the line before adding it)
    refundPaise: sellerPart(line, line.refundedPaise, paise),
  });
  const at = {
    sellerId: line.sellerId!,
    orderId: line.orderId,
    orderLineId: line.id,
    refundId,
    ...(earned ? { payableAt: earned.payableAt } : {}),
  };
  return {
    sellerNetPaise: split.sellerNetPaise,
    entries: [
      { ...at, type: 'refund', deltaPaise: -split.refundPaise, description: `Refund on ${lineRef(line)}` },
      ...DEDUCTION_TYPES.map((k) => ({
        ...at,
        type: k,
        deltaPaise: split.back[k],
        description: `${DEDUCTION_NAMES[k]} given back on ${orderRef(line.orderId)}`,
      })),
    ],
  };
}

/**
 * The charge of a seller's own free-delivery code (docs/money.md, "Coupons"): the shipping it waived on the
 * seller's parcel, as frozen on the order's use of the code, charged when the parcel's lines are credited, unless
 * nothing of them is left to earn (the sub-order was refunded whole before delivery). It counts in the payable
 * balance with the parcel's first line, so no payout pays out what the seller owes for the parcel.
 */
export function deliveryWaivedEntry(
  parcel: { orderId: string; sellerId: string; waivedPaise: number },
  credited: readonly NewSellerEntry[],
): NewSellerEntry[] {
  const earned = credited.filter((e) => e.type === 'earned' && e.deltaPaise > 0);
  if (parcel.waivedPaise <= 0 || earned.length === 0) return [];
  const payableAt = new Date(Math.min(...earned.map((e) => (e.payableAt ?? new Date()).getTime())));
  return [
    {
      sellerId: parcel.sellerId,
      orderId: parcel.orderId,
      type: 'delivery_waived',
      deltaPaise: -parcel.waivedPaise,
      payableAt,
      description: `Free delivery you gave on ${orderRef(parcel.orderId)}`,
    },
  ];
}
