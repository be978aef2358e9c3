/**
 * The courier's tracking events (docs/delivery.md, "Tracking"), from the signed webhook or the polling safety
 * net, applied forward only: each state is kept once per parcel (its earliest report), the parcel's state is the
 * end of the one timeline (packages/shared trackingTimeline), and the seller's lines follow it under the order's
 * lock — shipped/in transit/out for delivery → inShipping, delivered → delivered (earned; only here, never by the
 * seller), RTO → the lines stay shipped until the refund of an RTO (the payments task counts a COD refusal there).
 */
import { trackingState, trackingTimeline, type TrackingState } from '@mp/shared';
import type { Db } from '../../db/client';
import type { Logger } from '../../lib/logger';
import type { Earnings } from '../commerce/earnings/earnings.service';
import type { MoneyService } from '../commerce/money/money.service';
import { lockOrder } from '../commerce/orders/order.repository';
import { moveOwnLinesIn } from '../commerce/seller-orders/seller-order.service';
import type { CourierEvent, CourierProvider } from './courier-provider';
import { addTrackingEvent, eventsOf, setTrackingState, shipmentByAwb } from './delivery.repository';

export interface TrackingDeps {
  db: Db;
  money: MoneyService;
  earnings: Earnings;
  logger: Logger;
}

const COURIER = { userId: null, role: 'courier' };

/** Applies one event; answers whether it changed the parcel's timeline ('unknown' for an AWB not ours). */
export async function applyCourierEvent(
  deps: TrackingDeps,
  e: CourierEvent,
): Promise<'applied' | 'seen' | 'unknown'> {
  const shipment = await shipmentByAwb(deps.db, e.awb);
  if (!shipment) return 'unknown';
  return deps.money.inTransaction(async (tx) => {
    await lockOrder(tx, shipment.orderId);
    const isNew = await addTrackingEvent(tx, {
      shipmentId: shipment.id,
      state: e.state,
      at: e.at,
      location: e.location,
    });
    if (!isNew) return 'seen';
    const events = await eventsOf(tx, [shipment.id]);
    const timeline = trackingTimeline(
      events.map((r) => ({ state: r.state as TrackingState, at: r.at.toISOString() })),
    );
    const state = trackingState(timeline);
    const last = timeline.at(-1);
    await setTrackingState(tx, shipment.id, state, last?.at ?? null);
    if (state === 'shipped' || state === 'inTransit' || state === 'outForDelivery') {
      await moveOwnLinesIn(tx, deps.earnings, shipment.orderId, shipment.sellerId, 'inShipping', COURIER);
    } else if (state === 'delivered') {
      await moveOwnLinesIn(tx, deps.earnings, shipment.orderId, shipment.sellerId, 'delivered', COURIER);
      // the return window starts here (RETURN_WINDOW_DAYS); the tax task's invoice is already issued at shipment
    } else if (state === 'rto' || state === 'rtoDelivered') {
      // RTO: the prepaid refund when back at the seller (or after 10 days) goes here through the money use cases;
      // a COD order's refusal is counted by the payments task's function here (wired at merge)
    }
    return 'applied';
  });
}

/** Polling safety net: the courier's own record of each parcel still on its way, applied like webhook events. */
export async function pollParcels(
  deps: TrackingDeps & { courier: CourierProvider | undefined },
  awbs: string[],
): Promise<number> {
  if (!deps.courier) return 0;
  let applied = 0;
  for (const awb of awbs) {
    try {
      for (const e of await deps.courier.track(awb)) {
        if ((await applyCourierEvent(deps, e)) === 'applied') applied++;
      }
    } catch (err) {
      deps.logger.warn({ err, awb }, 'polling a parcel failed');
    }
  }
  return applied;
}
