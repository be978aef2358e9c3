/**
 * The delivery module's reads and writes (docs/delivery.md): sellers' pickup settings, the admin's holidays, the
 * order shipments and their tracking events. The only writer of `delivery_holidays`, `order_shipments`,
 * `tracking_events` and the sellers' pickup columns.
 */
import { and, asc, eq, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { DeliverySettingsInput } from '@mp/shared';
import type { DbOrTx } from '../../db/client';
import { ofSubOrder } from '../../db/sub-order';
import { pick } from '../../lib/pick';
import { recordAttempt } from '../../db/durable-queue';
import {
  addresses,
  cartItems,
  carts,
  codParcels,
  deliveryHolidays,
  orderLines,
  orders,
  orderShipments,
  products,
  sellers,
  trackingEvents,
} from '../../db/schema';

export const settingsColumns = {
  pickupAddress: sellers.pickupAddress,
  pickupPincode: sellers.pickupPincode,
  dispatchDays: sellers.dispatchDays,
  cutoff: sellers.dispatchCutoff,
};

/** A product's category and own package: what its parcel's box and billed weight are made from. */
export const productBoxColumns = pick(products, [
  'category',
  'weightGrams',
  'lengthCm',
  'widthCm',
  'heightCm',
]);

/** A product's package and its seller's dispatch settings: what a promise and a charge are made from. */
const packageColumns = {
  ...productBoxColumns,
  sellerId: products.sellerId,
  storeName: sellers.storename,
  ...settingsColumns,
};

export async function sellerSettings(db: DbOrTx, sellerId: string) {
  const [row] = await db.select(settingsColumns).from(sellers).where(eq(sellers.id, sellerId)).limit(1);
  return row;
}

export async function saveSellerSettings(db: DbOrTx, sellerId: string, s: DeliverySettingsInput) {
  const [row] = await db
    .update(sellers)
    .set({
      pickupAddress: s.pickupAddress,
      pickupPincode: s.pickupPincode,
      dispatchDays: s.dispatchDays,
      dispatchCutoff: s.cutoff,
      updatedAt: new Date(),
    })
    .where(eq(sellers.id, sellerId))
    .returning(settingsColumns);
  return row;
}

export const listHolidays = (db: DbOrTx) =>
  db
    .select({ day: deliveryHolidays.day, name: deliveryHolidays.name })
    .from(deliveryHolidays)
    .orderBy(asc(deliveryHolidays.day));

export async function setHoliday(db: DbOrTx, day: string, name: string) {
  await db
    .insert(deliveryHolidays)
    .values({ day, name })
    .onConflictDoUpdate({ target: deliveryHolidays.day, set: { name } });
}

export async function removeHoliday(db: DbOrTx, day: string) {
  await db.delete(deliveryHolidays).where(eq(deliveryHolidays.day, day));
}

/** A live product with what its estimate needs: price, package and its seller's dispatch settings. */
export async function productForEstimate(db: DbOrTx, productId: string) {
  const [row] = await db
    .select({
      id: products.id,
      pricePaise: products.pricePaise,
      salePricePaise: products.salePricePaise,
      discount: products.discount,
      acceptsCod: sql<boolean>`coalesce(${sellers.acceptsCod}, true)`,
      ...packageColumns,
    })
    .from(products)
    .leftJoin(sellers, eq(sellers.id, products.sellerId))
    .where(and(eq(products.id, productId), isNull(products.deletedAt)))
    .limit(1);
  return row;
}

export type ShipmentRow = typeof orderShipments.$inferSelect;

/** The seller sub-order's shipment row, made (awaiting) when missing; locked for the caller's transaction. */
export async function lockShipment(tx: DbOrTx, orderId: string, sellerId: string): Promise<ShipmentRow> {
  await tx.insert(orderShipments).values({ orderId, sellerId }).onConflictDoNothing();
  const [row] = await tx
    .select()
    .from(orderShipments)
    .where(ofSubOrder(orderShipments, orderId, sellerId))
    .for('update');
  return row!;
}

export async function queueShipment(tx: DbOrTx, id: string) {
  await tx
    .update(orderShipments)
    .set({ status: 'creating', nextAttemptAt: sql`now()`, updatedAt: sql`now()` })
    .where(eq(orderShipments.id, id));
}

/** Shipments due to be made with the courier, oldest first. */
export const dueShipments = (db: DbOrTx, limit = 20) =>
  db
    .select()
    .from(orderShipments)
    .where(and(eq(orderShipments.status, 'creating'), lte(orderShipments.nextAttemptAt, sql`now()`)))
    .orderBy(asc(orderShipments.nextAttemptAt))
    .limit(limit);

export const shipmentAttemptFailed = (db: DbOrTx, id: string, error: string, retryInMs: number | null) =>
  recordAttempt(db, orderShipments, id, {
    failed: { error, retryInMs },
    set: { status: retryInMs === null ? 'failed' : 'creating' },
  });

/** What the courier answered for a shipment it made. */
export interface ShipmentMade {
  courierShipmentId: string;
  awb: string;
  courierName: string;
  pickupDate: string | null;
}

export const shipmentMade = (db: DbOrTx, id: string, made: ShipmentMade) =>
  recordAttempt(db, orderShipments, id, {
    set: { ...made, status: 'created' },
    pending: eq(orderShipments.status, 'creating'),
  });

export async function shipmentByAwb(db: DbOrTx, awb: string) {
  const [row] = await db.select().from(orderShipments).where(eq(orderShipments.awb, awb)).limit(1);
  return row;
}

export async function shipmentOf(db: DbOrTx, orderId: string, sellerId: string) {
  const [row] = await db
    .select()
    .from(orderShipments)
    .where(ofSubOrder(orderShipments, orderId, sellerId))
    .limit(1);
  return row;
}

/** Records a tracking event once per state (a duplicate changes nothing); answers whether it was new. */
export async function addTrackingEvent(
  tx: DbOrTx,
  e: { shipmentId: string; state: string; at: string; location: string | null },
): Promise<boolean> {
  const inserted = await tx
    .insert(trackingEvents)
    .values({ shipmentId: e.shipmentId, state: e.state, at: new Date(e.at), location: e.location })
    .onConflictDoUpdate({
      target: [trackingEvents.shipmentId, trackingEvents.state],
      // the earliest report of a state wins, whatever order they came in
      set: { at: sql`least(${trackingEvents.at}, excluded.at)` },
      setWhere: sql`excluded.at < ${trackingEvents.at}`,
    })
    .returning({ state: trackingEvents.state });
  return inserted.length > 0;
}

export const eventsOf = (db: DbOrTx, shipmentIds: string[]) =>
  shipmentIds.length === 0
    ? Promise.resolve([])
    : db
        .select()
        .from(trackingEvents)
        .where(sql`${trackingEvents.shipmentId} = any(${sql.param(shipmentIds)}::uuid[])`);

export async function setTrackingState(tx: DbOrTx, id: string, state: string | null, at: string | null) {
  await tx
    .update(orderShipments)
    .set({ trackingState: state, trackingAt: at ? new Date(at) : null, updatedAt: sql`now()` })
    .where(eq(orderShipments.id, id));
}

export const shipmentsOfOrder = (db: DbOrTx, orderId: string) =>
  db
    .select({ shipment: orderShipments, storeName: sellers.storename })
    .from(orderShipments)
    .innerJoin(sellers, eq(sellers.id, orderShipments.sellerId))
    .where(eq(orderShipments.orderId, orderId));

/** What the courier needs for a seller sub-order: the order's delivery address and the parcel's contents. */
export async function parcelContents(db: DbOrTx, orderId: string, sellerId: string) {
  const [order] = await db
    .select({
      recipientName: orders.recipientName,
      buyerName: orders.buyerName,
      address: orders.address,
      city: orders.city,
      state: orders.state,
      pincode: orders.pincode,
      phone: orders.phone,
      paymentMethod: orders.paymentMethod,
      pickupPincode: sellers.pickupPincode,
      /** what the courier collects for a cash-on-delivery parcel (docs/money.md, "Cash on delivery") */
      codAmountPaise: codParcels.amountPaise,
    })
    .from(orders)
    .innerJoin(sellers, eq(sellers.id, sellerId))
    .leftJoin(codParcels, and(eq(codParcels.orderId, orders.id), eq(codParcels.sellerId, sellerId)))
    .where(eq(orders.id, orderId))
    .limit(1);
  const items = await db
    .select({
      quantity: orderLines.quantity,
      linePricePaise: orderLines.linePricePaise,
      ...productBoxColumns,
    })
    .from(orderLines)
    .leftJoin(products, eq(products.id, orderLines.productId))
    .where(ofSubOrder(orderLines, orderId, sellerId));
  return { order, items };
}

/** AWBs of parcels made and not yet at an end state, least recently polled first (the polling safety net). */
export async function parcelsInTransit(db: DbOrTx, limit = 100): Promise<string[]> {
  const rows = await db
    .select({ awb: orderShipments.awb })
    .from(orderShipments)
    .where(
      and(
        eq(orderShipments.status, 'created'),
        eq(orderShipments.mode, 'courier'),
        sql`coalesce(${orderShipments.trackingState}, '') not in ('delivered', 'rtoDelivered')`,
      ),
    )
    .orderBy(sql`${orderShipments.lastPolledAt} asc nulls first`)
    .limit(limit);
  return rows.map((r) => r.awb!).filter(Boolean);
}

const parcelItemColumns = {
  quantity: cartItems.quantity,
  acceptsCod: sql<boolean>`coalesce(${sellers.acceptsCod}, true)`,
  ...packageColumns,
};

/**
 * The items a checkout is about to order, each with its seller's dispatch settings: the cart, or one buy-now item;
 * with `addressId`, each row also carries that address's PIN code (null: not the shopper's address), so checkout's
 * promise reads both in one statement (docs/delivery.md, "Checkout").
 */
export async function checkoutItems(
  db: DbOrTx,
  userId: string,
  buyNow: { productId: string; quantity: number } | undefined,
  addressId?: string,
) {
  const columns = {
    ...parcelItemColumns,
    deliveryPincode: addressId
      ? sql<string | null>`(select ${addresses.pincode} from ${addresses}
          where ${addresses.id} = ${addressId} and ${addresses.userId} = ${userId})`
      : sql<string | null>`null::text`,
  };
  if (buyNow) {
    return db
      .select({ ...columns, quantity: sql<number>`${buyNow.quantity}::int` })
      .from(products)
      .leftJoin(sellers, eq(sellers.id, products.sellerId))
      .where(eq(products.id, buyNow.productId));
  }
  // placing releases the shopper's held unpaid cart order first, its lines back into the cart: they are ordered too
  const held = db
    .select({ ...columns, quantity: orderLines.quantity })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .innerJoin(products, eq(products.id, orderLines.productId))
    .leftJoin(sellers, eq(sellers.id, products.sellerId))
    .where(
      and(
        eq(orders.userId, userId),
        eq(orders.stockHeld, true),
        eq(orders.paymentStatus, 'pending'),
        isNotNull(orders.cartId),
      ),
    );
  return db
    .select(columns)
    .from(cartItems)
    .innerJoin(carts, eq(carts.id, cartItems.cartId))
    .innerJoin(products, eq(products.id, cartItems.productId))
    .leftJoin(sellers, eq(sellers.id, products.sellerId))
    .where(eq(carts.userId, userId))
    .unionAll(held);
}

export async function addressPincode(db: DbOrTx, userId: string, addressId: string) {
  const [row] = await db
    .select({ pincode: addresses.pincode })
    .from(addresses)
    .where(and(eq(addresses.id, addressId), eq(addresses.userId, userId)))
    .limit(1);
  return row?.pincode;
}

/** The promise of each seller sub-order of a new order (a row per seller, awaiting the seller). */
export async function insertPromises(
  tx: DbOrTx,
  rows: {
    orderId: string;
    sellerId: string;
    shippingPaise: number;
    promisedDate: string;
    zone: string;
    billedGrams: number;
    deliveryPincode: string;
  }[],
) {
  if (rows.length === 0) return;
  await tx.insert(orderShipments).values(rows).onConflictDoNothing();
}

/** Parcels returning to their seller for more than `days` days (not yet back). */
export const rtoOverdue = (db: DbOrTx, days: number) =>
  db
    .select({ orderId: orderShipments.orderId, sellerId: orderShipments.sellerId })
    .from(orderShipments)
    .where(
      and(
        eq(orderShipments.trackingState, 'rto'),
        sql`${orderShipments.trackingAt} < now() - ${`${days} days`}::interval`,
      ),
    );

/** The seller ships the parcel itself: made at once, with its carrier, reference and the delivery code's hash. */
export async function shippedBySeller(
  tx: DbOrTx,
  id: string,
  own: { courierName: string | null; trackingRef: string | null; deliveryCodeHash: string },
) {
  await tx
    .update(orderShipments)
    .set({
      ...own,
      mode: 'self',
      status: 'created',
      nextAttemptAt: null,
      lastError: null,
      updatedAt: sql`now()`,
    })
    .where(eq(orderShipments.id, id));
}

/** A wrong delivery code: counted, in a row within `lockMinutes` of the last wrong one. */
export async function wrongCodeTried(tx: DbOrTx, id: string, lockMinutes: number) {
  await tx
    .update(orderShipments)
    .set({
      deliveryCodeTries: sql`case when ${orderShipments.deliveryCodeTriedAt} > now() - ${`${lockMinutes} minutes`}::interval
        then ${orderShipments.deliveryCodeTries} + 1 else 1 end`,
      deliveryCodeTriedAt: sql`now()`,
    })
    .where(eq(orderShipments.id, id));
}

/** Delivered with the code: the code is no longer kept. */
export async function deliveryCodeUsed(tx: DbOrTx, id: string) {
  await tx
    .update(orderShipments)
    .set({ deliveryCodeHash: null, deliveryCodeTries: 0, deliveryCodeTriedAt: null, updatedAt: sql`now()` })
    .where(eq(orderShipments.id, id));
}

/** The parcels of a page of orders (a seller's only, with `sellerId`), in one read: the lists' parcel column. */
export const parcelsOfOrders = (db: DbOrTx, orderIds: string[], sellerId?: string) =>
  orderIds.length === 0
    ? Promise.resolve([])
    : db
        .select()
        .from(orderShipments)
        .where(
          and(
            sql`${orderShipments.orderId} = any(${sql.param(orderIds)}::uuid[])`,
            sellerId ? eq(orderShipments.sellerId, sellerId) : undefined,
          ),
        );

/** SQL of isLate (packages/shared): a parcel past its promised IST date `today` and not delivered or returning. */
export const lateParcelOf = (orderId: typeof orders.id, today: string) => sql`exists (
  select 1 from ${orderShipments} s where s.order_id = ${orderId} and s.promised_date < ${today}::date
    and coalesce(s.tracking_state, '') not in ('delivered', 'rto', 'rtoDelivered'))`;

/** Each seller sub-order's shipping charge and what of it was given back (docs/money.md, "Delivery"). */
export const shippingOfOrder = (db: DbOrTx, orderId: string) =>
  db
    .select({
      key: orderShipments.sellerId,
      shippingPaise: orderShipments.shippingPaise,
      refundedPaise: orderShipments.shippingRefundedPaise,
    })
    .from(orderShipments)
    .where(eq(orderShipments.orderId, orderId))
    .orderBy(asc(orderShipments.sellerId));

/** A refund gave back part of these sub-orders' shipping (the caller holds the order's lock). */
export async function addShippingRefunded(
  tx: DbOrTx,
  orderId: string,
  parts: readonly { key: string; paise: number }[],
) {
  for (const p of parts) {
    await tx
      .update(orderShipments)
      .set({ shippingRefundedPaise: sql`${orderShipments.shippingRefundedPaise} + ${p.paise}` })
      .where(and(eq(orderShipments.orderId, orderId), eq(orderShipments.sellerId, p.key)));
  }
}

/** A seller sub-order's shipping as checkout charged it (zone null: no promise made at checkout, delivery off). */
export async function subOrderShipping(db: DbOrTx, orderId: string, sellerId: string) {
  const [row] = await db
    .select({ zone: orderShipments.zone, shippingPaise: orderShipments.shippingPaise })
    .from(orderShipments)
    .where(ofSubOrder(orderShipments, orderId, sellerId))
    .limit(1);
  return row;
}
