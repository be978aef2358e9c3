/**
 * Delivery at checkout (docs/delivery.md, "Checkout"): before anything is held or paid, every seller of the
 * items must be able to reach the address's PIN code — else 422 UNSERVICEABLE naming the seller; then, inside
 * the order's own transaction, each seller sub-order's promise (date, zone, billed weight) is stored with it.
 */
import { formatPromise, packageFor, parcelBilledGrams, promisedDate, type CourierZone } from '@mp/shared';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../lib/errors';
import { dispatchRulesOf, holidaysOf, ownPackage, routeFor, type EstimateDeps } from './delivery-estimate';
import { addressPincode, checkoutItems, insertPromises } from './delivery.repository';

export interface SellerPromise {
  sellerId: string;
  storeName: string;
  promisedDate: string;
  promise: string;
  zone: CourierZone;
  billedGrams: number;
}

export interface CheckoutPromise {
  pincode: string;
  sellers: SellerPromise[];
}

type Item = Awaited<ReturnType<typeof checkoutItems>>[number];

function bySeller(items: Item[]) {
  const groups = new Map<string, Item[]>();
  for (const i of items) {
    if (!i.sellerId) continue; // the admin's own products: the platform ships them
    groups.set(i.sellerId, [...(groups.get(i.sellerId) ?? []), i]);
  }
  return groups;
}

/** The promise per seller, or 422 UNSERVICEABLE for the first seller that cannot reach the PIN code; null when delivery is off. */
export async function promiseCheckout(
  deps: EstimateDeps,
  req: { userId: string; addressId: string; buyNow: { productId: string; quantity: number } | undefined },
): Promise<CheckoutPromise | null> {
  if (!deps.courier) return null;
  const pincode = await addressPincode(deps.db, req.userId, req.addressId);
  if (!pincode) return null; // placing the order answers 404 for the address
  const holidays = await holidaysOf(deps);
  const sellers: SellerPromise[] = [];
  for (const [sellerId, items] of bySeller(await checkoutItems(deps.db, req.userId, req.buyNow))) {
    const first = items[0]!;
    const route = await routeFor(deps, { id: sellerId, pickupPincode: first.pickupPincode }, pincode);
    if (route.kind !== 'served') {
      const storeName = first.storeName ?? 'A seller';
      throw new AppError(
        422,
        'UNSERVICEABLE',
        // a seller that has not said where parcels are collected cannot ship anywhere yet (docs/delivery.md)
        first.pickupPincode
          ? `${storeName} cannot deliver to PIN code ${pincode}`
          : `${storeName} is not shipping orders yet (it has not set its pickup address); remove its items to order the rest`,
        undefined,
        {
          pincode,
          sellerId,
          storeName,
        },
      );
    }
    const date = promisedDate({
      orderedAt: deps.now?.() ?? new Date(),
      rules: dispatchRulesOf(first),
      routeDays: route.routeDays,
      holidays,
    });
    sellers.push({
      sellerId,
      storeName: first.storeName ?? '',
      promisedDate: date,
      promise: `Get it by ${formatPromise(date)}`,
      zone: route.zone,
      billedGrams: parcelBilledGrams(
        items.map((i) => ({ pkg: packageFor(i.category, ownPackage(i)), quantity: i.quantity })),
      ),
    });
  }
  return { pincode, sellers };
}

/** Stores the promise of each seller sub-order with the new order, in the order's transaction. */
export async function recordPromisesIn(tx: DbOrTx, orderId: string, p: CheckoutPromise): Promise<void> {
  await insertPromises(
    tx,
    p.sellers.map((s) => ({
      orderId,
      sellerId: s.sellerId,
      promisedDate: s.promisedDate,
      zone: s.zone,
      billedGrams: s.billedGrams,
      deliveryPincode: p.pincode,
    })),
  );
}
