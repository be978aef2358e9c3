/**
 * Seller earnings, platform commission and payouts (docs/money.md, "Seller earnings"): the money maths the server's
 * use cases rely on, as pure functions over paise (so the conservation property test runs over them quickly), and
 * the contract of the earnings and payout calls.
 */
import { z } from 'zod';
import { emptyToUndefined, uuidOf } from './api';
import { pageQuerySchema } from './product';

// ---- money maths (integer paise; rates in basis points: 10% = 1000) -------------------------------------------

export const percentToBps = (percent: number): number => Math.round(percent * 100);
export const bpsToPercent = (bps: number): number => bps / 100;

/** The platform's commission on `valuePaise` at `bps`, rounded half up to the paisa. */
export const commissionOf = (valuePaise: number, bps: number): number =>
  Math.floor((valuePaise * bps + 5_000) / 10_000);

/** What a line is worth: its unit price after the discount times its quantity. */
export const lineValueOf = (l: { linePricePaise: number; quantity: number }): number =>
  l.linePricePaise * l.quantity;

export interface RefundableLine {
  id: string;
  valuePaise: number;
  /** already given back of this line */
  refundedPaise: number;
}

/**
 * Splits a refund of `amountPaise` over an order: each line in turn up to what is left of it, then the delivery.
 * The caller has checked the amount against the refundable amount, so `deliveryPaise` never exceeds what is left
 * of the delivery charge.
 */
export function allocateRefund(
  lines: readonly RefundableLine[],
  amountPaise: number,
): { lines: { id: string; paise: number }[]; deliveryPaise: number } {
  let left = amountPaise;
  const out: { id: string; paise: number }[] = [];
  for (const l of lines) {
    const take = Math.min(left, Math.max(0, l.valuePaise - l.refundedPaise));
    if (take > 0) out.push({ id: l.id, paise: take });
    left -= take;
  }
  return { lines: out, deliveryPaise: left };
}

/**
 * Lines are refunded whole (the shopper cancels, a seller rejects): what is left of them plus the shipping of each
 * seller sub-order whose last lines they are (not given back before), or — when no other line of the order is left
 * unrefunded — everything still refundable, delivery included, so the order adds up exactly.
 */
export const linesRefundPaise = (a: {
  /** Σ (value − refunded) of the lines refunded now */
  targetLeftPaise: number;
  /** captured − every refund of the order */
  refundablePaise: number;
  /** no other line of the order is left to refund */
  lastLines: boolean;
  /** the shipping of the sub-orders these lines end (docs/money.md, "Delivery"); 0 when none */
  shippingPaise?: number;
}): number =>
  a.lastLines ? a.refundablePaise : Math.min(a.refundablePaise, a.targetLeftPaise + (a.shippingPaise ?? 0));

/**
 * A line is delivered: the seller earns what is left of it after earlier refunds, and the platform takes its
 * commission on that.
 */
export function deliveryEarning(
  line: { valuePaise: number; refundedPaise: number },
  bps: number,
): { earnedPaise: number; commissionPaise: number } {
  const earnedPaise = Math.max(0, line.valuePaise - line.refundedPaise);
  return { earnedPaise, commissionPaise: commissionOf(earnedPaise, bps) };
}

/**
 * Part of a delivered line is refunded: the seller gives back the refund and the platform gives back its
 * commission on it in proportion (cumulatively, so a line refunded in full returns all of its commission). The
 * seller's balance never goes below zero: what it cannot cover (it was already paid out) the platform bears, as
 * commission returned.
 */
export function deliveredRefundSplit(a: {
  /** the line's `earned` entry */
  earnedPaise: number;
  /** the commission taken on the line at delivery */
  commissionPaise: number;
  /** refunded of this line since its delivery, before this refund */
  refundedBeforePaise: number;
  refundPaise: number;
  /** the seller's balance before this refund */
  balancePaise: number;
}): { refundPaise: number; commissionBackPaise: number } {
  const share = (refunded: number) =>
    a.earnedPaise === 0 ? 0 : Math.round((a.commissionPaise * refunded) / a.earnedPaise);
  const proportional = share(a.refundedBeforePaise + a.refundPaise) - share(a.refundedBeforePaise);
  const commissionBackPaise = Math.max(proportional, a.refundPaise - Math.max(0, a.balancePaise));
  return { refundPaise: a.refundPaise, commissionBackPaise };
}

export type SellerEntryType = 'earned' | 'commission' | 'refund' | 'payout';

/**
 * The totals of a seller's statement from its entries (each `deltaPaise` is the entry's effect on the balance):
 * balance = earned − commission − refunded − paid out.
 */
export function sellerTotals(entries: readonly { type: SellerEntryType; deltaPaise: number }[]) {
  const t = { earned: 0, commission: 0, refunded: 0, paidOut: 0, balance: 0 };
  for (const e of entries) {
    t.balance += e.deltaPaise;
    if (e.type === 'earned') t.earned += e.deltaPaise;
    else if (e.type === 'commission') t.commission -= e.deltaPaise;
    else if (e.type === 'refund') t.refunded -= e.deltaPaise;
    else t.paidOut -= e.deltaPaise;
  }
  return t;
}

// ---- contract ----------------------------------------------------------------------------------------------------

/** Rupees as a JSON number: `true`, `[5]` or `"0x10"` are refused, not read as ₹1, ₹5, ₹16 (docs/money.md). */
const rupees = (label: string) =>
  z
    .number({ message: `${label} must be a number` })
    .positive(`${label} must be more than 0`)
    .multipleOf(0.01, 'At most two decimals')
    .max(21_474_836.47, `${label} is too large`);

export const SELLER_ENTRY_TYPES = ['earned', 'commission', 'refund', 'payout'] as const;

export const sellerEntryDtoSchema = z
  .object({
    id: z.string(),
    type: z.enum(SELLER_ENTRY_TYPES),
    amount: z.number().meta({ description: 'rupees; its effect on the balance (earnings +, the rest −)' }),
    orderId: z.string().nullable(),
    orderNumber: z
      .string()
      .nullable()
      .meta({ description: 'the order\'s short number, e.g. "HM-100234" (null: a payout)' }),
    description: z.string(),
    createdAt: z.string(),
  })
  .meta({ id: 'SellerEntry' });
export type SellerEntryDto = z.infer<typeof sellerEntryDtoSchema>;

export const sellerEarningsDtoSchema = z
  .object({
    balance: z.number().meta({ description: 'rupees owed to the seller now' }),
    earned: z.number(),
    commission: z.number(),
    refunded: z.number(),
    paidOut: z.number(),
    commissionPercent: z.number().meta({ description: "the seller's commission rate now" }),
    codPending: z.number().optional().meta({
      description: 'cash on delivery the courier has not remitted yet, rupees (not in the balance)',
    }),
    entries: z.array(sellerEntryDtoSchema).meta({ description: 'newest first, one page' }),
  })
  .meta({ id: 'SellerEarnings' });
export type SellerEarningsDto = z.infer<typeof sellerEarningsDtoSchema>;

/** GET /api/seller/earnings: a page of the statement (the totals cover every entry). */
export const earningsQuerySchema = pageQuerySchema;

export const payoutInputSchema = z.object({
  sellerId: uuidOf('Must be a valid seller id'),
  amount: rupees('Amount'),
  reference: z
    .string({ message: 'Reference is required' })
    .trim()
    .min(3, 'Give the transfer reference (at least 3 characters)')
    .max(100, 'Reference must be at most 100 characters'),
});
export type PayoutInput = z.infer<typeof payoutInputSchema>;

export const payoutDtoSchema = z
  .object({
    id: z.string(),
    sellerId: z.string(),
    storename: z.string(),
    amount: z.number(),
    reference: z.string(),
    createdAt: z.string(),
  })
  .meta({ id: 'Payout' });
export type PayoutDto = z.infer<typeof payoutDtoSchema>;

export const payoutListQuerySchema = z.object({
  sellerId: z.preprocess(emptyToUndefined, uuidOf('Must be a valid seller id').optional()),
  ...pageQuerySchema.shape,
});
export type PayoutListQuery = z.infer<typeof payoutListQuerySchema>;

export const commissionInputSchema = z.object({
  percent: z
    .number({ message: 'percent must be a number from 0 to 100, or null for the platform rate' })
    .min(0, 'percent must be 0 or more')
    .max(100, 'percent must be at most 100')
    .multipleOf(0.01, 'At most two decimals')
    .nullable(),
});
export type CommissionInput = z.infer<typeof commissionInputSchema>;

/** A seller as the admin's Payouts page lists it: its balance and commission rate. */
export const sellerAccountDtoSchema = z
  .object({
    sellerId: z.string(),
    storename: z.string(),
    email: z.string(),
    balance: z.number(),
    earned: z.number(),
    paidOut: z.number(),
    commissionPercent: z.number().meta({ description: 'the rate applied now' }),
    customCommissionPercent: z
      .number()
      .nullable()
      .meta({ description: "the seller's own rate, or null for the platform rate" }),
  })
  .meta({ id: 'SellerAccount' });
export type SellerAccountDto = z.infer<typeof sellerAccountDtoSchema>;
