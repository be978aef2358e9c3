/**
 * A seller marks its part of a paid order ready (docs/delivery.md, "Shipments"): in one transaction under the
 * order's lock, its lines move to in process and its shipment row is queued (`creating`); the courier is called
 * after the commit by the worker (make-shipments.ts). Asking again changes nothing; a failed shipment is queued
 * again.
 */
import { conflict } from '../../lib/errors';
import type { Db, Tx } from '../../db/client';
import type { Earnings } from '../commerce/earnings/earnings.service';
import type { MoneyService } from '../commerce/money/money.service';
import { deriveOrderStatus, type OrderRow } from '../commerce/orders/order.mapper';
import { linesOf } from '../commerce/orders/order.repository';
import { moveOwnLinesIn, sellerOrder } from '../commerce/seller-orders/seller-order.service';
import { AppError } from '../../lib/errors';
import {
  eventsOf,
  lockShipment,
  queueShipment,
  sellerSettings,
  shipmentOf,
  type ShipmentRow,
} from './delivery.repository';
import { parcelView } from './parcel-view';

export interface ShipDeps {
  db: Db;
  money: MoneyService;
  earnings: Earnings;
  /** runs the queue now (the worker's timer runs it too) */
  kick: () => void;
}

/**
 * Locks the order and the seller's shipment row of a part that may still ship (409 for a rejected or delivered
 * part; 404 for an order that is not the seller's), by courier or by the seller itself.
 */
export async function lockShippablePart(
  tx: Tx,
  sellerId: string,
  orderId: string,
): Promise<{ order: OrderRow; shipment: ShipmentRow }> {
  const order = await sellerOrder(tx, sellerId, orderId, true);
  const current = deriveOrderStatus((await linesOf(tx, orderId, sellerId)).map((l) => l.status));
  if (current === 'rejected' || current === 'delivered') {
    throw new AppError(409, 'INVALID_STATUS_TRANSITION', `This order is ${current}: it cannot be shipped`);
  }
  return { order, shipment: await lockShipment(tx, orderId, sellerId) };
}

export async function shipOrder(
  deps: ShipDeps,
  sellerId: string,
  orderId: string,
  actor: { userId: string; role: string },
) {
  const settings = await sellerSettings(deps.db, sellerId);
  if (!settings?.pickupPincode) {
    throw conflict('Set your pickup address and PIN code in the store settings first', 'PICKUP_NOT_SET');
  }
  const queued = await deps.money.inTransaction(async (tx) => {
    const { shipment } = await lockShippablePart(tx, sellerId, orderId);
    if (shipment.status !== 'awaiting' && shipment.status !== 'failed') return false;
    await queueShipment(tx, shipment.id);
    await moveOwnLinesIn(tx, deps.earnings, orderId, sellerId, 'inProcess', actor);
    return true;
  });
  if (queued) deps.kick();
  const s = (await shipmentOf(deps.db, orderId, sellerId))!;
  return { queued, parcel: parcelView(s, '', await eventsOf(deps.db, [s.id]), new Date()) };
}
