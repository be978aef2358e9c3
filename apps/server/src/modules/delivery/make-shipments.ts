/**
 * Shipments are made with the courier from a durable queue (docs/delivery.md, "Shipments"): marking a sub-order
 * ready commits an `order_shipments` row in `creating`; this worker makes each with the courier after the commit,
 * our row id as the courier's order reference (a retry finds the same shipment). A courier that is down is tried
 * again with back-off (30 s, doubling, at most an hour); a refusal leaves the row `failed` for the seller to retry.
 */
import { packageFor, parcelBilledGrams } from '@mp/shared';
import type { Db } from '../../db/client';
import { retryDelayMs } from '../../db/durable-queue';
import type { Logger } from '../../lib/logger';
import { CourierUnavailableError, type CourierProvider } from './courier-provider';
import { setCodParcelAwb } from '../commerce/cod/cod-parcels';
import { ownPackage } from './delivery-estimate';
import {
  dueShipments,
  parcelContents,
  shipmentAttemptFailed,
  shipmentMade,
  type ShipmentRow,
} from './delivery.repository';

export interface ShipmentWorkerDeps {
  db: Db;
  courier: CourierProvider | undefined;
  logger: Logger;
}

async function makeOne(deps: ShipmentWorkerDeps & { courier: CourierProvider }, s: ShipmentRow) {
  const { order, items } = await parcelContents(deps.db, s.orderId, s.sellerId);
  if (!order?.pickupPincode) {
    await shipmentAttemptFailed(deps.db, s.id, 'the seller has no pickup PIN code', null);
    return;
  }
  const pkgs = items.map((i) => ({
    pkg: packageFor(i.category ?? 'accessories', ownPackage(i)),
    quantity: i.quantity,
  }));
  const largest = pkgs
    .map((p) => p.pkg)
    .sort((a, b) => b.lengthCm * b.widthCm * b.heightCm - a.lengthCm * a.widthCm * a.heightCm)[0];
  try {
    const made = await deps.courier.createShipment({
      reference: s.id,
      pickupPin: order.pickupPincode,
      deliveryPin: order.pincode,
      recipient: {
        name: order.recipientName || order.buyerName,
        phone: order.phone,
        address: order.address,
        city: order.city,
        state: order.state ?? '',
      },
      weightGrams: parcelBilledGrams(pkgs),
      box: largest ?? { lengthCm: 10, widthCm: 10, heightCm: 10 },
      cod: order.paymentMethod === 'cod',
      // cash on delivery: what its parcel collects (lines still owed and its shipping); else the goods' value
      amountPaise:
        order.paymentMethod === 'cod'
          ? (order.codAmountPaise ?? 0)
          : items.reduce((sum, i) => sum + i.linePricePaise * i.quantity, 0),
    });
    await deps.db.transaction(async (tx) => {
      await shipmentMade(tx, s.id, {
        courierShipmentId: made.shipmentId,
        awb: made.awb,
        courierName: made.courierName,
        pickupDate: made.pickupDate,
      });
      // a cash-on-delivery parcel is known by its AWB when the courier remits for it (docs/money.md)
      if (order.paymentMethod === 'cod') await setCodParcelAwb(tx, s.orderId, s.sellerId, made.awb);
    });
    // the seller's GST tax invoice is issued when its lines reach shipping (seller-order.service.ts, docs/tax.md)
  } catch (err) {
    const retry = err instanceof CourierUnavailableError ? retryDelayMs(s.attempts) : null;
    deps.logger.warn({ err, shipmentId: s.id, retry }, 'making a shipment with the courier failed');
    await shipmentAttemptFailed(deps.db, s.id, (err as Error).message, retry);
  }
}

/** Makes every due shipment once; answers how many were tried. */
export async function makeDueShipments(deps: ShipmentWorkerDeps): Promise<number> {
  const courier = deps.courier;
  if (!courier) return 0;
  const due = await dueShipments(deps.db);
  for (const s of due) await makeOne({ ...deps, courier }, s);
  return due.length;
}
