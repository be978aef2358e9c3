/**
 * The courier's tracking events (docs/delivery.md, "Tracking"), from the signed webhook or the polling safety
 * net, applied forward only: each state is kept once per parcel (its earliest report), the parcel's state is the
 * end of the one timeline (packages/shared trackingTimeline), and the seller's lines follow it under the order's
 * lock — shipped/in transit/out for delivery → inShipping, delivered → delivered (earned; only here, never by the
 * seller), RTO → the lines stay shipped until the refund of an RTO (a COD parcel is marked refused there).
 */
import { markCodParcelRefused } from '../commerce/cod/cod-parcels';
import { RTO_REFUND_AFTER_DAYS, trackingState, trackingTimeline, type TrackingState } from '@mp/shared';
import type { Db, Tx } from '../../db/client';
import type { OrderRow } from '../commerce/orders/order.mapper';
import type { Touched } from '../commerce/unit-of-work';
import type { Logger } from '../../lib/logger';
import type { Earnings } from '../commerce/earnings/earnings.service';
import type { MoneyService } from '../commerce/money/money.service';
import { linesOf, lockOrder } from '../commerce/orders/order.repository';
import { enqueueOutForDeliveryMail } from '../mail/parcel-mails';
import { moveOwnLinesIn } from '../commerce/seller-orders/seller-order.service';
import type { CourierEvent, CourierProvider } from './courier-provider';
import {
  addTrackingEvent,
  eventsOf,
  rtoOverdue,
  setTrackingState,
  shipmentByAwb,
} from './delivery.repository';

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
  const { outcome, refundId } = await deps.money.inTransaction((tx, touched) =>
    applyParcelEventIn(deps, tx, touched, shipment, e, COURIER),
  );
  // the refund goes to the provider now that the decision is committed
  if (refundId) await deps.money.sendAll([refundId]);
  return outcome;
}

/**
 * One parcel event inside the caller's transaction, whoever reported it: the courier, or the seller shipping
 * itself (its hand-over, and delivered with the shopper's code). The one path to delivered: earnings, tax
 * invoice and the shopper's mails follow from here. A refund it decides is for the caller to send after commit.
 */
export async function applyParcelEventIn(
  deps: Pick<TrackingDeps, 'money' | 'earnings'>,
  tx: Tx,
  touched: Touched,
  shipment: { id: string; orderId: string; sellerId: string },
  e: { state: TrackingState; at: string; location: string | null },
  actor: { userId: string | null; role: string },
): Promise<{ outcome: 'applied' | 'seen'; refundId: string | null }> {
  const order = (await lockOrder(tx, shipment.orderId))!;
  const isNew = await addTrackingEvent(tx, { shipmentId: shipment.id, ...e });
  if (!isNew) return { outcome: 'seen', refundId: null };
  const events = await eventsOf(tx, [shipment.id]);
  const timeline = trackingTimeline(
    events.map((r) => ({ state: r.state as TrackingState, at: r.at.toISOString() })),
  );
  const state = trackingState(timeline);
  await setTrackingState(tx, shipment.id, state, timeline.at(-1)?.at ?? null);
  const { orderId, sellerId } = shipment;
  let refundId: string | null = null;
  if (state === 'shipped' || state === 'inTransit' || state === 'outForDelivery') {
    await moveOwnLinesIn(tx, deps.earnings, orderId, sellerId, 'inShipping', actor);
    // the out-for-delivery mail, once per parcel (shipped and delivered are the line-status mails)
    if (state === 'outForDelivery') await enqueueOutForDeliveryMail(tx, shipment);
  } else if (state === 'delivered') {
    await moveOwnLinesIn(tx, deps.earnings, orderId, sellerId, 'delivered', actor);
    // the return window of each line starts here (docs/money.md, "Return window"); the GST invoice was issued when
    // the lines reached shipping
  } else if (state === 'rtoDelivered') {
    // back at the seller: a prepaid order is refunded in full; a cash-on-delivery parcel was refused, which
    // counts against the shopper's cash on delivery (docs/money.md, "Cash on delivery")
    if (order.paymentMethod === 'cod') await markCodParcelRefused(tx, orderId, sellerId);
    refundId = await refundRtoIn(deps, tx, touched, order, sellerId);
  }
  return { outcome: 'applied', refundId };
}

/**
 * RTO (docs/delivery.md): the seller's lines of a prepaid order not yet refunded are refunded in full through the
 * money use case (stock back, lines rejected), once per parcel (`rto:{order}:{seller}`).
 */
export async function refundRtoIn(
  deps: Pick<TrackingDeps, 'money'>,
  tx: Tx,
  touched: Touched,
  order: OrderRow,
  sellerId: string,
): Promise<string | null> {
  if (order.paymentMethod === 'cod' || order.paymentStatus !== 'paid') return null;
  const target = (await linesOf(tx, order.id, sellerId)).filter(
    (l) => l.refundId === null && l.status !== 'rejected',
  );
  if (target.length === 0) return null;
  return deps.money.refundLinesIn(tx, touched, order, target, {
    kind: 'courier_rto',
    reason: 'returned to the seller undelivered',
    dedupeKey: `rto:${order.id}:${sellerId}`,
    actor: COURIER,
  });
}

/** Parcels returning for more than RTO_REFUND_AFTER_DAYS are refunded without waiting for the seller's receipt. */
export async function refundLateRtos(deps: TrackingDeps): Promise<number> {
  let n = 0;
  for (const s of await rtoOverdue(deps.db, RTO_REFUND_AFTER_DAYS)) {
    let refundId: string | null = null;
    await deps.money.inTransaction(async (tx, touched) => {
      const order = (await lockOrder(tx, s.orderId))!;
      refundId = await refundRtoIn(deps, tx, touched, order, s.sellerId);
    });
    if (refundId) {
      n++;
      await deps.money.sendAll([refundId]);
    }
  }
  return n;
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
