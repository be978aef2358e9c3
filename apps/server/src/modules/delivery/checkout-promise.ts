/**
 * Delivery at checkout (docs/delivery.md, "Checkout"): before anything is held or paid, every seller of the
 * items must be able to reach the address's PIN code — else 422 UNSERVICEABLE naming the seller; then, inside
 * the order's own transaction, each seller sub-order's promise (date, zone, billed weight) is stored with it.
 */
import {
  formatPromise,
  packageFor,
  parcelBilledGrams,
  promisedDate,
  type CourierZone,
  type SubOrderCharge,
} from '@mp/shared';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../lib/errors';
import {
  dispatchRulesOf,
  holidaysOf,
  ownPackage,
  PLATFORM_STORE_NAME,
  routeFor,
  type EstimateDeps,
} from './delivery-estimate';
import { checkoutItems, insertPromises } from './delivery.repository';

export interface SellerPromise {
  /** null: the admin's own products, one platform parcel from PLATFORM_PICKUP_PINCODE */
  sellerId: string | null;
  storeName: string;
  promisedDate: string;
  promise: string;
  zone: CourierZone;
  billedGrams: number;
  /** the courier collects cash on this route and the seller takes it (docs/money.md, "Cash on delivery") */
  cod: boolean;
}

export interface CheckoutPromise {
  pincode: string;
  sellers: SellerPromise[];
}

export type Item = Awaited<ReturnType<typeof checkoutItems>>[number];

/** The items per sub-order: each seller's, and the admin's own products (key null, the platform ships them). */
export function bySeller(items: Item[]) {
  const groups = new Map<string | null, Item[]>();
  for (const i of items) groups.set(i.sellerId, [...(groups.get(i.sellerId) ?? []), i]);
  return groups;
}

const unserviceable = (pincode: string, sellerId: string | null, first: Item) => {
  const storeName = first.storeName ?? PLATFORM_STORE_NAME;
  return new AppError(
    422,
    'UNSERVICEABLE',
    // a seller that has not said where parcels are collected cannot ship anywhere yet (docs/delivery.md)
    first.pickupPincode || !sellerId
      ? `${storeName} cannot deliver to PIN code ${pincode}`
      : `${storeName} is not shipping orders yet (it has not set its pickup address); remove its items to order the rest`,
    undefined,
    { pincode, sellerId, storeName },
  );
};

/** One sub-order's promise, or 422 UNSERVICEABLE when its parcels cannot reach the PIN code. */
export async function subOrderPromise(
  deps: EstimateDeps,
  at: { pincode: string; holidays: ReadonlySet<string> },
  sellerId: string | null,
  items: Item[],
): Promise<SellerPromise> {
  const first = items[0]!;
  const route = await routeFor(deps, { id: sellerId, pickupPincode: first.pickupPincode }, at.pincode);
  if (route.kind !== 'served') throw unserviceable(at.pincode, sellerId, first);
  const date = promisedDate({
    orderedAt: deps.now?.() ?? new Date(),
    rules: dispatchRulesOf(first),
    routeDays: route.routeDays,
    holidays: at.holidays,
  });
  return {
    sellerId,
    storeName: first.storeName ?? PLATFORM_STORE_NAME,
    promisedDate: date,
    promise: `Get it by ${formatPromise(date)}`,
    zone: route.zone,
    cod: route.cod && first.acceptsCod,
    billedGrams: parcelBilledGrams(
      items.map((i) => ({ pkg: packageFor(i.category, ownPackage(i)), quantity: i.quantity })),
    ),
  };
}

/** The promises of the items' sub-orders to a PIN code (the first that cannot be served is 422 UNSERVICEABLE). */
export async function promiseItems(
  deps: EstimateDeps,
  pincode: string,
  items: Item[],
): Promise<SellerPromise[]> {
  const at = { pincode, holidays: await holidaysOf(deps) };
  const out: SellerPromise[] = [];
  for (const [sellerId, own] of bySeller(items)) out.push(await subOrderPromise(deps, at, sellerId, own));
  return out;
}

/**
 * The promise per seller, or 422 UNSERVICEABLE for the first seller that cannot reach the PIN code; null when
 * delivery is off.
 */
export async function promiseCheckout(
  deps: EstimateDeps,
  req: { userId: string; addressId: string; buyNow: { productId: string; quantity: number } | undefined },
): Promise<CheckoutPromise | null> {
  if (!deps.courier) return null;
  // the items and the address's PIN code in one read; placing answers the empty cart or the unknown address (404),
  // and refuses lines no sub-order was promised for (the cart changed in between)
  const items = await checkoutItems(deps.db, req.userId, req.buyNow, req.addressId);
  const pincode = items[0]?.deliveryPincode;
  if (!pincode) return { pincode: '', sellers: [] };
  return { pincode, sellers: await promiseItems(deps, pincode, items) };
}

/**
 * Stores the promise of each seller sub-order with the new order, in the order's transaction, with the shipping
 * charged for it (the platform's own parcel has no shipment row: its charge is in the order's alone).
 */
export async function recordPromisesIn(
  tx: DbOrTx,
  orderId: string,
  p: CheckoutPromise,
  charges: readonly SubOrderCharge[],
): Promise<void> {
  const chargeOf = new Map(charges.map((c) => [c.sellerId, c.shippingPaise]));
  await insertPromises(
    tx,
    p.sellers
      .flatMap(({ sellerId, ...s }) => (sellerId === null ? [] : [{ ...s, sellerId }]))
      .map((s) => ({
        orderId,
        sellerId: s.sellerId,
        shippingPaise: chargeOf.get(s.sellerId) ?? 0,
        promisedDate: s.promisedDate,
        zone: s.zone,
        billedGrams: s.billedGrams,
        deliveryPincode: p.pincode,
      })),
  );
}
