/**
 * The courier adapter: a Shiprocket-like aggregator's HTTP API (docs/delivery.md, "The courier"). Bearer key;
 * serviceability by query; shipment = ad-hoc order then AWB assignment (the order id is our reference, so a retry
 * finds the same shipment); a return's reverse pickup = return order then AWB assignment `is_return`; label by URL;
 * tracking by AWB. Every call is bounded by `timeoutMs`.
 */
import {
  CourierRefusedError,
  CourierUnavailableError,
  trackingStateOf,
  type CourierEvent,
  type CourierProvider,
  type CreatedReturnShipment,
  type ReturnCourier,
  type ReturnShipmentRequest,
  type Serviceability,
  type ShipmentRequest,
} from './courier-provider';
import { COURIER_ZONES, type CourierZone } from '@mp/shared';

export interface CourierConfig {
  apiBase: string;
  apiKey: string;
  timeoutMs?: number;
}

/** The fields of the aggregator's answers the adapter reads; each is checked before use. */
interface Answer {
  message?: string;
  status?: number;
  errors?: { pickup_postcode?: unknown };
  data?: { available_courier_companies?: Courier[] };
  shipment_id?: number | string;
  response?: {
    data?: {
      awb_code?: string;
      courier_name?: string;
      pickup_scheduled_date?: string;
      tracking_url?: string;
    };
  };
  label_url?: string;
  tracking_data?: { shipment_track_activities?: Record<string, unknown>[] };
}

interface Courier {
  zone?: string;
  estimated_delivery_days?: string | number;
  cod?: number | boolean;
}

const refusedError = (status: number, json: Answer) =>
  new CourierRefusedError(`courier refused (${status}): ${json.message ?? 'no reason given'}`);

function servedFrom(status: number, json: Answer): Serviceability {
  if (status === 422) {
    return { kind: 'unknownPin', end: json.errors?.pickup_postcode ? 'pickup' : 'delivery' };
  }
  if (status >= 400) throw refusedError(status, json);
  const couriers = json.data?.available_courier_companies ?? [];
  if (json.status === 404 || couriers.length === 0) return { kind: 'unserviceable' };
  const best = couriers[0]!;
  const zone = String(best.zone ?? '')
    .replace(/^z_/, '')
    .toUpperCase() as CourierZone;
  return {
    kind: 'served',
    zone: COURIER_ZONES.includes(zone) ? zone : 'D',
    routeDays: Math.max(1, Number(best.estimated_delivery_days) || 5),
    cod: couriers.some((c) => c.cod === 1 || c.cod === true),
  };
}

function shipmentBody(r: ShipmentRequest) {
  return {
    order_id: r.reference,
    order_date: new Date().toISOString().slice(0, 10),
    pickup_postcode: r.pickupPin,
    billing_customer_name: r.recipient.name,
    billing_phone: r.recipient.phone,
    billing_address: r.recipient.address,
    billing_city: r.recipient.city,
    billing_state: r.recipient.state,
    billing_pincode: r.deliveryPin,
    billing_country: 'India',
    shipping_is_billing: true,
    payment_method: r.cod ? 'COD' : 'Prepaid',
    sub_total: r.amountPaise / 100,
    weight: r.weightGrams / 1000,
    length: r.box.lengthCm,
    breadth: r.box.widthCm,
    height: r.box.heightCm,
  };
}

/** Shiprocket's return order: `pickup_*` is the shopper's door, `shipping_*` where the parcel goes back to. */
function returnBody(r: ReturnShipmentRequest) {
  return {
    order_id: r.reference,
    order_date: new Date().toISOString().slice(0, 10),
    pickup_customer_name: r.from.name,
    pickup_address: r.from.address,
    pickup_city: r.from.city,
    pickup_state: r.from.state,
    pickup_country: 'India',
    pickup_pincode: r.from.pin,
    pickup_phone: r.from.phone,
    shipping_customer_name: r.to.name,
    shipping_address: r.to.address,
    shipping_city: r.to.city,
    shipping_state: r.to.state,
    shipping_country: 'India',
    shipping_pincode: r.to.pin,
    shipping_phone: r.to.phone,
    order_items: r.items.map((i) => ({
      name: i.name,
      sku: i.sku,
      units: i.units,
      selling_price: i.unitPricePaise / 100,
    })),
    payment_method: 'Prepaid',
    sub_total: r.items.reduce((sum, i) => sum + i.units * i.unitPricePaise, 0) / 100,
    length: r.box.lengthCm,
    breadth: r.box.widthCm,
    height: r.box.heightCm,
    weight: r.weightGrams / 1000,
  };
}

function eventsFrom(awb: string, activities: Record<string, unknown>[]): CourierEvent[] {
  const events: CourierEvent[] = [];
  for (const a of activities) {
    const state = trackingStateOf(String(a.status ?? a['sr-status-label'] ?? ''));
    if (!state) continue;
    events.push({
      eventId: a.event_id ? String(a.event_id) : null,
      awb,
      state,
      at: new Date(String(a.date)).toISOString(),
      location: a.location ? String(a.location) : null,
    });
  }
  return events;
}

type Call = (
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
) => Promise<{ status: number; json: Answer }>;

/** One request to Shiprocket's API: a 5xx, a 429 or no answer is CourierUnavailableError (tried again later). */
function callerOf(config: CourierConfig, timeoutMs: number): Call {
  return async (method, path, body) => {
    let res: Response;
    try {
      res = await fetch(`${config.apiBase}${path}`, {
        method,
        headers: { authorization: `Bearer ${config.apiKey}`, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (err) {
      throw new CourierUnavailableError(`courier unreachable: ${(err as Error).message}`);
    }
    const json = (await res.json().catch(() => ({}))) as Answer;
    if (res.status >= 500 || res.status === 429) {
      throw new CourierUnavailableError(`courier answered ${res.status}: ${json.message ?? ''}`.trim());
    }
    return { status: res.status, json };
  };
}

/** Creates an order (forward or return) and assigns its AWB: the two calls every booking makes. */
async function book(call: Call, path: string, body: unknown, assign: Record<string, unknown> = {}) {
  const order = await call('POST', path, body);
  if (order.status >= 400 || !order.json.shipment_id) throw refusedError(order.status, order.json);
  const awb = await call('POST', '/v1/external/courier/assign/awb', {
    shipment_id: order.json.shipment_id,
    ...assign,
  });
  const data = awb.json.response?.data;
  if (awb.status >= 400 || !data?.awb_code) throw refusedError(awb.status, awb.json);
  return {
    shipmentId: String(order.json.shipment_id),
    awb: String(data.awb_code),
    courierName: String(data.courier_name ?? 'Courier'),
    pickupDate: data.pickup_scheduled_date ? String(data.pickup_scheduled_date).slice(0, 10) : null,
    trackingUrl: data.tracking_url ? String(data.tracking_url) : null,
  };
}

export function createShiprocketCourier(config: CourierConfig): CourierProvider & ReturnCourier {
  const timeoutMs = config.timeoutMs ?? 8000;
  const call = callerOf(config, timeoutMs);
  const refused = refusedError;

  return {
    async serviceability({ pickupPin, deliveryPin, weightGrams }): Promise<Serviceability> {
      const q = new URLSearchParams({
        pickup_postcode: pickupPin,
        delivery_postcode: deliveryPin,
        weight: String(weightGrams / 1000),
        cod: '1',
      });
      const { status, json } = await call('GET', `/v1/external/courier/serviceability/?${q}`);
      return servedFrom(status, json);
    },

    async createShipment(r) {
      const { trackingUrl: _unused, ...made } = await book(
        call,
        '/v1/external/orders/create/adhoc',
        shipmentBody(r),
      );
      return made;
    },

    async createReturnShipment(r): Promise<CreatedReturnShipment> {
      const made = await book(call, '/v1/external/orders/create/return', returnBody(r), { is_return: 1 });
      return {
        ...made,
        trackingUrl: made.trackingUrl ?? `https://shiprocket.co/tracking/${encodeURIComponent(made.awb)}`,
      };
    },

    async cancelReturnShipment(awb) {
      const made = await call('POST', '/v1/external/orders/cancel/shipment/awbs', { awbs: [awb] });
      if (made.status >= 400) throw refused(made.status, made.json);
    },

    async label(shipmentId) {
      const made = await call('POST', '/v1/external/courier/generate/label', {
        shipment_id: [Number(shipmentId)],
      });
      if (made.status >= 400 || !made.json.label_url) throw refused(made.status, made.json);
      let res: Response;
      try {
        res = await fetch(String(made.json.label_url), { signal: AbortSignal.timeout(timeoutMs) });
      } catch (err) {
        throw new CourierUnavailableError(`label unreachable: ${(err as Error).message}`);
      }
      if (!res.ok) throw new CourierUnavailableError(`label answered ${res.status}`);
      return Buffer.from(await res.arrayBuffer());
    },

    async track(awb) {
      const { status, json } = await call('GET', `/v1/external/courier/track/awb/${encodeURIComponent(awb)}`);
      if (status >= 400) throw refused(status, json);
      const activities = json.tracking_data?.shipment_track_activities ?? [];
      return eventsFrom(awb, activities);
    },
  };
}
