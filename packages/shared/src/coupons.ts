/**
 * Coupons (docs/money.md, "Coupons"): codes made by the admin (platform-funded) or by an approved seller
 * (seller-funded, its own products only), applied to the shopper's cart, allocated to the eligible lines and frozen
 * when the order is placed. This file is the contract: the consoles' bodies and answers, the cart's view of its
 * codes, the reasons a code does not apply and the public offers. Amounts are rupees in JSON.
 */
import { z } from 'zod';
import { emptyToUndefined } from './api';

export const COUPON_KINDS = ['percent', 'fixed', 'free_delivery'] as const;
export type CouponKind = (typeof COUPON_KINDS)[number];

/** Who pays for the discount: the platform (admin's codes) or the seller (its own codes). */
export const COUPON_FUNDERS = ['platform', 'seller'] as const;
export type CouponFunder = (typeof COUPON_FUNDERS)[number];

/**
 * Which lines a code covers: every product (a seller's code: every product of its own), the products of chosen
 * categories, sellers (admin only), brands, or chosen products. `scopeIds` names them (category ids, seller ids,
 * brand ids, product ids); empty for `all`.
 */
export const COUPON_SCOPES = ['all', 'categories', 'sellers', 'brands', 'products'] as const;
export type CouponScope = (typeof COUPON_SCOPES)[number];

/** One checkout's use of a code: reserved with the order, redeemed at payment, released when it ends unpaid. */
export const COUPON_USE_STATES = ['reserved', 'redeemed', 'released'] as const;
export type CouponUseState = (typeof COUPON_USE_STATES)[number];

/** What a coupon is now, as the consoles show it. */
export const COUPON_STATUSES = ['active', 'paused', 'scheduled', 'expired', 'exhausted'] as const;
export type CouponStatus = (typeof COUPON_STATUSES)[number];

/** Why a code does not apply to this cart (the cart shows `message`; the web switches on the reason). */
export const COUPON_REASONS = [
  /** no such code */
  'unknown',
  /** its start is still ahead */
  'not_started',
  /** its end has passed */
  'expired',
  /** paused by whoever made it */
  'paused',
  /** every use is taken (used + reserved = total uses) */
  'exhausted',
  /** the shopper has used it as often as allowed */
  'already_used',
  /** for a shopper's first order only, and the shopper has a paid order */
  'first_order_only',
  /** no line of the cart is covered by the code (e.g. "Only for Nike products") */
  'not_applicable',
  /** the eligible items are worth less than the minimum order value ("Add ₹120 more") */
  'below_minimum',
  /** another platform code, or another code of the same seller, is already applied */
  'limit_reached',
] as const;
export type CouponReason = (typeof COUPON_REASONS)[number];

/** The error code a 422 (or 409 for the limit) answer of `POST /api/shop/cart/coupon` carries for each reason. */
export const COUPON_REASON_ERROR = {
  unknown: 'COUPON_UNKNOWN',
  not_started: 'COUPON_NOT_STARTED',
  expired: 'COUPON_EXPIRED',
  paused: 'COUPON_PAUSED',
  exhausted: 'COUPON_EXHAUSTED',
  already_used: 'COUPON_ALREADY_USED',
  first_order_only: 'COUPON_FIRST_ORDER_ONLY',
  not_applicable: 'COUPON_NOT_APPLICABLE',
  below_minimum: 'COUPON_BELOW_MINIMUM',
  limit_reached: 'COUPON_LIMIT_REACHED',
} as const satisfies Record<CouponReason, string>;

export const COUPON_CODE_MIN = 3;
export const COUPON_CODE_MAX = 20;
/** A code as typed: 3–20 letters, digits or hyphens, any case; stored and compared upper-case. */
export const couponCodeSchema = z
  .string({ message: 'Enter a coupon code' })
  .trim()
  .min(COUPON_CODE_MIN, `A code has ${COUPON_CODE_MIN} to ${COUPON_CODE_MAX} characters`)
  .max(COUPON_CODE_MAX, `A code has ${COUPON_CODE_MIN} to ${COUPON_CODE_MAX} characters`)
  .regex(/^[A-Za-z0-9-]+$/, 'A code has only letters, digits and hyphens')
  .transform((v) => v.toUpperCase());

/** Normalises a code for comparison (upper case, trimmed). */
export const normaliseCouponCode = (code: string): string => code.trim().toUpperCase();

const IST_DATE = /^\d{4}-\d{2}-\d{2}$/;
/**
 * A start or end: an IST calendar date (YYYY-MM-DD: from the start of that day for `startsAt`, to the end of that
 * day for `endsAt`) or an instant (ISO 8601 with offset).
 */
const whenSchema = z
  .string({ message: 'Give a date (YYYY-MM-DD, India time) or an ISO time' })
  .trim()
  .refine(
    (v) =>
      IST_DATE.test(v) ? !Number.isNaN(Date.parse(`${v}T00:00:00+05:30`)) : !Number.isNaN(Date.parse(v)),
    {
      message: 'Give a date (YYYY-MM-DD, India time) or an ISO time',
    },
  );

const IST_OFFSET_MS = 330 * 60_000;
const DAY_MS = 86_400_000;
/** The instant a `startsAt` value means: an IST date starts at 00:00 IST. */
export function couponStartOf(value: string): Date {
  return IST_DATE.test(value) ? new Date(`${value}T00:00:00+05:30`) : new Date(value);
}
/** The instant a `endsAt` value means: an IST date ends at the midnight IST that follows it (exclusive). */
export function couponEndOf(value: string): Date {
  if (!IST_DATE.test(value)) return new Date(value);
  return new Date(new Date(`${value}T00:00:00+05:30`).getTime() + DAY_MS);
}
/** The IST calendar day (YYYY-MM-DD) of an instant. */
export const istDayOf = (at: Date): string =>
  new Date(at.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);

const rupeesSchema = (label: string) =>
  z
    .number({ message: `${label} must be a number of rupees` })
    .multipleOf(0.01, `${label}: at most two decimals`)
    .max(10_000_000, `${label} is too large`);

const couponFields = {
  code: couponCodeSchema,
  /** shown on the banner and the badge, e.g. "10% off your first order" */
  label: z.preprocess(
    emptyToUndefined,
    z.string().trim().min(3, 'The label has at least 3 characters').max(80).optional(),
  ),
  kind: z.enum(COUPON_KINDS, { message: 'Kind must be percent, fixed or free_delivery' }),
  /** percent codes: 1–100 */
  percent: z
    .number({ message: 'Percent must be a whole number from 1 to 100' })
    .int('Percent must be a whole number from 1 to 100')
    .min(1, 'Percent must be at least 1')
    .max(100, 'Percent must be at most 100')
    .optional(),
  /** percent codes: the most the code takes off (rupees), none: no cap */
  maxDiscount: rupeesSchema('The cap').positive('The cap must be more than 0').nullable().optional(),
  /** fixed codes: the amount off (rupees) */
  amount: rupeesSchema('The amount').positive('The amount must be more than 0').optional(),
  /** the least the eligible items must be worth (rupees); 0: no minimum */
  minOrderValue: rupeesSchema('The minimum order value')
    .min(0, 'The minimum must not be negative')
    .default(0),
  startsAt: whenSchema,
  endsAt: whenSchema,
  /** uses in all (null: no limit); one checkout is one use however many sellers it splits into */
  totalUses: z
    .number({ message: 'Total uses must be a whole number' })
    .int('Total uses must be a whole number')
    .min(1, 'Total uses must be at least 1')
    .max(10_000_000)
    .nullable()
    .default(null),
  usesPerShopper: z
    .number({ message: 'Uses per shopper must be a whole number' })
    .int('Uses per shopper must be a whole number')
    .min(1, 'Uses per shopper must be at least 1')
    .max(1000)
    .default(1),
  firstOrderOnly: z.boolean({ message: 'firstOrderOnly must be true or false' }).default(false),
  active: z.boolean({ message: 'active must be true or false' }).default(true),
  scope: z
    .enum(COUPON_SCOPES, { message: `Scope must be one of ${COUPON_SCOPES.join(', ')}` })
    .default('all'),
  scopeIds: z.array(z.string().trim().min(1).max(100)).max(200, 'At most 200 scope entries').default([]),
};

type CouponShape = {
  kind: CouponKind;
  percent?: number | undefined;
  amount?: number | undefined;
  startsAt: string;
  endsAt: string;
  scope: CouponScope;
  scopeIds: string[];
};
/** The rules that tie fields together (a percent code has a percent, the end is after the start...). */
function checkCoupon(c: CouponShape, ctx: z.RefinementCtx): void {
  if (c.kind === 'percent' && c.percent === undefined)
    ctx.addIssue({ code: 'custom', message: 'A percent code needs a percent (1–100)', path: ['percent'] });
  if (c.kind === 'fixed' && c.amount === undefined)
    ctx.addIssue({ code: 'custom', message: 'A fixed code needs an amount in rupees', path: ['amount'] });
  if (couponEndOf(c.endsAt).getTime() <= couponStartOf(c.startsAt).getTime())
    ctx.addIssue({ code: 'custom', message: 'The end must be after the start', path: ['endsAt'] });
  if (c.scope !== 'all' && c.scopeIds.length === 0)
    ctx.addIssue({ code: 'custom', message: `Choose at least one of the ${c.scope}`, path: ['scopeIds'] });
}

/**
 * POST /api/admin/coupons and POST /api/seller/coupons. A seller's code covers its own products only: naming
 * another seller, or another seller's products, is 403 FORBIDDEN.
 */
export const couponInputSchema = z.object(couponFields).superRefine(checkCoupon);
export type CouponInput = z.input<typeof couponInputSchema>;
export type CouponInputParsed = z.output<typeof couponInputSchema>;

/** PUT /api/admin/coupons/:id and PUT /api/seller/coupons/:id: pause/resume (`active`) or edit any field. */
export const couponUpdateSchema = z
  .object({
    label: couponFields.label,
    percent: couponFields.percent,
    maxDiscount: couponFields.maxDiscount,
    amount: couponFields.amount,
    minOrderValue: rupeesSchema('The minimum order value')
      .min(0, 'The minimum must not be negative')
      .optional(),
    startsAt: whenSchema.optional(),
    endsAt: whenSchema.optional(),
    totalUses: couponFields.totalUses.optional(),
    usesPerShopper: couponFields.usesPerShopper.optional(),
    firstOrderOnly: z.boolean().optional(),
    active: z.boolean({ message: 'active must be true or false' }).optional(),
    scope: z.enum(COUPON_SCOPES).optional(),
    scopeIds: couponFields.scopeIds.optional(),
  })
  .refine((o) => Object.values(o).some((v) => v !== undefined), { message: 'Nothing to change' });
export type CouponUpdateInput = z.input<typeof couponUpdateSchema>;

/** What every answer says of a code: its code, label, who funds it and its kind. */
const couponFaceFields = {
  code: z.string(),
  label: z.string().nullable(),
  funder: z.enum(COUPON_FUNDERS),
  /** the seller whose code it is (null: the platform's) */
  sellerId: z.string().nullable(),
  storeName: z.string().nullable(),
  kind: z.enum(COUPON_KINDS),
};

export const couponDtoSchema = z
  .object({
    _id: z.string(),
    ...couponFaceFields,
    percent: z.number().int().nullable(),
    maxDiscount: z.number().nullable().meta({ description: 'rupees; null: no cap' }),
    amount: z.number().nullable().meta({ description: 'rupees, fixed codes' }),
    minOrderValue: z.number().meta({ description: 'rupees, of the eligible items' }),
    startsAt: z.string().meta({ description: 'ISO instant' }),
    endsAt: z.string().meta({ description: 'ISO instant (exclusive)' }),
    totalUses: z.number().int().nullable(),
    usesPerShopper: z.number().int(),
    firstOrderOnly: z.boolean(),
    active: z.boolean(),
    status: z.enum(COUPON_STATUSES),
    scope: z.enum(COUPON_SCOPES),
    scopeIds: z.array(z.string()),
    /** uses redeemed (paid orders) */
    used: z.number().int(),
    /** uses held by unpaid orders */
    reserved: z.number().int(),
    /** rupees: Σ discount of the redeemed uses */
    discountGiven: z.number(),
    createdAt: z.string(),
  })
  .meta({ id: 'Coupon' });
export type CouponDto = z.infer<typeof couponDtoSchema>;

/** POST /api/shop/cart/coupon */
export const applyCouponInputSchema = z.object({ code: couponCodeSchema });
export type ApplyCouponInput = z.input<typeof applyCouponInputSchema>;
/** DELETE /api/shop/cart/coupon/:code */
export const couponCodeParamsSchema = z.object({ code: couponCodeSchema });

/**
 * A code applied to the cart as the cart, the delivery quote and checkout show it: its discount on this cart, or
 * why it does not apply now (kept listed, discount 0, until the shopper removes it or the cart changes back).
 */
export const appliedCouponDtoSchema = z
  .object({
    ...couponFaceFields,
    applies: z.boolean(),
    /** rupees taken off (for free delivery: the shipping waived; 0 when the quote has no shipping yet) */
    discount: z.number(),
    reason: z.enum(COUPON_REASONS).nullable(),
    /** the sentence the cart shows when it does not apply: "Add ₹120 more", "Expired", "Only for Nike products" */
    message: z.string().nullable(),
    /** for below_minimum: rupees still missing */
    missing: z.number().nullable(),
  })
  .meta({ id: 'AppliedCoupon' });
export type AppliedCouponDto = z.infer<typeof appliedCouponDtoSchema>;

/** A code frozen on an order: who funded it and what it took off. */
export const orderCouponDtoSchema = z
  .object({
    code: z.string(),
    funder: z.enum(COUPON_FUNDERS),
    sellerId: z.string().nullable(),
    kind: z.enum(COUPON_KINDS),
    /** rupees: Σ of its shares on the lines (free delivery: the shipping waived) */
    discount: z.number(),
  })
  .meta({ id: 'OrderCoupon' });
export type OrderCouponDto = z.infer<typeof orderCouponDtoSchema>;

/** One active platform offer (GET /api/shop/offers): the home banner and the product page badge. */
export const offerDtoSchema = z
  .object({
    code: z.string(),
    label: z.string().meta({ description: 'e.g. "10% off with WELCOME10"' }),
    kind: z.enum(COUPON_KINDS),
    percent: z.number().int().nullable(),
    amount: z.number().nullable(),
    maxDiscount: z.number().nullable(),
    minOrderValue: z.number(),
    firstOrderOnly: z.boolean(),
    endsAt: z.string().meta({ description: 'ISO instant' }),
    scope: z.enum(COUPON_SCOPES),
    /** category, seller, brand or product ids, for the badge to know the products it covers */
    scopeIds: z.array(z.string()),
  })
  .meta({ id: 'Offer' });
export type OfferDto = z.infer<typeof offerDtoSchema>;

/** The per-line coupon fields added to order, seller-order and cart lines (rupees). */
export const lineDiscountFields = {
  sellerDiscount: z
    .number()
    .optional()
    .meta({ description: "rupees: the seller-funded coupon's share of this line" }),
  platformDiscount: z
    .number()
    .optional()
    .meta({ description: "rupees: the platform-funded coupon's share of this line" }),
  payable: z
    .number()
    .optional()
    .meta({ description: 'rupees: what the shopper pays for the line (gross − both discounts)' }),
};
