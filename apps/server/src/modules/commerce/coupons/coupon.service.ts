/**
 * The coupon consoles (docs/money.md, "Coupons"): the admin makes platform-funded codes on any products, an
 * approved seller makes codes of any kind on its own products only (naming another seller or another seller's
 * products is 403; its free-delivery code waives its own parcel, which it then pays for). Each coupon is listed with its uses and the discount it gave.
 */
import { inArray } from 'drizzle-orm';
import {
  CATEGORY_IDS,
  couponEndOf,
  couponInputSchema,
  couponStartOf,
  isId,
  toPaise,
  toRupees,
  type CouponDto,
  type CouponInput,
  type CouponInputParsed,
  type CouponStatus,
  type CouponUpdateInput,
} from '@mp/shared';
import type { Db, DbOrTx } from '../../../db/client';
import { products, sellers } from '../../../db/schema';
import { AppError, badRequest, forbidden, notFound, parse } from '../../../lib/errors';
import {
  insertCoupon,
  listCoupons,
  updateCoupon,
  type CouponWithScope,
  type NewCoupon,
} from './coupon.repository';

/** Who makes or changes a coupon: the admin (platform-funded) or a seller (its own, seller-funded). */
export type CouponOwner = { kind: 'admin' } | { kind: 'seller'; sellerId: string };

export function couponStatus(c: CouponWithScope, now = new Date()): CouponStatus {
  if (!c.active) return 'paused';
  if (now < c.startsAt) return 'scheduled';
  if (now >= c.endsAt) return 'expired';
  if (c.totalUses !== null && c.used + c.reserved >= c.totalUses) return 'exhausted';
  return 'active';
}

/** The code, label, funder, seller and kind of a coupon, as every answer shows them. */
export const couponFaceOf = (c: CouponWithScope) => ({
  code: c.code,
  label: c.label,
  funder: c.funder,
  sellerId: c.sellerId,
  storeName: c.storeName,
  kind: c.kind,
});

const rupeesOrNull = (paise: number | null) => (paise === null ? null : toRupees(paise));

export function toCouponDto(c: CouponWithScope, now = new Date()): CouponDto {
  return {
    _id: c.id,
    ...couponFaceOf(c),
    percent: c.percent,
    maxDiscount: rupeesOrNull(c.maxDiscountPaise),
    amount: rupeesOrNull(c.amountPaise),
    minOrderValue: toRupees(c.minOrderPaise),
    startsAt: c.startsAt.toISOString(),
    endsAt: c.endsAt.toISOString(),
    totalUses: c.totalUses,
    usesPerShopper: c.usesPerShopper,
    firstOrderOnly: c.firstOrderOnly,
    active: c.active,
    status: couponStatus(c, now),
    scope: c.scope,
    scopeIds: c.scopeIds,
    used: c.used,
    reserved: c.reserved,
    discountGiven: toRupees(Number(c.discountGivenPaise)),
    createdAt: c.createdAt.toISOString(),
  };
}

/** The scope names things that exist, and a seller names only its own. */
async function checkScope(db: DbOrTx, owner: CouponOwner, c: CouponInputParsed): Promise<void> {
  const ids = c.scopeIds;
  if (c.scope === 'categories') {
    const unknown = ids.filter((id) => !(CATEGORY_IDS as readonly string[]).includes(id));
    if (unknown.length) throw badRequest(`Unknown categories: ${unknown.join(', ')}`);
  }
  if (c.scope === 'sellers' || c.scope === 'products') {
    const bad = ids.filter((id) => !isId(id));
    if (bad.length)
      throw badRequest(`Not ${c.scope === 'sellers' ? 'seller' : 'product'} ids: ${bad.join(', ')}`);
  }
  if (c.scope === 'sellers') {
    if (owner.kind === 'seller') throw forbidden("A seller's code covers its own products only");
    const found = await db.select({ id: sellers.id }).from(sellers).where(inArray(sellers.id, ids));
    if (found.length !== new Set(ids).size) throw badRequest('Some of these sellers do not exist');
  }
  if (c.scope === 'products') {
    const found = await db
      .select({ id: products.id, sellerId: products.sellerId })
      .from(products)
      .where(inArray(products.id, ids));
    if (found.length !== new Set(ids).size) throw badRequest('Some of these products do not exist');
    if (owner.kind === 'seller' && found.some((p) => p.sellerId !== owner.sellerId))
      throw forbidden("A seller's code covers its own products only");
  }
}

function rowOf(owner: CouponOwner, c: CouponInputParsed): NewCoupon {
  return {
    code: c.code,
    label: c.label ?? null,
    funder: owner.kind === 'admin' ? 'platform' : 'seller',
    sellerId: owner.kind === 'seller' ? owner.sellerId : null,
    kind: c.kind,
    percent: c.kind === 'percent' ? (c.percent ?? null) : null,
    maxDiscountPaise: c.kind === 'percent' && c.maxDiscount ? toPaise(c.maxDiscount) : null,
    amountPaise: c.kind === 'fixed' && c.amount !== undefined ? toPaise(c.amount) : null,
    minOrderPaise: toPaise(c.minOrderValue),
    startsAt: couponStartOf(c.startsAt),
    endsAt: couponEndOf(c.endsAt),
    totalUses: c.totalUses,
    usesPerShopper: c.usesPerShopper,
    firstOrderOnly: c.firstOrderOnly,
    active: c.active,
    scope: c.scope,
  };
}

const codeTaken = (code: string) =>
  new AppError(409, 'COUPON_CODE_TAKEN', `The code ${code} is already used by another coupon`);

async function oneCoupon(db: DbOrTx, id: string): Promise<CouponWithScope> {
  const [c] = await listCoupons(db, { ids: [id] });
  if (!c) throw notFound('Coupon');
  return c;
}

export async function createCoupon(db: Db, owner: CouponOwner, input: CouponInputParsed): Promise<CouponDto> {
  await checkScope(db, owner, input);
  const id = await db.transaction((tx) => insertCoupon(tx, rowOf(owner, input), input.scopeIds));
  if (!id) throw codeTaken(input.code);
  return toCouponDto(await oneCoupon(db, id));
}

export async function listOwnCoupons(db: DbOrTx, owner: CouponOwner): Promise<CouponDto[]> {
  const now = new Date();
  const rows = await listCoupons(db, owner.kind === 'seller' ? { sellerId: owner.sellerId } : {});
  return rows.map((c) => toCouponDto(c, now));
}

/** The coupon as an input again, so an edit is checked as a whole (the end after the start, a percent's value...). */
function asInput(c: CouponDto): CouponInput {
  return {
    code: c.code,
    ...(c.label ? { label: c.label } : {}),
    kind: c.kind,
    ...(c.percent !== null ? { percent: c.percent } : {}),
    maxDiscount: c.maxDiscount,
    ...(c.amount !== null ? { amount: c.amount } : {}),
    minOrderValue: c.minOrderValue,
    startsAt: c.startsAt,
    endsAt: c.endsAt,
    totalUses: c.totalUses,
    usesPerShopper: c.usesPerShopper,
    firstOrderOnly: c.firstOrderOnly,
    active: c.active,
    scope: c.scope,
    scopeIds: c.scopeIds,
  };
}

/** Pause, resume or edit: a seller only its own codes (another's is 404). Placed orders keep their discount. */
export async function changeCoupon(
  db: Db,
  owner: CouponOwner,
  id: string,
  patch: CouponUpdateInput,
): Promise<CouponDto> {
  const current = await oneCoupon(db, id);
  if (owner.kind === 'seller' && current.sellerId !== owner.sellerId) throw notFound('Coupon');
  const defined = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
  const merged = parse(couponInputSchema, { ...asInput(toCouponDto(current)), ...defined });
  const realOwner: CouponOwner =
    current.sellerId === null ? { kind: 'admin' } : { kind: 'seller', sellerId: current.sellerId };
  await checkScope(db, realOwner, merged);
  const { code: _code, funder: _f, sellerId: _s, ...values } = rowOf(realOwner, merged);
  await db.transaction((tx) =>
    updateCoupon(tx, id, values, patch.scope !== undefined || patch.scopeIds ? merged.scopeIds : undefined),
  );
  return toCouponDto(await oneCoupon(db, id));
}
