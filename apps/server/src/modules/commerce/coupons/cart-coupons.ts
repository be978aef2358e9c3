/**
 * The codes of a shopper's cart (docs/money.md, "Coupons"): applying one (refused with the reason the cart shows),
 * removing one, and each applied code's verdict and discount on the cart's lines as they are now. A cart change
 * may make a code stop applying: it stays listed with its reason and a discount of 0.
 */
import { inArray } from 'drizzle-orm';
import {
  BRANDS,
  CATEGORIES,
  COUPON_REASON_ERROR,
  couponVerdict,
  priceCoupons,
  toRupees,
  type AppliedCouponDto,
  type CouponLine,
  type CouponPricing,
  type CouponRule,
  type CouponVerdict,
} from '@mp/shared';
import type { DbOrTx } from '../../../db/client';
import { products } from '../../../db/schema';
import { AppError } from '../../../lib/errors';
import {
  addCartCoupon,
  cartCouponIds,
  couponByCode,
  listCoupons,
  removeCartCoupon,
  shopperHistory,
  type CouponWithScope,
} from './coupon.repository';
import { couponFaceOf } from './coupon.service';

/** A line as the codes see it, before its category and brand are read. */
export interface LineForCoupons {
  key: string;
  productId: string | null;
  sellerId: string | null;
  grossPaise: number;
}

/** The lines with their products' categories and brands: one statement for the whole cart. */
export async function couponLinesOf(db: DbOrTx, lines: readonly LineForCoupons[]): Promise<CouponLine[]> {
  const ids = [...new Set(lines.map((l) => l.productId).filter((x): x is string => !!x))];
  const rows = ids.length
    ? await db
        .select({ id: products.id, category: products.category, brand: products.brand })
        .from(products)
        .where(inArray(products.id, ids))
    : [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  return lines.map((l) => ({
    key: l.key,
    productId: l.productId ?? '',
    sellerId: l.sellerId,
    category: (l.productId && byId.get(l.productId)?.category) || '',
    brand: (l.productId && byId.get(l.productId)?.brand) || '',
    grossPaise: l.grossPaise,
  }));
}

export const ruleOf = (c: CouponWithScope): CouponRule => ({
  id: c.id,
  code: c.code,
  funder: c.funder,
  sellerId: c.sellerId,
  kind: c.kind,
  percent: c.percent,
  maxDiscountPaise: c.maxDiscountPaise,
  amountPaise: c.amountPaise,
  minOrderPaise: c.minOrderPaise,
  scope: c.scope,
  scopeIds: c.scopeIds,
});

const labelOf = (list: readonly { id: string; label: string }[], id: string) =>
  list.find((x) => x.id === id)?.label ?? id;

/** Who a code is for, for "Only for …". */
export function scopeLabel(c: CouponWithScope): string {
  const own = c.storeName ? `${c.storeName} products` : 'some products';
  switch (c.scope) {
    case 'all':
      return c.funder === 'seller' ? own : 'some products';
    case 'categories':
      return c.scopeIds.map((id) => labelOf(CATEGORIES, id)).join(', ');
    case 'brands':
      return `${c.scopeIds.map((id) => labelOf(BRANDS, id)).join(', ')} products`;
    case 'sellers':
      return "some sellers' products";
    case 'products':
      return c.funder === 'seller' ? `some ${own}` : 'some products';
  }
}

export interface CartCoupons {
  coupons: CouponWithScope[];
  verdicts: Map<string, CouponVerdict>;
  /** the codes that apply, priced on the lines */
  pricing: CouponPricing;
}

/**
 * The verdict of each code on the lines and the shares of those that apply. At checkout (`atCheckout`) the uses
 * left are not judged here: the use is taken by the database guard (coupon.repository.ts, reserveUse).
 */
export async function evaluateCoupons(
  db: DbOrTx,
  userId: string,
  lines: readonly CouponLine[],
  opts: { couponIds?: string[]; atCheckout?: boolean; now?: Date } = {},
): Promise<CartCoupons> {
  const ids = opts.couponIds ?? (await cartCouponIds(db, userId));
  const list = ids.length ? await listCoupons(db, { ids }) : [];
  const coupons = ids.map((id) => list.find((c) => c.id === id)).filter((c): c is CouponWithScope => !!c);
  const history = await shopperHistory(db, userId, ids);
  const now = opts.now ?? new Date();
  const verdicts = new Map<string, CouponVerdict>();
  for (const c of coupons) {
    const usesLeft = opts.atCheckout || c.totalUses === null ? null : c.totalUses - c.used - c.reserved;
    verdicts.set(
      c.id,
      couponVerdict(ruleOf(c), lines, {
        now,
        active: c.active,
        startsAt: c.startsAt,
        endsAt: c.endsAt,
        usesLeft,
        shopperUses: history.uses.get(c.id) ?? 0,
        usesPerShopper: c.usesPerShopper,
        firstOrderOnly: c.firstOrderOnly,
        hasOrdered: history.hasOrdered,
        scopeLabel: scopeLabel(c),
      }),
    );
  }
  const applying = coupons.filter((c) => verdicts.get(c.id)!.applies).map(ruleOf);
  return { coupons, verdicts, pricing: priceCoupons(lines, applying) };
}

/** Each applied code as the cart shows it; `waived` is what free-delivery codes took off shipping (paise). */
export function appliedCouponViews(
  evaluated: CartCoupons,
  waived: ReadonlyMap<string, number> = new Map(),
): AppliedCouponDto[] {
  return evaluated.coupons.map((c) => {
    const v = evaluated.verdicts.get(c.id)!;
    const paise = v.applies ? (evaluated.pricing.discounts.get(c.id) ?? 0) + (waived.get(c.id) ?? 0) : 0;
    return {
      ...couponFaceOf(c),
      applies: v.applies,
      discount: toRupees(paise),
      reason: v.reason,
      message: v.message,
      missing: v.missingPaise === null ? null : toRupees(v.missingPaise),
    };
  });
}

/** 422 (the limit: 409) with the reason the cart shows. */
export function couponRefusal(code: string, v: CouponVerdict): AppError {
  const reason = v.reason ?? 'not_applicable';
  return new AppError(
    reason === 'limit_reached' ? 409 : 422,
    COUPON_REASON_ERROR[reason],
    `${code}: ${v.message ?? 'This code does not apply to your cart'}`,
    undefined,
    { code, reason, message: v.message, missing: v.missingPaise === null ? null : toRupees(v.missingPaise) },
  );
}

/**
 * Applies a code to the shopper's cart: unknown, not started, ended, paused, used up, already used, first order
 * only, covering nothing in the cart or below its minimum → 422 with the reason; a second platform code or a
 * second code of one seller → 409 COUPON_LIMIT_REACHED.
 */
export async function applyCartCoupon(
  db: DbOrTx,
  userId: string,
  code: string,
  lines: readonly CouponLine[],
): Promise<void> {
  const coupon = await couponByCode(db, code);
  if (!coupon)
    throw couponRefusal(code, {
      applies: false,
      reason: 'unknown',
      message: 'Unknown code',
      missingPaise: null,
    });
  const applied = await cartCouponIds(db, userId);
  if (applied.includes(coupon.id)) return;
  const others = await listCoupons(db, { ids: applied });
  const clash = others.find((o) => o.funder === coupon.funder && o.sellerId === coupon.sellerId);
  if (clash) {
    const message =
      coupon.funder === 'platform'
        ? `One platform code per order: remove ${clash.code} first`
        : `One code per seller: remove ${clash.code} first`;
    throw couponRefusal(coupon.code, {
      applies: false,
      reason: 'limit_reached',
      message,
      missingPaise: null,
    });
  }
  if (lines.length === 0) {
    throw couponRefusal(coupon.code, {
      applies: false,
      reason: 'not_applicable',
      message: 'Add items to your cart first',
      missingPaise: null,
    });
  }
  const { verdicts } = await evaluateCoupons(db, userId, lines, { couponIds: [coupon.id] });
  const v = verdicts.get(coupon.id)!;
  if (!v.applies) throw couponRefusal(coupon.code, v);
  await addCartCoupon(db, userId, coupon.id);
}

/** Removes a code from the cart (404 when it is not applied). */
export async function removeCartCouponByCode(db: DbOrTx, userId: string, code: string): Promise<void> {
  const coupon = await couponByCode(db, code);
  if (!coupon || !(await removeCartCoupon(db, userId, coupon.id)))
    throw new AppError(404, 'NOT_FOUND', `${code} is not applied to your cart`);
}
