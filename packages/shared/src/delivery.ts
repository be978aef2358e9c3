/**
 * Delivery rules (docs/delivery.md): PIN codes, billed weight, shipping charge per seller sub-order, the promised
 * date in IST and the courier's tracking states. Pure functions; amounts in integer paise, weights in grams.
 */
import { z } from 'zod';
import type { Category } from './constants';
import { deliversFree } from './pricing';

/** An Indian PIN code: six digits, the first not 0. */
export const PINCODE_PATTERN = /^[1-9]\d{5}$/;
export const isPincode = (text: string): boolean => PINCODE_PATTERN.test(text);
/** The PIN code schema is commerce.ts's `pincodeSchema` (the address form's); this is the same rule as a test. */

/** The courier's volumetric divisor (cm³ per kg) and the weight slab it bills by. */
export const VOLUMETRIC_DIVISOR = 5000;
export const WEIGHT_SLAB_GRAMS = 500;

export interface PackageSize {
  weightGrams: number;
  lengthCm: number;
  widthCm: number;
  heightCm: number;
}

/** Package defaults by category: a product without its own weight and dimensions ships as these. */
export const DEFAULT_PACKAGE: Readonly<Record<Category, PackageSize>> = {
  men: { weightGrams: 400, lengthCm: 30, widthCm: 25, heightCm: 4 },
  women: { weightGrams: 400, lengthCm: 30, widthCm: 25, heightCm: 4 },
  kids: { weightGrams: 300, lengthCm: 25, widthCm: 20, heightCm: 4 },
  fashion: { weightGrams: 400, lengthCm: 30, widthCm: 25, heightCm: 4 },
  accessories: { weightGrams: 200, lengthCm: 15, widthCm: 10, heightCm: 5 },
  footwear: { weightGrams: 900, lengthCm: 33, widthCm: 22, heightCm: 12 },
  mobile: { weightGrams: 500, lengthCm: 20, widthCm: 12, heightCm: 8 },
  electronics: { weightGrams: 1000, lengthCm: 30, widthCm: 25, heightCm: 15 },
  appliances: { weightGrams: 6000, lengthCm: 50, widthCm: 40, heightCm: 40 },
};

export function packageFor(category: string, own: Partial<PackageSize> | null | undefined): PackageSize {
  const d = DEFAULT_PACKAGE[category as Category] ?? DEFAULT_PACKAGE.accessories;
  return {
    weightGrams: own?.weightGrams ?? d.weightGrams,
    lengthCm: own?.lengthCm ?? d.lengthCm,
    widthCm: own?.widthCm ?? d.widthCm,
    heightCm: own?.heightCm ?? d.heightCm,
  };
}

/**
 * A product's own package figure in its form and the bulk upload (optional): a whole number; empty text or null is
 * none (the category's default, `packageFor`), absent leaves it as it is.
 */
const packageFigure = (what: string, max: number) =>
  z.preprocess(
    (v) => (v === '' || v === null ? null : typeof v === 'string' ? Number(v.trim()) : v),
    z
      .number({ message: `${what} must be a number` })
      .int(`${what} must be a whole number`)
      .min(1, `${what} must be at least 1`)
      .max(max, `${what} is at most ${max}`)
      .nullable()
      .optional(),
  );
export const packageInputShape = {
  weightGrams: packageFigure('Weight (g)', 100_000),
  lengthCm: packageFigure('Length (cm)', 300),
  widthCm: packageFigure('Width (cm)', 300),
  heightCm: packageFigure('Height (cm)', 300),
};
export const PACKAGE_FIELDS = ['weightGrams', 'lengthCm', 'widthCm', 'heightCm'] as const;

/** Volumetric weight in grams: L×W×H / 5000 kg, to the gram (rounded up). */
export function volumetricGrams(p: Pick<PackageSize, 'lengthCm' | 'widthCm' | 'heightCm'>): number {
  return Math.ceil((p.lengthCm * p.widthCm * p.heightCm * 1000) / VOLUMETRIC_DIVISOR);
}

/** Billed weight: the larger of the actual and the volumetric weight (a 30×30×30 cm, 1 kg box bills 5.4 kg). */
export function billedGrams(p: PackageSize): number {
  return Math.max(Math.ceil(p.weightGrams), volumetricGrams(p));
}

/** The slabs the courier charges for a billed weight: each started 0.5 kg counts, at least one. */
export function weightSlabs(grams: number): number {
  return Math.max(1, Math.ceil(grams / WEIGHT_SLAB_GRAMS));
}

/**
 * One parcel per seller sub-order: its billed weight is that of one box holding every unit, the sum of the units'
 * actual weights against the sum of their volumes.
 */
export function parcelBilledGrams(items: readonly { pkg: PackageSize; quantity: number }[]): number {
  let actual = 0;
  let volumetric = 0;
  for (const { pkg, quantity } of items) {
    actual += pkg.weightGrams * quantity;
    volumetric += volumetricGrams(pkg) * quantity;
  }
  return Math.max(Math.ceil(actual), volumetric);
}

/** Courier zones (Shiprocket's A–E): same city, same region, metro to metro, rest of India, special areas. */
export const COURIER_ZONES = ['A', 'B', 'C', 'D', 'E'] as const;
export type CourierZone = (typeof COURIER_ZONES)[number];

/** What the shopper pays per zone, in paise: the first slab and each further 0.5 kg. */
export const ZONE_RATES: Readonly<Record<CourierZone, { firstPaise: number; extraPaise: number }>> = {
  A: { firstPaise: 3_000, extraPaise: 2_000 },
  B: { firstPaise: 4_000, extraPaise: 2_500 },
  C: { firstPaise: 5_000, extraPaise: 3_000 },
  D: { firstPaise: 6_000, extraPaise: 4_000 },
  E: { firstPaise: 8_000, extraPaise: 5_000 },
};

/**
 * A seller sub-order's shipping charge in paise: free under the platform's rule (its payable subtotal above
 * the free-delivery threshold, docs/prices.md), else the zone's rate for the billed weight's slabs.
 */
export function shippingChargePaise(input: {
  subtotalPaise: number;
  billedGrams: number;
  zone: CourierZone;
}): number {
  if (deliversFree(input.subtotalPaise)) return 0;
  const rate = ZONE_RATES[input.zone];
  return rate.firstPaise + (weightSlabs(input.billedGrams) - 1) * rate.extraPaise;
}

// ---------------------------------------------------------------- the promised date, in IST

/** India Standard Time: UTC+05:30 all year (no daylight saving). */
const IST_OFFSET_MS = 330 * 60_000;
const DAY_MS = 86_400_000;

/** A seller's dispatch rules: working days to hand a parcel over, the daily cut-off, the weekdays it works. */
export interface DispatchRules {
  /** working days between the order (before cut-off) and the hand-over; 0 = the same day */
  dispatchDays: number;
  /** "HH:MM" in IST; an order at or after it counts from the next working day */
  cutoff: string;
  /** weekdays the seller hands parcels over, 0 = Sunday … 6 = Saturday */
  workingWeekdays: readonly number[];
}

export const DEFAULT_DISPATCH: DispatchRules = {
  dispatchDays: 1,
  cutoff: '14:00',
  workingWeekdays: [1, 2, 3, 4, 5, 6],
};
/** The courier delivers every day but Sunday and the holidays. */
export const COURIER_WEEKDAYS: readonly number[] = [1, 2, 3, 4, 5, 6];

export const CUTOFF_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

/** The IST calendar date ("YYYY-MM-DD") and minutes after midnight of an instant. */
export function istClock(at: Date): { date: string; minutes: number } {
  const local = new Date(at.getTime() + IST_OFFSET_MS);
  return {
    date: local.toISOString().slice(0, 10),
    minutes: local.getUTCHours() * 60 + local.getUTCMinutes(),
  };
}

const addDays = (date: string, n: number): string =>
  new Date(Date.parse(`${date}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
const weekday = (date: string): number => new Date(`${date}T00:00:00Z`).getUTCDay();

function nextWorking(date: string, weekdays: readonly number[], holidays: ReadonlySet<string>): string {
  let d = date;
  for (let i = 0; i < 400 && (!weekdays.includes(weekday(d)) || holidays.has(d)); i++) d = addDays(d, 1);
  return d;
}

/** `n` working days after a working day. */
function addWorking(
  date: string,
  n: number,
  weekdays: readonly number[],
  holidays: ReadonlySet<string>,
): string {
  let d = date;
  for (let i = 0; i < n; i++) d = nextWorking(addDays(d, 1), weekdays, holidays);
  return d;
}

const cutoffMinutes = (cutoff: string): number =>
  Number(cutoff.slice(0, 2)) * 60 + Number(cutoff.slice(3, 5));

/** The IST day the seller hands the parcel to the courier for an order placed at `orderedAt`. */
export function handoverDate(orderedAt: Date, rules: DispatchRules, holidays: ReadonlySet<string>): string {
  const { date, minutes } = istClock(orderedAt);
  const start = minutes < cutoffMinutes(rules.cutoff) ? date : addDays(date, 1);
  const first = nextWorking(start, rules.workingWeekdays, holidays);
  return addWorking(first, rules.dispatchDays, rules.workingWeekdays, holidays);
}

/**
 * The promised delivery date ("YYYY-MM-DD", IST): the hand-over day, then the route's courier days, counting
 * only days the courier works (not Sundays, not the admin's holidays).
 */
export function promisedDate(input: {
  orderedAt: Date;
  rules: DispatchRules;
  routeDays: number;
  holidays: ReadonlySet<string>;
}): string {
  const handover = handoverDate(input.orderedAt, input.rules, input.holidays);
  return addWorking(handover, input.routeDays, COURIER_WEEKDAYS, input.holidays);
}

const WEEKDAY_NAMES = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "2026-12-04" → "Thu, 4 Dec". */
export function formatPromise(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  return `${WEEKDAY_NAMES[d.getUTCDay()]}, ${d.getUTCDate()} ${MONTH_NAMES[d.getUTCMonth()]}`;
}

// ---------------------------------------------------------------- tracking states

/**
 * A parcel's states as the courier reports them, forward only: shipped → inTransit → outForDelivery → delivered,
 * or, from any state before delivered, rto (returning to the seller) → rtoDelivered (back at the seller).
 */
export const TRACKING_STATES = [
  'shipped',
  'inTransit',
  'outForDelivery',
  'delivered',
  'rto',
  'rtoDelivered',
] as const;
export type TrackingState = (typeof TRACKING_STATES)[number];

const TRACK_RANK: Record<TrackingState, number> = {
  shipped: 1,
  inTransit: 2,
  outForDelivery: 3,
  delivered: 4,
  rto: 4,
  rtoDelivered: 5,
};

/** Whether a parcel in `from` (none yet: null) may move to `to`: forward only, delivered and RTO exclusive. */
export function trackingMoves(from: TrackingState | null, to: TrackingState): boolean {
  if (from === null) return true;
  if (from === 'delivered' || from === 'rtoDelivered') return false;
  if (from === 'rto') return to === 'rtoDelivered';
  if (to === 'rtoDelivered') return false;
  return TRACK_RANK[to] > TRACK_RANK[from];
}

export interface TrackingEvent {
  state: TrackingState;
  /** ISO instant the courier says it happened */
  at: string;
  location?: string;
}

/**
 * The one timeline of a parcel from its events in any order, duplicates included: each state once (its earliest
 * report), in the order of the states; a parcel reported both delivered and returned keeps the branch reported
 * first. The same set of events gives the same timeline whatever order they came in.
 */
export function trackingTimeline(events: readonly TrackingEvent[]): TrackingEvent[] {
  const first = new Map<TrackingState, TrackingEvent>();
  for (const e of events) {
    const seen = first.get(e.state);
    if (!seen || e.at < seen.at || (e.at === seen.at && (e.location ?? '') < (seen.location ?? ''))) {
      first.set(e.state, e);
    }
  }
  const delivered = first.get('delivered');
  const rto = first.get('rto') ?? first.get('rtoDelivered');
  if (delivered && rto) {
    if (delivered.at <= rto.at) {
      first.delete('rto');
      first.delete('rtoDelivered');
    } else first.delete('delivered');
  }
  return TRACKING_STATES.filter((s) => first.has(s)).map((s) => first.get(s)!);
}

/** The state a timeline ends in (null before the first event). */
export const trackingState = (timeline: readonly TrackingEvent[]): TrackingState | null =>
  timeline.length === 0 ? null : timeline[timeline.length - 1]!.state;

export const TRACKING_LABELS: Readonly<Record<TrackingState, string>> = {
  shipped: 'Shipped',
  inTransit: 'In transit',
  outForDelivery: 'Out for delivery',
  delivered: 'Delivered',
  rto: 'Returning to seller',
  rtoDelivered: 'Returned to seller',
};

/** The return window (days from delivery) of a category without its own policy (docs/money.md, "Return window"). */
export const RETURN_WINDOW_DAYS = 7;
/** Days after an RTO starts when a prepaid order is refunded even if the seller has not confirmed it back. */
export const RTO_REFUND_AFTER_DAYS = 10;

/** A parcel is late when it is not delivered and the IST date is past its promised date. */
export function isLate(promised: string | null, state: TrackingState | null, now: Date): boolean {
  if (!promised || state === 'delivered' || state === 'rto' || state === 'rtoDelivered') return false;
  return istClock(now).date > promised;
}

// ---------------------------------------------------------------- contracts (docs/delivery.md)

const pin = z
  .string()
  .trim()
  .regex(PINCODE_PATTERN, 'A PIN code is 6 digits and does not start with 0')
  .meta({ description: 'Indian PIN code, 6 digits' });

/** A seller's pickup and dispatch settings, as the store settings screen edits them. */
export const deliverySettingsInputSchema = z.object({
  pickupAddress: z.string().trim().min(5).max(300),
  pickupPincode: pin,
  dispatchDays: z.number().int().min(0).max(7).meta({ description: 'working days to hand a parcel over' }),
  cutoff: z.string().regex(CUTOFF_PATTERN, 'A cut-off is HH:MM').meta({ description: 'daily cut-off, IST' }),
});
export type DeliverySettingsInput = z.infer<typeof deliverySettingsInputSchema>;
export const deliverySettingsDtoSchema = deliverySettingsInputSchema.extend({
  pickupAddress: z.string().nullable(),
  pickupPincode: z.string().nullable(),
});
export type DeliverySettingsDto = z.infer<typeof deliverySettingsDtoSchema>;

export const holidayParamsSchema = z.object({ day: z.iso.date() });
export const holidayInputSchema = z.object({ name: z.string().trim().min(1).max(100) });
export const holidayDtoSchema = z.object({ day: z.string(), name: z.string() });
export type HolidayDto = z.infer<typeof holidayDtoSchema>;

/** The PIN code is checked by the server (400 INVALID_PINCODE naming it), so any short text is accepted here. */
export const deliveryEstimateQuerySchema = z.object({
  pincode: z.string().max(20),
  productId: z.uuid(),
});
export const deliveryEstimateDtoSchema = z.object({
  pincode: z.string(),
  sellerId: z.string().nullable(),
  storeName: z.string(),
  deliverable: z.boolean(),
  cod: z.boolean(),
  /** YYYY-MM-DD (IST), null when not deliverable */
  promisedDate: z.string().nullable(),
  /** "Get it by Thu, 4 Dec" */
  promise: z.string().nullable(),
  /** rupees, for this product alone (one unit); the checkout charges per seller sub-order */
  charge: z.number(),
  zone: z.enum(COURIER_ZONES).nullable(),
});
export type DeliveryEstimateDto = z.infer<typeof deliveryEstimateDtoSchema>;

export const SHIPMENT_STATUSES = ['awaiting', 'creating', 'created', 'failed'] as const;
export const SHIPMENT_MODES = ['courier', 'self'] as const;
/** The seller's mark-ready: by the courier (default), or shipped by the seller itself (docs/delivery.md). */
export const shipOrderInputSchema = z.object({
  mode: z.enum(SHIPMENT_MODES).default('courier'),
  carrier: z.string().trim().max(80).optional(),
  trackingRef: z.string().trim().max(80).optional(),
});
export type ShipOrderInput = z.infer<typeof shipOrderInputSchema>;
export const DELIVERY_CODE_PATTERN = /^\d{6}$/;
export const deliverWithCodeInputSchema = z.object({
  code: z.string().trim().regex(DELIVERY_CODE_PATTERN, 'The delivery code is 6 digits'),
});
/** Wrong codes in a row before the code is locked for an hour */
export const DELIVERY_CODE_TRIES = 5;
export const trackingEventDtoSchema = z.object({
  state: z.enum(TRACKING_STATES),
  label: z.string(),
  at: z.string(),
  location: z.string().nullable(),
});
export const parcelDtoSchema = z.object({
  sellerId: z.string(),
  storeName: z.string(),
  /** the shipment's making: awaiting the seller, creating (queued with the courier), created, failed */
  shipment: z.enum(SHIPMENT_STATUSES),
  awb: z.string().nullable(),
  courierName: z.string().nullable(),
  pickupDate: z.string().nullable(),
  state: z.enum(TRACKING_STATES).nullable(),
  stateLabel: z.string(),
  promisedDate: z.string().nullable(),
  shippingCharge: z.number(),
  late: z.boolean(),
  events: z.array(trackingEventDtoSchema),
  /** 'self': the seller delivers it itself, and marks it delivered with the shopper's delivery code */
  mode: z.enum(SHIPMENT_MODES),
  /** the seller's own carrier's reference (own shipping) */
  trackingRef: z.string().nullable(),
  /** the shopper's 6-digit delivery code to give the seller at the door: only to the shopper, until delivered */
  deliveryCode: z.string().nullable(),
});
export type ParcelDto = z.infer<typeof parcelDtoSchema>;
/** A parcel as the seller's and admin's order lists show it: its state, AWB and whether it is late. */
export const parcelSummarySchema = z.object({
  sellerId: z.string(),
  shipment: z.enum(SHIPMENT_STATUSES),
  mode: z.enum(SHIPMENT_MODES),
  awb: z.string().nullable(),
  state: z.enum(TRACKING_STATES).nullable(),
  stateLabel: z.string(),
  promisedDate: z.string().nullable(),
  late: z.boolean(),
});
export type ParcelSummary = z.infer<typeof parcelSummarySchema>;
/** `?late=true`: only orders with a parcel past its promised date and not delivered (isLate) */
export const lateFilterSchema = z.preprocess(
  (v) => (v === '' ? undefined : v),
  z
    .stringbool({ truthy: ['true', '1'], falsy: ['false', '0'], error: 'late must be true or false' })
    .optional(),
);
export const trackingDtoSchema = z.object({ orderId: z.string(), parcels: z.array(parcelDtoSchema) });
export type TrackingDto = z.infer<typeof trackingDtoSchema>;

/** The courier webhook's body as the server reads it (the rest is kept as it came; the signature covers it all). */
export const courierWebhookBodySchema = z
  .object({
    awb: z.union([z.string(), z.number()]),
    current_status: z.string(),
    current_timestamp: z.string(),
  })
  .loose();
