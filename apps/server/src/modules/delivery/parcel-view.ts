/** A seller sub-order's parcel as the shopper, the seller and the admin see it (docs/delivery.md, "Tracking"). */
import {
  TRACKING_LABELS,
  isLate,
  toRupees,
  trackingTimeline,
  type ParcelDto,
  type ParcelSummary,
  type TrackingState,
} from '@mp/shared';
import type { ShipmentRow } from './delivery.repository';

const SHIPMENT_LABELS = {
  awaiting: 'Awaiting dispatch',
  creating: 'Creating shipment',
  created: 'Ready for pickup',
  failed: 'Shipment not created',
} as const;

export function parcelView(
  s: ShipmentRow,
  storeName: string,
  events: { state: string; at: Date; location: string | null }[],
  now: Date,
  /** the shopper's delivery code, for the shopper's own view only */
  deliveryCode: string | null = null,
): ParcelDto {
  const timeline = trackingTimeline(
    events.map((e) => ({
      state: e.state as TrackingState,
      at: e.at.toISOString(),
      location: e.location ?? undefined,
    })),
  );
  const state = (s.trackingState as TrackingState | null) ?? null;
  return {
    sellerId: s.sellerId,
    storeName,
    shipment: s.status,
    awb: s.awb,
    courierName: s.courierName,
    pickupDate: s.pickupDate,
    state,
    stateLabel: state ? TRACKING_LABELS[state] : SHIPMENT_LABELS[s.status],
    promisedDate: s.promisedDate,
    shippingCharge: toRupees(s.shippingPaise),
    late: isLate(s.promisedDate, state, now),
    events: timeline.map((e) => ({
      state: e.state,
      label: TRACKING_LABELS[e.state],
      at: e.at,
      location: e.location ?? null,
    })),
    mode: s.mode,
    trackingRef: s.trackingRef,
    deliveryCode: state === 'delivered' ? null : deliveryCode,
  };
}

/** A parcel in the seller's and admin's order lists: its state, AWB and the late flag. */
export function parcelSummary(s: ShipmentRow, now: Date): ParcelSummary {
  const state = (s.trackingState as TrackingState | null) ?? null;
  return {
    sellerId: s.sellerId,
    shipment: s.status,
    mode: s.mode,
    awb: s.awb,
    state,
    stateLabel: state ? TRACKING_LABELS[state] : SHIPMENT_LABELS[s.status],
    promisedDate: s.promisedDate,
    late: isLate(s.promisedDate, state, now),
  };
}
