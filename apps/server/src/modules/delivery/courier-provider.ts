/**
 * What the shop asks of a courier aggregator (docs/delivery.md, "The courier"): whether a route is served (zone,
 * days, cash on delivery), a shipment with its AWB, the label PDF, and the parcel's tracking. One adapter speaks
 * the aggregator's HTTP API (shiprocket-courier.ts); tests and `pnpm start` run it against src/fakes/courier.
 */
import type { CourierZone, TrackingState } from '@mp/shared';

export type Serviceability =
  | { kind: 'served'; zone: CourierZone; routeDays: number; cod: boolean }
  | { kind: 'unserviceable' }
  /** the courier does not know this PIN code (which end: pickup or delivery) */
  | { kind: 'unknownPin'; end: 'pickup' | 'delivery' };

export interface ShipmentRequest {
  /** our idempotency reference: the same reference again is the same shipment */
  reference: string;
  pickupPin: string;
  deliveryPin: string;
  recipient: { name: string; phone: string; address: string; city: string; state: string };
  weightGrams: number;
  box: { lengthCm: number; widthCm: number; heightCm: number };
  cod: boolean;
  amountPaise: number;
}

export interface CreatedShipment {
  shipmentId: string;
  awb: string;
  courierName: string;
  /** YYYY-MM-DD */
  pickupDate: string | null;
}

export interface CourierEvent {
  /** the courier's id of the event, when it gives one */
  eventId: string | null;
  awb: string;
  state: TrackingState;
  /** ISO instant */
  at: string;
  location: string | null;
}

/** One end of a reverse shipment (the shopper's door, or the seller's pickup address it goes back to). */
export interface ReturnEnd {
  name: string;
  phone: string;
  address: string;
  city: string;
  state: string;
  pin: string;
}

/** A return's reverse pickup (docs/delivery.md, "Reverse pickup"): picked up at `from`, delivered to `to`. */
export interface ReturnShipmentRequest {
  /** our idempotency reference: the same reference again is the same return shipment */
  reference: string;
  from: ReturnEnd;
  to: ReturnEnd;
  items: { name: string; sku: string; units: number; unitPricePaise: number }[];
  weightGrams: number;
  box: { lengthCm: number; widthCm: number; heightCm: number };
}

export interface CreatedReturnShipment extends CreatedShipment {
  /** the courier's public tracking page of the AWB */
  trackingUrl: string;
}

/** A courier that also books reverse pickups (the aggregator's return-order API). */
export interface ReturnCourier {
  createReturnShipment(r: ReturnShipmentRequest): Promise<CreatedReturnShipment>;
  /** calls off a booked return shipment (the shopper cancelled the return before pickup) */
  cancelReturnShipment(awb: string): Promise<void>;
}

export interface CourierProvider {
  serviceability(q: { pickupPin: string; deliveryPin: string; weightGrams: number }): Promise<Serviceability>;
  createShipment(r: ShipmentRequest): Promise<CreatedShipment>;
  label(shipmentId: string): Promise<Buffer>;
  track(awb: string): Promise<CourierEvent[]>;
}

/** The courier did not answer, or answered 5xx: worth trying again later. */
export class CourierUnavailableError extends Error {
  override name = 'CourierUnavailableError';
}
/** The courier refused the request (4xx): trying again the same way will not help. */
export class CourierRefusedError extends Error {
  override name = 'CourierRefusedError';
}

/** The courier's status names → our tracking states (docs/delivery.md); anything else is not a state change. */
const STATUS_MAP: Readonly<Record<string, TrackingState>> = {
  'PICKED UP': 'shipped',
  SHIPPED: 'shipped',
  'IN TRANSIT': 'inTransit',
  'OUT FOR DELIVERY': 'outForDelivery',
  DELIVERED: 'delivered',
  'RTO INITIATED': 'rto',
  'RTO IN TRANSIT': 'rto',
  'RTO DELIVERED': 'rtoDelivered',
};
export const trackingStateOf = (courierStatus: string): TrackingState | undefined =>
  STATUS_MAP[courierStatus.trim().toUpperCase()];
