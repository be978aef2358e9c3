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

/** GST on the platform's commission, charged to the seller (docs/tax.md): 18 %, in basis points. */
export const COMMISSION_TAX_BPS = 1_800;

/** What the platform deducts from a line's earning, each its own ledger entry type (docs/money.md). */
export const DEDUCTION_TYPES = ['commission', 'commissionTax', 'tcs', 'tds'] as const;
export type DeductionType = (typeof DEDUCTION_TYPES)[number];
export type Deductions = Record<DeductionType, number>;

const sumDeductions = (d: Deductions): number => d.commission + d.commissionTax + d.tcs + d.tds;
/** `part / whole` of `x`, rounded half up (whole > 0). */
const shareOf = (x: number, part: number, whole: number): number =>
  whole === 0 ? 0 : Math.floor((2 * x * part + whole) / (2 * whole));

/**
 * A line is delivered: the seller earns `gross − sellerDiscount` less what was already refunded of it, and the
 * platform deducts its commission on that, 18 % GST on the commission, and the part of the line's frozen TCS and
 * TDS that is left. sellerNet = earned − the deductions (the frame's `sellerNet`).
 */
export function deliveryEarning(
  line: { valuePaise: number; refundedPaise: number; tcsPaise?: number; tdsPaise?: number },
  bps: number,
): { earnedPaise: number; deductions: Deductions; sellerNetPaise: number } {
  const earnedPaise = Math.max(0, line.valuePaise - line.refundedPaise);
  const commission = commissionOf(earnedPaise, bps);
  const deductions: Deductions = {
    commission,
    commissionTax: commissionOf(commission, COMMISSION_TAX_BPS),
    tcs: shareOf(line.tcsPaise ?? 0, earnedPaise, line.valuePaise),
    tds: shareOf(line.tdsPaise ?? 0, earnedPaise, line.valuePaise),
  };
  return { earnedPaise, deductions, sellerNetPaise: earnedPaise - sumDeductions(deductions) };
}

/**
 * Part of a delivered line is refunded: the seller gives back that part of what it earned and the platform gives
 * back each deduction in proportion (cumulatively, so a line refunded in full returns every deduction whole).
 * Nothing caps it at the seller's balance: a refund after a payout leaves a debt (docs/money.md, "Debts").
 */
export function deliveredRefundSplit(a: {
  /** the line's `earned` entry */
  earnedPaise: number;
  /** the deductions taken on the line at delivery */
  deductions: Deductions;
  /** refunded of this line since its delivery, before this refund */
  refundedBeforePaise: number;
  refundPaise: number;
}): { refundPaise: number; back: Deductions; sellerNetPaise: number } {
  const back = {} as Deductions;
  for (const k of DEDUCTION_TYPES) {
    const d = a.deductions[k];
    back[k] =
      shareOf(d, a.refundedBeforePaise + a.refundPaise, a.earnedPaise) -
      shareOf(d, a.refundedBeforePaise, a.earnedPaise);
  }
  return { refundPaise: a.refundPaise, back, sellerNetPaise: a.refundPaise - sumDeductions(back) };
}

/**
 * `return_shipping`: the reverse shipping of a return for a seller-fault reason, charged to the seller
 * (docs/returns.md). `delivery_waived`: the shipping the seller's own free-delivery code waived on its parcel,
 * charged to the seller when the parcel's lines are credited at delivery (docs/money.md, "Coupons").
 */
export const SELLER_ENTRY_TYPES = [
  'earned',
  ...DEDUCTION_TYPES,
  'refund',
  'payout',
  'return_shipping',
  'delivery_waived',
] as const;
export type SellerEntryType = (typeof SELLER_ENTRY_TYPES)[number];

/**
 * The totals of a seller's statement from its entries (each `deltaPaise` is the entry's effect on the balance):
 * balance = earned − deductions − refunded − paid out; negative when the seller owes the platform.
 */
export function sellerTotals(entries: readonly { type: SellerEntryType; deltaPaise: number }[]) {
  const t = {
    earned: 0,
    commission: 0,
    commissionTax: 0,
    tcs: 0,
    tds: 0,
    refunded: 0,
    paidOut: 0,
    returnShipping: 0,
    deliveryWaived: 0,
    balance: 0,
  };
  for (const e of entries) {
    t.balance += e.deltaPaise;
    if (e.type === 'earned') t.earned += e.deltaPaise;
    else if (e.type === 'refund') t.refunded -= e.deltaPaise;
    else if (e.type === 'payout') t.paidOut -= e.deltaPaise;
    else if (e.type === 'return_shipping') t.returnShipping -= e.deltaPaise;
    else if (e.type === 'delivery_waived') t.deliveryWaived -= e.deltaPaise;
    else t[e.type] -= e.deltaPaise;
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
    payableAt: z.string().meta({
      description: "when it counts in the payable balance: its line's return window end (a payout: at once)",
    }),
  })
  .meta({ id: 'SellerEntry' });
export type SellerEntryDto = z.infer<typeof sellerEntryDtoSchema>;

export const sellerEarningsDtoSchema = z
  .object({
    balance: z.number().meta({
      description: 'rupees owed to the seller (negative: owed to the platform), payable + inReturnWindow',
    }),
    payable: z.number().meta({
      description:
        'rupees of lines whose return window has closed, less refunds and payouts: what a payout may take',
    }),
    inReturnWindow: z.number().meta({
      description: 'rupees earned on delivered lines whose return window is open (not payable yet)',
    }),
    earned: z.number(),
    commission: z.number(),
    commissionTax: z.number().meta({ description: 'GST (18 %) on the commission' }),
    tcs: z.number().meta({ description: 'TCS withheld (0.5 % of the taxable value)' }),
    tds: z.number().meta({ description: 'TDS withheld (0.1 % of gross − seller discount)' }),
    refunded: z.number(),
    paidOut: z.number(),
    returnShipping: z.number().optional().meta({
      description: 'reverse shipping of returns for seller-fault reasons, charged to the seller (rupees)',
    }),
    deliveryWaived: z.number().optional().meta({
      description: "shipping the seller's own free-delivery codes waived on its delivered parcels (rupees)",
    }),
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
    balance: z.number().meta({ description: 'negative: the seller owes the platform' }),
    payable: z.number().meta({ description: 'what a payout may take now' }),
    inReturnWindow: z.number().meta({ description: 'earned, return window still open' }),
    earned: z.number(),
    paidOut: z.number(),
    returnShipping: z.number().optional().meta({
      description: 'reverse shipping of returns for seller-fault reasons, charged to the seller (rupees)',
    }),
    deliveryWaived: z.number().optional().meta({
      description: "shipping the seller's own free-delivery codes waived, charged to the seller (rupees)",
    }),
    commissionPercent: z.number().meta({ description: 'the rate applied now' }),
    customCommissionPercent: z
      .number()
      .nullable()
      .meta({ description: "the seller's own rate, or null for the platform rate" }),
  })
  .meta({ id: 'SellerAccount' });
export type SellerAccountDto = z.infer<typeof sellerAccountDtoSchema>;
