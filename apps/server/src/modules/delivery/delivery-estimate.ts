/**
 * The estimate (docs/delivery.md, "Estimate"): for a product and a PIN code, whether its seller's parcels reach
 * it, with cash on delivery or not, the promised date ("Get it by Thu, 4 Dec", in IST from now) and the charge of
 * one unit as its seller's sub-order (weight, zone, the free-delivery rule). The courier's answer is cached per seller and PIN code.
 */
import {
  DEFAULT_DISPATCH,
  discountedUnitPrice,
  formatPromise,
  isPincode,
  promisedDate,
  billedGrams,
  packageFor,
  shippingChargePaise,
  toPaise,
  toRupees,
  type DeliveryEstimateDto,
  type DispatchRules,
} from '@mp/shared';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../lib/errors';
import type { CourierProvider, Serviceability } from './courier-provider';
import { listHolidays, productForEstimate } from './delivery.repository';
import type { RouteCache } from './route-cache';

/** Where the admin's own products are picked up (docs/delivery.md). */
export const PLATFORM_PICKUP_PINCODE = '110001';
/** The name the admin's own products are sold under. */
export const PLATFORM_STORE_NAME = 'Haat';

export const invalidPincode = (pincode: string) =>
  new AppError(
    400,
    'INVALID_PINCODE',
    `${pincode || 'An empty PIN code'} is not a PIN code we deliver to`,
    undefined,
    {
      pincode,
    },
  );

export interface EstimateDeps {
  db: Db;
  courier: CourierProvider | undefined;
  cache: RouteCache;
  now?: () => Date;
}

export const holidaysOf = (deps: Pick<EstimateDeps, 'db' | 'cache'>) =>
  deps.cache.holidays(async () => new Set((await listHolidays(deps.db)).map((h) => h.day)));

/** The courier's answer for a seller's parcels to `pincode` (cached); 400 INVALID_PINCODE when it does not know it. */
export async function routeFor(
  deps: Pick<EstimateDeps, 'courier' | 'cache'>,
  seller: { id: string | null; pickupPincode: string | null },
  pincode: string,
): Promise<Serviceability> {
  if (!isPincode(pincode)) throw invalidPincode(pincode);
  if (!deps.courier)
    throw new AppError(503, 'SERVICE_UNAVAILABLE', 'Delivery is not configured (no courier)');
  const courier = deps.courier;
  const pickup = seller.id ? seller.pickupPincode : PLATFORM_PICKUP_PINCODE;
  if (!pickup) return { kind: 'unserviceable' };
  const route = await deps.cache.route(seller.id ?? 'platform', pincode, () =>
    courier.serviceability({ pickupPin: pickup, deliveryPin: pincode, weightGrams: 500 }),
  );
  if (route.kind === 'unknownPin' && route.end === 'delivery') throw invalidPincode(pincode);
  return route;
}

export const dispatchRulesOf = (s: {
  dispatchDays: number | null;
  cutoff: string | null;
}): DispatchRules => ({
  ...DEFAULT_DISPATCH,
  dispatchDays: s.dispatchDays ?? DEFAULT_DISPATCH.dispatchDays,
  cutoff: s.cutoff ?? DEFAULT_DISPATCH.cutoff,
});

export async function estimate(
  deps: EstimateDeps,
  productId: string,
  raw: string,
): Promise<DeliveryEstimateDto> {
  const pincode = raw.trim();
  if (!isPincode(pincode)) throw invalidPincode(pincode);
  const p = await productForEstimate(deps.db, productId);
  if (!p) throw notFound('Product');
  const route = await routeFor(deps, { id: p.sellerId, pickupPincode: p.pickupPincode }, pincode);
  const base = { pincode, sellerId: p.sellerId, storeName: p.storeName ?? PLATFORM_STORE_NAME };
  if (route.kind !== 'served') {
    return {
      ...base,
      deliverable: false,
      cod: false,
      promisedDate: null,
      promise: null,
      charge: 0,
      zone: null,
    };
  }
  const holidays = await holidaysOf(deps);
  const date = promisedDate({
    orderedAt: deps.now?.() ?? new Date(),
    rules: dispatchRulesOf(p),
    routeDays: route.routeDays,
    holidays,
  });
  const unit = discountedUnitPrice({
    price: toRupees(p.pricePaise),
    salePrice: p.salePricePaise === null ? null : toRupees(p.salePricePaise),
    discount: p.discount,
  });
  // what checkout charges this one unit as its seller's sub-order (docs/delivery.md, "Weight and the shipping charge")
  const charge = shippingChargePaise({
    subtotalPaise: toPaise(unit),
    billedGrams: billedGrams(packageFor(p.category, ownPackage(p))),
    zone: route.zone,
  });
  return {
    ...base,
    deliverable: true,
    // the courier collects cash on this route and the seller takes it (docs/money.md, "Cash on delivery")
    cod: route.cod && p.acceptsCod,
    promisedDate: date,
    promise: `Get it by ${formatPromise(date)}`,
    charge: toRupees(charge),
    zone: route.zone,
  };
}

/** A product's own package fields (null: not set), as packageFor takes them. */
export const ownPackage = (p: {
  weightGrams: number | null;
  lengthCm: number | null;
  widthCm: number | null;
  heightCm: number | null;
}) => ({
  weightGrams: p.weightGrams ?? undefined,
  lengthCm: p.lengthCm ?? undefined,
  widthCm: p.widthCm ?? undefined,
  heightCm: p.heightCm ?? undefined,
});
