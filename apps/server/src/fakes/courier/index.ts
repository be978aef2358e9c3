/**
 * A local courier aggregator speaking the Shiprocket-like API our adapter calls (docs/delivery.md, "The courier"):
 * serviceability, ad-hoc order → shipment, return order → reverse shipment (picked up at the shopper, delivered to
 * the seller), AWB assignment, label PDF, tracking by AWB and a public tracking page, and tracking webhooks signed
 * with HMAC-SHA256 of the raw body. Used by the tests (each starts its own) and by `pnpm start` without
 * COURIER_API_KEY outside production. `controls` move parcels along and misbehave on purpose.
 */
import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import PDFDocument from 'pdfkit';
import { ZONE_DAYS, districtOf, zoneOf } from './pincodes';

/** The courier's own status names, in the order a parcel goes through them. */
export const COURIER_STATUSES = [
  'PICKED UP',
  'IN TRANSIT',
  'OUT FOR DELIVERY',
  'DELIVERED',
  'RTO INITIATED',
  'RTO DELIVERED',
] as const;
export type CourierStatus = (typeof COURIER_STATUSES)[number];

export interface FakeParcel {
  shipmentId: number;
  orderId: string;
  awb: string;
  pickupPostcode: string;
  deliveryPostcode: string;
  weightKg: number;
  events: { event_id: string; status: CourierStatus; at: string; location: string }[];
  lost: boolean;
  /** a return order's reverse shipment: picked up at the shopper's, delivered to the seller */
  isReturn: boolean;
  /** called off before pickup: no more events */
  cancelled: boolean;
}

export interface CourierFakeControls {
  parcels: Map<string, FakeParcel>;
  /** where tracking webhooks go (our POST /api/couriers/webhook) */
  webhookUrl: string | undefined;
  /** webhook bodies sent, in order */
  sent: string[];
  /** the next `n` create-shipment calls answer 503 (the courier is down) */
  failCreates(n: number): void;
  /** the next `n` create-return-order calls answer 503 (the courier is down) */
  failReturns(n: number): void;
  /** the next create-return-order call is made, but answered only after `ms` (a caller's time-out) */
  delayNextReturn(ms: number): void;
  /** the AWB of the return shipment made for our return reference */
  returnAwbOf(reference: string): string | undefined;
  /** how many return orders were made (a retried reference is the same one) */
  returnOrders(): number;
  /** the next `n` cancel calls answer 503 (the courier is down) */
  failCancels(n: number): void;
  /** the parcel's next status (or the one given), reported by webhook; nothing for a lost parcel */
  advance(awb: string, to?: CourierStatus): Promise<void>;
  /** the last event of the parcel, sent again */
  duplicate(awb: string): Promise<void>;
  /** these statuses happen in order but their webhooks arrive in reverse */
  reorder(awb: string, statuses: CourierStatus[]): Promise<void>;
  /** the parcel is lost: no more events, tracking stays where it was */
  lose(awb: string): void;
  /** the AWB of the shipment made for our order id */
  awbOf(orderId: string): string | undefined;
}

export interface CourierFake {
  url: string;
  controls: CourierFakeControls;
  stop(): Promise<void>;
}

export interface CourierFakeOptions {
  port?: number;
  apiKey: string;
  webhookSecret: string;
  webhookUrl?: string;
  /** advance every parcel one status this often (the demo of `pnpm start`); off when unset */
  autoAdvanceMs?: number;
}

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

async function readBody(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  const raw = Buffer.concat(chunks).toString('utf8');
  try {
    return raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

function labelPdf(p: FakeParcel): Promise<Buffer> {
  return new Promise((resolve) => {
    const doc = new PDFDocument({ size: [288, 432], margin: 18 });
    const parts: Buffer[] = [];
    doc.on('data', (c: Buffer) => parts.push(c));
    doc.on('end', () => resolve(Buffer.concat(parts)));
    doc.fontSize(16).text('Fake Express', { align: 'center' });
    doc.moveDown().fontSize(12).text(`AWB ${p.awb}`);
    doc.text(`Order ${p.orderId}`);
    doc.text(`From PIN ${p.pickupPostcode}`);
    doc.text(`To PIN ${p.deliveryPostcode}`);
    doc.text(`Weight ${p.weightKg} kg`);
    doc.end();
  });
}

function serviceability(url: URL, res: ServerResponse) {
  const pickup = url.searchParams.get('pickup_postcode') ?? '';
  const delivery = url.searchParams.get('delivery_postcode') ?? '';
  const from = districtOf(pickup);
  const to = districtOf(delivery);
  if (!from || !to) {
    const field = !from ? 'pickup_postcode' : 'delivery_postcode';
    return json(res, 422, {
      status_code: 422,
      message: `Invalid ${field}`,
      errors: { [field]: [`${!from ? pickup : delivery} is not a known postcode`] },
    });
  }
  if (!from.serviceable || !to.serviceable) {
    return json(res, 200, { status: 404, message: 'No courier serviceable for this route' });
  }
  const zone = zoneOf(from, to);
  const weight = Number(url.searchParams.get('weight') ?? '0.5') || 0.5;
  return json(res, 200, {
    status: 200,
    data: {
      available_courier_companies: [
        {
          courier_company_id: 1,
          courier_name: 'Fake Express',
          zone: `z_${zone.toLowerCase()}`,
          estimated_delivery_days: String(ZONE_DAYS[zone]),
          cod: from.cod && to.cod ? 1 : 0,
          rate: Math.ceil(weight * 2) * 30,
        },
      ],
    },
  });
}

const nextStatus = (p: FakeParcel): CourierStatus | undefined => {
  const last = p.events.at(-1)?.status;
  if (!last) return 'PICKED UP';
  // a return goes from the shopper's door straight back to the seller
  if (p.isReturn)
    return last === 'PICKED UP' ? 'IN TRANSIT' : last === 'IN TRANSIT' ? 'DELIVERED' : undefined;
  if (last === 'RTO INITIATED') return 'RTO DELIVERED';
  if (last === 'DELIVERED' || last === 'RTO DELIVERED') return undefined;
  return COURIER_STATUSES[COURIER_STATUSES.indexOf(last) + 1];
};

export async function startCourierFake(options: CourierFakeOptions): Promise<CourierFake> {
  const parcels = new Map<string, FakeParcel>(); // by AWB
  const byShipment = new Map<number, FakeParcel>();
  const byOrder = new Map<string, FakeParcel>();
  const sent: string[] = [];
  const returnsByOrder = new Map<string, FakeParcel>();
  let failing = 0;
  let failingReturns = 0;
  let returnDelayMs = 0;
  let failingCancels = 0;
  let seq = 0;
  let base = '';

  const controls: CourierFakeControls = {
    parcels,
    webhookUrl: options.webhookUrl,
    sent,
    failCreates: (n) => void (failing = n),
    advance: async (awb, to) => {
      const p = parcels.get(awb);
      if (!p || p.lost || p.cancelled) return;
      const status = to ?? nextStatus(p);
      if (!status) return;
      await send(p, record(p, status));
    },
    duplicate: async (awb) => {
      const p = parcels.get(awb);
      const last = p?.events.at(-1);
      if (p && last) await send(p, last);
    },
    reorder: async (awb, statuses) => {
      const p = parcels.get(awb);
      if (!p) return;
      const made = statuses.map((s) => record(p, s));
      for (const e of made.reverse()) await send(p, e);
    },
    lose: (awb) => {
      const p = parcels.get(awb);
      if (p) p.lost = true;
    },
    awbOf: (orderId) => byOrder.get(orderId)?.awb,
    failReturns: (n) => void (failingReturns = n),
    delayNextReturn: (ms) => void (returnDelayMs = ms),
    returnAwbOf: (reference) => returnsByOrder.get(reference)?.awb,
    returnOrders: () => returnsByOrder.size,
    failCancels: (n) => void (failingCancels = n),
  };

  function record(p: FakeParcel, status: CourierStatus) {
    const e = {
      event_id: `ev_${++seq}`,
      status,
      at: new Date(Date.now() + seq).toISOString(),
      location:
        status === 'DELIVERED' || status === 'OUT FOR DELIVERY'
          ? p.deliveryPostcode
          : status === 'PICKED UP' && p.isReturn
            ? p.pickupPostcode
            : 'Hub',
    };
    p.events.push(e);
    return e;
  }

  async function send(p: FakeParcel, e: FakeParcel['events'][number]) {
    const body = JSON.stringify({
      event_id: e.event_id,
      awb: p.awb,
      order_id: p.orderId,
      shipment_id: p.shipmentId,
      current_status: e.status,
      current_timestamp: e.at,
      location: e.location,
      is_return: p.isReturn ? 1 : 0,
    });
    sent.push(body);
    if (!controls.webhookUrl) return;
    const signature = createHmac('sha256', options.webhookSecret).update(body).digest('hex');
    await fetch(controls.webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-courier-signature': signature },
      body,
    }).catch(() => undefined);
  }

  /**
   * The parcel of a channel order (ad-hoc or return): the same order id again is the same parcel (a retried call
   * makes one); a 422 answer when the order id or a PIN code is missing or unknown.
   */
  /** The parcel a create call names: its order id, weight and the two PIN codes under `pinFields` of `body`. */
  function parcelOf(
    body: Record<string, unknown>,
    pinFields: [pickup: string, delivery: string],
    isReturn: boolean,
    res: ServerResponse,
  ): FakeParcel | undefined {
    const orderId = String(body.order_id ?? '');
    const weight = body.weight;
    const pins = { pickup: String(body[pinFields[0]] ?? ''), delivery: String(body[pinFields[1]] ?? '') };
    if (!orderId || !districtOf(pins.pickup) || !districtOf(pins.delivery)) {
      json(res, 422, { status_code: 422, message: `order_id, ${pinFields.join(' and ')} needed` });
      return undefined;
    }
    const index = isReturn ? returnsByOrder : byOrder;
    let p = index.get(orderId);
    if (!p) {
      const shipmentId = 100_000 + byShipment.size + 1;
      p = {
        shipmentId,
        orderId,
        awb: `${isReturn ? 'RX' : 'FX'}${String(shipmentId).padStart(10, '0')}`,
        pickupPostcode: pins.pickup,
        deliveryPostcode: pins.delivery,
        weightKg: Number(weight ?? 0.5),
        events: [],
        lost: false,
        isReturn,
        cancelled: false,
      };
      index.set(orderId, p);
      byShipment.set(shipmentId, p);
    }
    return p;
  }

  const unavailable = (res: ServerResponse) =>
    json(res, 503, { status_code: 503, message: 'Service temporarily unavailable' });

  function createOrder(body: Record<string, unknown>, res: ServerResponse) {
    if (failing > 0) {
      failing--;
      return unavailable(res);
    }
    const p = parcelOf(body, ['pickup_postcode', 'billing_pincode'], false, res);
    if (!p) return;
    return json(res, 200, { order_id: p.shipmentId, shipment_id: p.shipmentId, status: 'NEW' });
  }

  /** Shiprocket's return order: pickup_* is the customer's address, shipping_* the warehouse it goes back to */
  async function createReturn(body: Record<string, unknown>, res: ServerResponse) {
    if (failingReturns > 0) {
      failingReturns--;
      return unavailable(res);
    }
    const p = parcelOf(body, ['pickup_pincode', 'shipping_pincode'], true, res);
    if (!p) return;
    if (returnDelayMs > 0) {
      const ms = returnDelayMs;
      returnDelayMs = 0;
      await new Promise((r) => setTimeout(r, ms));
    }
    return json(res, 200, {
      order_id: p.shipmentId,
      shipment_id: p.shipmentId,
      status: 'RETURN PENDING',
      status_code: 21,
    });
  }

  function assignAwb(body: Record<string, unknown>, res: ServerResponse) {
    const p = byShipment.get(Number(body.shipment_id));
    if (!p) return json(res, 404, { status_code: 404, message: 'Shipment not found' });
    if (Boolean(Number(body.is_return ?? 0)) !== p.isReturn) {
      return json(res, 422, { status_code: 422, message: 'is_return does not match the shipment' });
    }
    parcels.set(p.awb, p);
    const pickupDate = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    return json(res, 200, {
      awb_assign_status: 1,
      response: {
        data: {
          awb_code: p.awb,
          courier_name: 'Fake Express',
          shipment_id: p.shipmentId,
          pickup_scheduled_date: pickupDate,
          tracking_url: `${base}/tracking/${p.awb}`,
        },
      },
    });
  }

  /** Shiprocket's cancel by AWB: refused once the courier has the parcel; cancelling again is fine */
  function cancelShipments(body: Record<string, unknown>, res: ServerResponse) {
    if (failingCancels > 0) {
      failingCancels--;
      return unavailable(res);
    }
    const awbs = Array.isArray(body.awbs) ? body.awbs.map(String) : [];
    const found = awbs.map((a) => parcels.get(a));
    if (!awbs.length || found.some((p) => !p))
      return json(res, 400, { status_code: 400, message: 'awbs must name assigned AWBs' });
    if (found.some((p) => p!.events.length > 0))
      return json(res, 400, {
        status_code: 400,
        message: 'Cannot cancel: the shipment is already picked up',
      });
    for (const p of found) p!.cancelled = true;
    return json(res, 200, { status_code: 200, message: 'Bulk Shipment cancellation is in progress' });
  }

  function track(awb: string, res: ServerResponse) {
    const p = parcels.get(awb);
    if (!p) return json(res, 404, { status_code: 404, message: 'AWB not found' });
    return json(res, 200, {
      tracking_data: {
        track_status: 1,
        shipment_track: [{ awb_code: p.awb, current_status: p.events.at(-1)?.status ?? 'AWB ASSIGNED' }],
        shipment_track_activities: p.events.map((e) => ({
          date: e.at,
          status: e.status,
          activity: e.status,
          location: e.location,
          event_id: e.event_id,
        })),
      },
    });
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://fake');
    const label = /^\/labels\/(\d+)\.pdf$/.exec(url.pathname);
    if (req.method === 'GET' && label) {
      const p = byShipment.get(Number(label[1]));
      if (!p) return json(res, 404, { message: 'no label' });
      res.writeHead(200, { 'content-type': 'application/pdf' });
      return res.end(await labelPdf(p));
    }
    const page = /^\/tracking\/([\w-]+)$/.exec(url.pathname);
    if (req.method === 'GET' && page) {
      const p = parcels.get(page[1]!);
      res.writeHead(p ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' });
      const rows = (p?.events ?? []).map((e) => `<li>${e.at} ${e.status} (${e.location})</li>`).join('');
      return res.end(`<h1>Fake Express ${p ? p.awb : 'unknown AWB'}</h1><ul>${rows}</ul>`);
    }
    if (req.headers.authorization !== `Bearer ${options.apiKey}`) {
      return json(res, 401, { status_code: 401, message: 'Token is invalid' });
    }
    const path = url.pathname.replace(/\/$/, '');
    if (req.method === 'GET' && path === '/v1/external/courier/serviceability')
      return serviceability(url, res);
    const tracked = /^\/v1\/external\/courier\/track\/awb\/([\w-]+)$/.exec(path);
    if (req.method === 'GET' && tracked) return track(tracked[1]!, res);
    const body = await readBody(req);
    if (req.method === 'POST' && path === '/v1/external/orders/create/adhoc') return createOrder(body, res);
    if (req.method === 'POST' && path === '/v1/external/orders/create/return') return createReturn(body, res);
    if (req.method === 'POST' && path === '/v1/external/courier/assign/awb') return assignAwb(body, res);
    if (req.method === 'POST' && path === '/v1/external/orders/cancel/shipment/awbs')
      return cancelShipments(body, res);
    if (req.method === 'POST' && path === '/v1/external/courier/generate/label') {
      const id = Number((body.shipment_id as unknown[] | undefined)?.[0]);
      if (!byShipment.has(id)) return json(res, 404, { status_code: 404, message: 'Shipment not found' });
      return json(res, 200, { label_created: 1, label_url: `${base}/labels/${id}.pdf` });
    }
    return json(res, 404, { status_code: 404, message: 'Not found' });
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => json(res, 500, { message: 'fake courier failed' }));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const timer = options.autoAdvanceMs
    ? setInterval(() => {
        for (const awb of parcels.keys()) void controls.advance(awb);
      }, options.autoAdvanceMs)
    : undefined;
  timer?.unref();
  return {
    url: base,
    controls,
    stop: async () => {
      if (timer) clearInterval(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
