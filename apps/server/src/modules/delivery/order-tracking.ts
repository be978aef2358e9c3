/** The shopper's (or the admin's) view of an order's parcels (docs/delivery.md, "Tracking"): one read each. */
import type { TrackingDto } from '@mp/shared';
import type { Db } from '../../db/client';
import { findOwned, type Caller } from '../commerce/orders/order-access';
import { eventsOf, shipmentsOfOrder } from './delivery.repository';
import { parcelView } from './parcel-view';
import { shownDeliveryCode } from './delivery-code';

export async function orderTracking(
  db: Db,
  caller: Caller,
  orderId: string,
  /** the delivery codes' secret: the shopper (not the admin) sees the code of a parcel its seller brings */
  codeSecret: string,
  now = new Date(),
): Promise<TrackingDto> {
  const order = await findOwned(db, caller, orderId, { allowAdmin: true });
  const isShopper = order.userId === caller.id;
  const rows = await shipmentsOfOrder(db, orderId);
  const events = await eventsOf(
    db,
    rows.map((r) => r.shipment.id),
  );
  return {
    orderId,
    parcels: rows.map((r) =>
      parcelView(
        r.shipment,
        r.storeName,
        events.filter((e) => e.shipmentId === r.shipment.id),
        now,
        isShopper ? shownDeliveryCode(codeSecret, r.shipment) : null,
      ),
    ),
  };
}
