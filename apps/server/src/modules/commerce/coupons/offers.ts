/**
 * The active platform offers (GET /api/shop/offers) for the home banner and the product page badge: cheap, read
 * once per OFFERS_TTL_MS per database and forgotten when a coupon changes (docs/money.md, "Coupons").
 */
import { formatINR, toRupees, type OfferDto } from '@mp/shared';
import type { DbOrTx } from '../../../db/client';
import { listCoupons, type CouponWithScope } from './coupon.repository';

export const OFFERS_TTL_MS = 30_000;
const cache = new WeakMap<object, { at: number; offers: OfferDto[] }>();

/** "10% off with WELCOME10", "₹100 off with FLAT100", "Free delivery with SHIPFREE" (its own label first). */
export function offerLabel(c: CouponWithScope): string {
  if (c.label) return c.label;
  const what =
    c.kind === 'percent'
      ? `${c.percent}% off`
      : c.kind === 'fixed'
        ? `${formatINR(toRupees(c.amountPaise ?? 0))} off`
        : 'Free delivery';
  return `${what} with ${c.code}`;
}

const toOffer = (c: CouponWithScope): OfferDto => ({
  code: c.code,
  label: offerLabel(c),
  kind: c.kind,
  percent: c.percent,
  amount: c.amountPaise === null ? null : toRupees(c.amountPaise),
  maxDiscount: c.maxDiscountPaise === null ? null : toRupees(c.maxDiscountPaise),
  minOrderValue: toRupees(c.minOrderPaise),
  firstOrderOnly: c.firstOrderOnly,
  endsAt: c.endsAt.toISOString(),
  scope: c.scope,
  scopeIds: c.scopeIds,
});

export async function activeOffers(db: DbOrTx, now = new Date()): Promise<OfferDto[]> {
  const hit = cache.get(db);
  if (hit && now.getTime() - hit.at < OFFERS_TTL_MS) return hit.offers;
  const offers = (await listCoupons(db, { platformActiveAt: now })).map(toOffer);
  cache.set(db, { at: now.getTime(), offers });
  return offers;
}

/** A coupon changed: the next read of the offers goes to the database. */
export const forgetOffers = (db: DbOrTx): void => void cache.delete(db);
