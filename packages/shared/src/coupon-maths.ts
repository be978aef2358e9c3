/**
 * Coupon maths (docs/money.md, "Coupons"): which cart lines a code covers, what it takes off, how that falls on the
 * lines to the exact paisa, and why a code does not apply. Pure functions over integer paise, shared by the cart,
 * the delivery quote, checkout and the property tests, so they all agree.
 *
 * Order of application: the sellers' codes first (each lowers its own seller's price), then the platform's code on
 * what is left of the lines it covers. A share never exceeds what is left of its line.
 */
import type { CouponFunder, CouponKind, CouponReason, CouponScope } from './coupons';
import { formatINR } from './money';
import { lineValueOf } from './earnings';

/** A coupon as the maths needs it (amounts in paise). */
export interface CouponRule {
  id: string;
  code: string;
  funder: CouponFunder;
  /** the seller whose code it is (null: the platform's) */
  sellerId: string | null;
  kind: CouponKind;
  percent: number | null;
  maxDiscountPaise: number | null;
  amountPaise: number | null;
  minOrderPaise: number;
  scope: CouponScope;
  scopeIds: readonly string[];
}

/** A cart line as the maths needs it. */
export interface CouponLine {
  key: string;
  productId: string;
  sellerId: string | null;
  category: string;
  brand: string;
  grossPaise: number;
}

/** Does the code cover this line? A seller's code covers only that seller's lines. */
export function isEligible(rule: CouponRule, line: CouponLine): boolean {
  if (rule.funder === 'seller' && line.sellerId !== rule.sellerId) return false;
  switch (rule.scope) {
    case 'all':
      return true;
    case 'categories':
      return rule.scopeIds.includes(line.category);
    case 'sellers':
      return line.sellerId !== null && rule.scopeIds.includes(line.sellerId);
    case 'brands':
      return rule.scopeIds.includes(line.brand);
    case 'products':
      return rule.scopeIds.includes(line.productId);
  }
}

/** `value × percent / 100`, rounded half up to the paisa. */
const percentOf = (valuePaise: number, percent: number): number =>
  Math.floor((valuePaise * percent + 50) / 100);

/**
 * What a code takes off eligible items worth `basePaise` (percent with its cap, fixed up to the items' value);
 * free delivery takes nothing off the items (it waives shipping instead).
 */
export function couponDiscountPaise(rule: CouponRule, basePaise: number): number {
  if (basePaise <= 0) return 0;
  if (rule.kind === 'percent') {
    const off = percentOf(basePaise, rule.percent ?? 0);
    return Math.min(basePaise, rule.maxDiscountPaise === null ? off : Math.min(off, rule.maxDiscountPaise));
  }
  if (rule.kind === 'fixed') return Math.min(basePaise, rule.amountPaise ?? 0);
  return 0;
}

/**
 * Splits `totalPaise` over `weights` in proportion, largest remainder to the exact paisa: the shares add up to the
 * total, and each share is at most its weight when the total is at most the weights' sum. Ties go to the earlier
 * weight.
 */
export function allocateLargestRemainder(totalPaise: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((s, w) => s + w, 0);
  if (sum <= 0 || totalPaise <= 0) return weights.map(() => 0);
  const T = BigInt(totalPaise);
  const S = BigInt(sum);
  const shares = weights.map((w) => Number((T * BigInt(w)) / S));
  const rest = weights.map((w, i) => ({ i, r: (T * BigInt(w)) % S }));
  let left = totalPaise - shares.reduce((s, x) => s + x, 0);
  rest.sort((a, b) => (a.r === b.r ? a.i - b.i : a.r > b.r ? -1 : 1));
  for (const { i } of rest) {
    if (left <= 0) break;
    shares[i]! += 1;
    left -= 1;
  }
  return shares;
}

/** What the shopper's history says for a code's limits. */
export interface CouponContext {
  now: Date;
  /** the code's own state */
  active: boolean;
  startsAt: Date;
  endsAt: Date;
  /** uses still free (total − used − reserved); null: no limit */
  usesLeft: number | null;
  /** this shopper's uses of the code (reserved or redeemed), and its limit */
  shopperUses: number;
  usesPerShopper: number;
  firstOrderOnly: boolean;
  /** the shopper has a paid order already */
  hasOrdered: boolean;
  /** who the code is for, for "Only for …": e.g. "Nike products", "Men", "Asha Store products" */
  scopeLabel: string;
}

export interface CouponVerdict {
  applies: boolean;
  reason: CouponReason | null;
  message: string | null;
  /** below_minimum: paise still missing */
  missingPaise: number | null;
}

const no = (reason: CouponReason, message: string, missingPaise: number | null = null): CouponVerdict => ({
  applies: false,
  reason,
  message,
  missingPaise,
});

const IST_DAY = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  timeZone: 'Asia/Kolkata',
});

/** The state of the code itself, whatever the cart: started, not ended, active, uses left, the shopper's limits. */
export function codeVerdict(c: CouponContext): CouponVerdict | null {
  if (!c.active) return no('paused', 'Paused');
  if (c.now.getTime() < c.startsAt.getTime())
    return no('not_started', `Starts on ${IST_DAY.format(c.startsAt)}`);
  if (c.now.getTime() >= c.endsAt.getTime()) return no('expired', 'Expired');
  if (c.shopperUses >= c.usesPerShopper) return no('already_used', 'Already used');
  if (c.firstOrderOnly && c.hasOrdered) return no('first_order_only', 'First order only');
  if (c.usesLeft !== null && c.usesLeft <= 0) return no('exhausted', 'Fully used');
  return null;
}

/** The verdict of a code on the cart's lines: the code's own state, then its scope and minimum. */
export function couponVerdict(
  rule: CouponRule,
  lines: readonly CouponLine[],
  c: CouponContext,
): CouponVerdict {
  const own = codeVerdict(c);
  if (own) return own;
  const eligible = lines.filter((l) => isEligible(rule, l));
  if (eligible.length === 0) return no('not_applicable', `Only for ${c.scopeLabel}`);
  const value = eligible.reduce((s, l) => s + l.grossPaise, 0);
  if (value < rule.minOrderPaise) {
    const missing = rule.minOrderPaise - value;
    return no('below_minimum', `Add ${formatINR(missing / 100)} more`, missing);
  }
  return { applies: true, reason: null, message: null, missingPaise: null };
}

/** One line's coupon shares. */
export interface LineDiscounts {
  sellerDiscountPaise: number;
  platformDiscountPaise: number;
}

export interface CouponPricing {
  /** by line key */
  lines: Map<string, LineDiscounts>;
  /** by coupon id: what it took off the lines */
  discounts: Map<string, number>;
  /** the sub-orders (seller id, null: the platform's own products) whose shipping a free-delivery code waives */
  freeDelivery: Map<string | null, string>;
  /**
   * the free-delivery code that waives the order's one charge when shipping is not per sub-order (delivery off, or
   * the cart before the quote): the platform's, else a seller's only when every line is that seller's
   */
  wholeOrder: string | null;
}

/**
 * Applies the codes that apply (their verdicts say so) to the lines: sellers' codes first, each on its own
 * seller's eligible lines in proportion to their gross, then the platform's code on what is left of its eligible
 * lines, in proportion to that. Free-delivery codes mark their eligible lines' sub-orders.
 */
export function priceCoupons(lines: readonly CouponLine[], rules: readonly CouponRule[]): CouponPricing {
  const out: CouponPricing = {
    lines: new Map(),
    discounts: new Map(),
    freeDelivery: new Map(),
    wholeOrder: null,
  };
  for (const l of lines) out.lines.set(l.key, { sellerDiscountPaise: 0, platformDiscountPaise: 0 });
  const ordered = [...rules].sort((a, b) => (a.funder === b.funder ? 0 : a.funder === 'seller' ? -1 : 1));
  for (const rule of ordered) {
    const eligible = lines.filter((l) => isEligible(rule, l));
    if (rule.kind === 'free_delivery') {
      for (const l of eligible)
        if (!out.freeDelivery.has(l.sellerId)) out.freeDelivery.set(l.sellerId, rule.id);
      // a seller's code pays for its own parcel only: the one charge only when the order is all its own
      const whole = rule.funder === 'platform' || lines.every((l) => l.sellerId === rule.sellerId);
      if (eligible.length && whole && (out.wholeOrder === null || rule.funder === 'platform'))
        out.wholeOrder = rule.id;
      out.discounts.set(rule.id, 0);
      continue;
    }
    const left = eligible.map((l) => {
      const d = out.lines.get(l.key)!;
      return l.grossPaise - d.sellerDiscountPaise - d.platformDiscountPaise;
    });
    const total = couponDiscountPaise(
      rule,
      left.reduce((s, x) => s + x, 0),
    );
    const shares = allocateLargestRemainder(total, left);
    eligible.forEach((l, i) => {
      const d = out.lines.get(l.key)!;
      if (rule.funder === 'seller') d.sellerDiscountPaise += shares[i]!;
      else d.platformDiscountPaise += shares[i]!;
    });
    out.discounts.set(rule.id, total);
  }
  return out;
}

// ---- a line's components (docs/money.md: the frame's table) --------------------------------------------------------

/** A line's money as frozen at placement (the frame's table). */
export interface LineMoney {
  linePricePaise: number;
  quantity: number;
  sellerDiscountPaise: number;
  platformDiscountPaise: number;
}

/** What the shopper paid for a line: gross − sellerDiscount − platformDiscount (the frame's `payable`). */
export const linePaidOf = (l: LineMoney): number =>
  lineValueOf(l) - l.sellerDiscountPaise - l.platformDiscountPaise;

/** The seller's price of a line: gross − sellerDiscount (the tax base and the commission base). */
export const lineSellerValueOf = (l: Omit<LineMoney, 'platformDiscountPaise'>): number =>
  lineValueOf(l) - l.sellerDiscountPaise;

/** `part / whole` of `x`, rounded half up (whole > 0). */
const shareOf = (x: number, part: number, whole: number): number =>
  whole <= 0 ? 0 : Number((2n * BigInt(x) * BigInt(part) + BigInt(whole)) / (2n * BigInt(whole)));

/**
 * The part of a line's seller value a refund to the shopper stands for: refunds give back the paid share, and
 * reverse the same fraction of the seller's price (cumulatively, so refunding all that was paid reverses the whole
 * seller value, the platform-funded part included). Without a platform discount it is the refund itself.
 */
export function sellerPartOfRefund(a: {
  sellerValuePaise: number;
  paidPaise: number;
  refundedBeforePaise: number;
  refundPaise: number;
}): number {
  if (a.paidPaise === a.sellerValuePaise) return a.refundPaise;
  return (
    shareOf(a.sellerValuePaise, a.refundedBeforePaise + a.refundPaise, a.paidPaise) -
    shareOf(a.sellerValuePaise, a.refundedBeforePaise, a.paidPaise)
  );
}

// ---- totals with the codes ----------------------------------------------------------------------------------------

/**
 * The cart's or order's totals once the codes are applied: the lines' shares come off the total, and the shipping
 * of the sub-orders a free-delivery code covers is waived (no charges per sub-order: the order's one charge, by
 * `wholeOrder`). Answers what each free-delivery code waived (paise, by coupon id), and the charges after the
 * waiver.
 */
export function totalsWithCoupons<T extends { shippingCharge: number; total: number }>(
  totals: T,
  charges: readonly { sellerId: string | null; subtotalPaise: number; shippingPaise: number }[],
  couponDiscountPaise: number,
  free: Pick<CouponPricing, 'freeDelivery' | 'wholeOrder'>,
): {
  totals: T & { couponDiscount: number };
  charges: { sellerId: string | null; subtotalPaise: number; shippingPaise: number }[];
  waived: Map<string, number>;
} {
  const waived = new Map<string, number>();
  const waive = (ruleId: string, paise: number) => waived.set(ruleId, (waived.get(ruleId) ?? 0) + paise);
  const before = Math.round(totals.shippingCharge * 100);
  let after = before;
  const out = charges.map((c) => {
    const rule = free.freeDelivery.get(c.sellerId);
    if (!rule || c.shippingPaise === 0) return { ...c };
    waive(rule, c.shippingPaise);
    return { ...c, shippingPaise: 0 };
  });
  if (charges.length) after = out.reduce((s, c) => s + c.shippingPaise, 0);
  else if (free.wholeOrder !== null && before > 0) {
    waive(free.wholeOrder, before);
    after = 0;
  }
  const totalPaise = Math.round(totals.total * 100) - before - couponDiscountPaise + after;
  return {
    totals: {
      ...totals,
      shippingCharge: after / 100,
      total: totalPaise / 100,
      couponDiscount: couponDiscountPaise / 100,
    },
    charges: out,
    waived,
  };
}
