/**
 * Return policy per category (docs/money.md, "Return window"): how many days after delivery a line may be returned,
 * or not at all. A line keeps the policy it was sold under; its seller's net becomes payable when the window has
 * closed, at the end of its last day in India's time. Pure functions and the admin's contract.
 */
import { z } from 'zod';
import { CATEGORIES, CATEGORY_IDS } from './constants';
import { RETURN_WINDOW_DAYS, ZONE_RATES, weightSlabs, type CourierZone } from './delivery';
import { emptyToUndefined, uuidOf } from './api';
import { pageQuerySchema } from './product';
import { linePaidOf, lineSellerValueOf, type LineMoney } from './coupon-maths';
import { returnPickupDtoSchema } from './return-pickup';
import { refundPayoutDtoSchema } from './refund-payout';

export const RETURN_WINDOW_MAX_DAYS = 90;
const IST_OFFSET_MS = 330 * 60_000;
const DAY_MS = 86_400_000;

/** "7-day return", or "Not returnable" for a window of none (null or 0 days). */
export const returnPolicyLabel = (days: number | null | undefined): string =>
  days ? `${days}-day return` : 'Not returnable';

/** The frozen column of an order line: the window in days, null when not returnable. */
export const frozenWindowDays = (days: number | null | undefined): number | null => (days ? days : null);

/**
 * When a line delivered at `deliveredAt` can no longer be returned: the end of the `days`-th day after the day of
 * delivery, in IST (midnight IST that follows it). Not returnable: at delivery itself.
 */
export function returnWindowEndsAt(deliveredAt: Date, days: number | null | undefined): Date {
  if (!days) return new Date(deliveredAt.getTime());
  const istDay = Math.floor((deliveredAt.getTime() + IST_OFFSET_MS) / DAY_MS);
  return new Date((istDay + days + 1) * DAY_MS - IST_OFFSET_MS);
}

// ---- contract ----------------------------------------------------------------------------------------------------

export const returnPolicyDtoSchema = z
  .object({
    category: z.enum(CATEGORY_IDS),
    label: z.string().meta({ description: 'the category\'s name, e.g. "Men"' }),
    windowDays: z
      .number()
      .int()
      .nullable()
      .meta({ description: 'days after delivery a line may be returned; null: not returnable' }),
    policy: z.string().meta({ description: '"7-day return" or "Not returnable"' }),
  })
  .meta({ id: 'ReturnPolicy' });
export type ReturnPolicyDto = z.infer<typeof returnPolicyDtoSchema>;

export const returnPolicyParamsSchema = z.object({
  category: z.enum(CATEGORY_IDS, { message: `category must be one of ${CATEGORY_IDS.join(', ')}` }),
});

export const returnPolicyInputSchema = z.object({
  windowDays: z
    .number({ message: 'windowDays must be a whole number of days, or null for not returnable' })
    .int('windowDays must be a whole number of days')
    .min(0, 'windowDays must be 0 or more')
    .max(RETURN_WINDOW_MAX_DAYS, `windowDays must be at most ${RETURN_WINDOW_MAX_DAYS}`)
    .nullable(),
});
export type ReturnPolicyInput = z.infer<typeof returnPolicyInputSchema>;

/** Every category's policy: the stored ones, the default window for the others. */
export function returnPolicies(stored: ReadonlyMap<string, number | null>): ReturnPolicyDto[] {
  return CATEGORIES.map((c) => {
    const windowDays = stored.has(c.id) ? frozenWindowDays(stored.get(c.id)) : RETURN_WINDOW_DAYS;
    return { category: c.id, label: c.label, windowDays, policy: returnPolicyLabel(windowDays) };
  });
}

// ---- returns after delivery (docs/returns.md) ---------------------------------------------------------------------

/** Why a shopper returns; the first five are the seller's fault (it then pays the reverse shipping). */
export const RETURN_REASONS = [
  'damaged',
  'defective',
  'wrong_item',
  'not_as_described',
  'missing_parts',
  'size_fit',
  'changed_mind',
  'better_price',
  'no_longer_needed',
] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number];

export const RETURN_REASON_LABELS: Record<ReturnReason, string> = {
  damaged: 'Arrived damaged',
  defective: 'Defective or does not work',
  wrong_item: 'Wrong item sent',
  not_as_described: 'Not as described',
  missing_parts: 'Parts or accessories missing',
  size_fit: "Size or fit doesn't suit",
  changed_mind: 'Changed my mind',
  better_price: 'Found a better price',
  no_longer_needed: 'No longer needed',
};

/** The reasons that are the seller's fault: the seller is charged the reverse shipping (docs/returns.md). */
export const SELLER_FAULT_REASONS = [
  'damaged',
  'defective',
  'wrong_item',
  'not_as_described',
  'missing_parts',
] as const satisfies readonly ReturnReason[];
export const isSellerFault = (reason: ReturnReason): boolean =>
  (SELLER_FAULT_REASONS as readonly ReturnReason[]).includes(reason);

/**
 * A return's states: requested → approved → pickup_scheduled → picked_up → received → refunded; or rejected (with
 * the seller's reason; the shopper may dispute it, the admin decides), or cancelled by the shopper before pickup.
 */
export const RETURN_STATES = [
  'requested',
  'approved',
  'pickup_scheduled',
  'picked_up',
  'received',
  'refunded',
  'rejected',
  'cancelled',
] as const;
export type ReturnState = (typeof RETURN_STATES)[number];

/** States a return no longer leaves (a rejected one may still be disputed and decided by the admin). */
export const RETURN_FINAL_STATES = ['refunded', 'cancelled'] as const satisfies readonly ReturnState[];
/** The states in which the shopper may still cancel (before the courier has the parcel). */
export const RETURN_CANCELLABLE_STATES = [
  'requested',
  'approved',
  'pickup_scheduled',
] as const satisfies readonly ReturnState[];
/** The states in which the seller may mark the parcel received (with or without the courier's events). */
export const RETURN_RECEIVABLE_STATES = [
  'approved',
  'pickup_scheduled',
  'picked_up',
] as const satisfies readonly ReturnState[];
/** The states in which the seller may reject: before approval, or on inspection once the parcel is back. */
export const RETURN_REJECTABLE_STATES = ['requested', 'picked_up'] as const satisfies readonly ReturnState[];

/** The seller's decision time: a request left unanswered this long is approved (docs/returns.md). */
export const RETURN_DECISION_HOURS = 48;
/** After the courier delivers the parcel back to the seller, the refund follows this many hours later. */
export const RETURN_AUTO_REFUND_HOURS = 48;

/** Who did a step of a return. */
export const RETURN_ACTORS = ['shopper', 'seller', 'admin', 'system', 'courier'] as const;
export type ReturnActor = (typeof RETURN_ACTORS)[number];

export const RETURN_EVENT_KINDS = [
  'requested',
  'approved',
  'rejected',
  'cancelled',
  'pickup_scheduled',
  'picked_up',
  'courier_delivered',
  'received',
  /** the seller put the returned units back in stock as it marked them received */
  'restocked',
  'refunded',
  'disputed',
  'dispute_decided',
  /** the refund's payout failed and the shopper gave another UPI id or bank account (its masked form is the note) */
  'refund_to_changed',
] as const;
export type ReturnEventKind = (typeof RETURN_EVENT_KINDS)[number];

// ---- the paid share of returned units (pure; property-tested) -----------------------------------------------------

/** A line's frozen money (coupon-maths.ts): its price, units and the coupon shares of each funder. */
export type ReturnableLineMoney = LineMoney;

/** The cumulative share of `units` of `quantity` units worth `totalPaise`: floor, so every unit differs by ≤ 1 paisa. */
const cumulativeShare = (totalPaise: number, units: number, quantity: number): number =>
  quantity <= 0 ? 0 : Math.floor((totalPaise * units) / quantity);

/**
 * The refund of `units` returned units of a line, after `unitsBefore` units of it were returned already: that part
 * of what the shopper paid for the line, allotted cumulatively (largest remainder to the last units) so the units of
 * a line returned in any number of returns add up to exactly what was paid for it (docs/returns.md, "Money").
 */
export function returnRefundPaise(line: ReturnableLineMoney, units: number, unitsBefore = 0): number {
  const paid = linePaidOf(line);
  return (
    cumulativeShare(paid, unitsBefore + units, line.quantity) -
    cumulativeShare(paid, unitsBefore, line.quantity)
  );
}

/** The same share of the seller's price (`gross − sellerDiscount`): what the seller's ledger reverses. */
export function returnSellerValuePaise(line: ReturnableLineMoney, units: number, unitsBefore = 0): number {
  const value = lineSellerValueOf(line);
  return (
    cumulativeShare(value, unitsBefore + units, line.quantity) -
    cumulativeShare(value, unitsBefore, line.quantity)
  );
}

/** Masks a refund destination for display: the VPA's first two characters and its handle, an account's last 4. */
export function maskRefundTo(to: RefundToInput): RefundToDisplay {
  if (to.kind === 'upi') {
    const [user = '', handle = ''] = to.vpa.split('@');
    return { kind: 'upi', display: `${user.slice(0, 2)}•••@${handle}` };
  }
  return { kind: 'bank', display: `${to.name} · A/c •••${to.accountNumber.slice(-4)} · ${to.ifsc}` };
}

/**
 * What a shopper may still return of a line now: its units not in a return yet, while it is delivered and its
 * window open (docs/returns.md). `deliveredAt`: when its seller's part was delivered (null: not yet).
 */
export function returnableNow(
  line: { status: string; quantity: number; returnUnits: number; returnWindowDays: number | null },
  deliveredAt: Date | null,
  now: Date,
): { returnableQuantity: number; returnWindowEndsAt: string | null } {
  if (line.status !== 'delivered' || !deliveredAt) return { returnableQuantity: 0, returnWindowEndsAt: null };
  const ends = returnWindowEndsAt(deliveredAt, line.returnWindowDays);
  const open = !!line.returnWindowDays && now.getTime() < ends.getTime();
  return {
    returnableQuantity: open ? Math.max(0, line.quantity - line.returnUnits) : 0,
    returnWindowEndsAt: ends.toISOString(),
  };
}

/**
 * The reverse shipping a seller is charged for a return of a seller-fault reason: the zone's courier rate for the
 * returned units' share of the parcel's billed weight (at least one slab), with no free-delivery rule.
 */
export function reverseShippingPaise(p: {
  zone: CourierZone;
  billedGrams: number;
  returnedUnits: number;
  parcelUnits: number;
}): number {
  const rate = ZONE_RATES[p.zone];
  const grams = p.parcelUnits > 0 ? Math.ceil((p.billedGrams * p.returnedUnits) / p.parcelUnits) : 0;
  return rate.firstPaise + (Math.max(1, weightSlabs(grams)) - 1) * rate.extraPaise;
}

// ---- contract: requests -----------------------------------------------------------------------------------------

const VPA_RE = /^[a-zA-Z0-9._-]{2,256}@[a-zA-Z][a-zA-Z0-9]{1,63}$/;
const IFSC_RE = /^[A-Z]{4}0[A-Z0-9]{6}$/;

/** Where a cash-on-delivery return is refunded: a UPI id, or a bank account (R2 sends it). */
export const refundToInputSchema = z
  .discriminatedUnion('kind', [
    z.object({
      kind: z.literal('upi'),
      vpa: z.string().trim().regex(VPA_RE, 'Enter a UPI id such as name@bank'),
    }),
    z.object({
      kind: z.literal('bank'),
      accountNumber: z
        .string()
        .trim()
        .regex(/^\d{9,18}$/, 'An account number has 9 to 18 digits'),
      ifsc: z.string().trim().toUpperCase().regex(IFSC_RE, 'An IFSC has 11 characters, e.g. HDFC0001234'),
      name: z.string().trim().min(2, "Give the account holder's name").max(100, 'The name is too long'),
    }),
  ])
  .meta({ id: 'RefundTo', description: 'a UPI id or a bank account, for cash-on-delivery returns only' });
export type RefundToInput = z.infer<typeof refundToInputSchema>;

export const refundToDisplaySchema = z
  .object({
    kind: z.enum(['upi', 'bank']),
    display: z
      .string()
      .meta({ description: 'masked, e.g. "ra•••@okhdfc" or "Asha Rao · A/c •••1234 · HDFC0001234"' }),
  })
  .meta({ id: 'RefundToDisplay' });
export type RefundToDisplay = z.infer<typeof refundToDisplaySchema>;

export const RETURN_MAX_LINES = 50;

/** POST /api/shop/returns: a request may span sellers; it becomes one return per seller sub-order. */
/** At most this many photos on a return (uploaded first, then named by their URL). */
export const RETURN_MAX_PHOTOS = 5;
/** A photo as the upload answered it: a path under /uploads/ or the storage's absolute URL. */
const returnPhotoSchema = z
  .string()
  .trim()
  .max(500, 'A photo URL is at most 500 characters')
  .regex(/^(https?:\/\/|\/uploads\/)\S+$/, 'Each photo must be an uploaded image');

export const returnRequestInputSchema = z.object({
  orderId: uuidOf('Must be a valid order id'),
  lines: z
    .array(
      z.object({
        lineId: uuidOf('Must be a valid line id'),
        quantity: z
          .number({ message: 'quantity must be a whole number' })
          .int('quantity must be a whole number')
          .min(1, 'quantity must be at least 1')
          .max(10_000, 'quantity is too large'),
      }),
    )
    .min(1, 'Choose at least one line to return')
    .max(RETURN_MAX_LINES, `At most ${RETURN_MAX_LINES} lines`)
    .refine((ls) => new Set(ls.map((l) => l.lineId)).size === ls.length, 'Each line at most once'),
  reason: z.enum(RETURN_REASONS, { message: `reason must be one of ${RETURN_REASONS.join(', ')}` }),
  comment: z.string().trim().max(1000, 'At most 1,000 characters').optional(),
  photos: z
    .array(returnPhotoSchema)
    .max(RETURN_MAX_PHOTOS, `At most ${RETURN_MAX_PHOTOS} photos`)
    .optional()
    .meta({ description: 'images uploaded with POST /api/shop/returns/photos (their result.url)' }),
  refundTo: refundToInputSchema
    .optional()
    .meta({ description: 'required for cash-on-delivery orders, refused for prepaid ones' }),
});
export type ReturnRequestInput = z.infer<typeof returnRequestInputSchema>;

const note = (required: string) =>
  z.string({ message: required }).trim().min(3, required).max(1000, 'At most 1,000 characters');

/**
 * PUT /api/shop/returns/{returnId}: cancel before pickup, dispute a rejection (with a note), or, when the payout of a
 * cash-on-delivery refund failed, give another UPI id or bank account to pay it to (docs/money.md).
 */
export const shopReturnActionInputSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('cancel'), note: z.string().trim().max(1000).optional() }),
  z.object({ action: z.literal('dispute'), note: note('Say why you contest the rejection') }),
  z.object({ action: z.literal('refundTo'), refundTo: refundToInputSchema }),
]);
export type ShopReturnActionInput = z.infer<typeof shopReturnActionInputSchema>;

/** PUT /api/seller/returns/{returnId}: approve, reject (reason required) or mark the parcel received. */
export const sellerReturnActionInputSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('approve'), reason: z.string().trim().max(1000).optional() }),
  z.object({ action: z.literal('reject'), reason: note('Give the reason for the rejection') }),
  z.object({
    action: z.literal('received'),
    reason: z.string().trim().max(1000).optional(),
    restock: z.boolean().optional().meta({
      description:
        'put the returned units back in stock (sellable again; their units sold go down); default false',
    }),
  }),
]);
export type SellerReturnActionInput = z.infer<typeof sellerReturnActionInputSchema>;

/** PUT /api/admin/returns/{returnId}: decide a return (a dispute mostly), always with a note. */
export const adminReturnActionInputSchema = z.object({
  action: z.enum(['approve', 'reject', 'refund'], { message: 'action must be approve, reject or refund' }),
  note: note('Write a note for the decision'),
});
export type AdminReturnActionInput = z.infer<typeof adminReturnActionInputSchema>;

export const returnIdParamsSchema = z.object({ returnId: uuidOf('Must be a valid return id') });

const stateFilter = z.preprocess(
  emptyToUndefined,
  z.enum(RETURN_STATES, { message: `state must be one of ${RETURN_STATES.join(', ')}` }).optional(),
);
const boolFilter = z.preprocess(
  (v) => (v === 'true' || v === '1' ? true : v === 'false' || v === '0' ? false : emptyToUndefined(v)),
  z.boolean({ message: 'must be true or false' }).optional(),
);

/** GET /api/shop/returns: the shopper's returns, newest first; optionally of one order. */
const orderFilter = z.preprocess(emptyToUndefined, uuidOf('Must be a valid order id').optional());
export const shopReturnListQuerySchema = z.object({
  state: stateFilter,
  orderId: orderFilter,
  ...pageQuerySchema.shape,
});
/** GET /api/seller/returns: the seller's queue, decision due first among open ones; `orderId`: one order's. */
export const sellerReturnListQuerySchema = z.object({
  state: stateFilter,
  orderId: orderFilter,
  ...pageQuerySchema.shape,
});
/** GET /api/admin/returns: every return; `disputed=true` the contested rejections. */
export const adminReturnListQuerySchema = z.object({
  state: stateFilter,
  disputed: boolFilter,
  sellerId: z.preprocess(emptyToUndefined, uuidOf('Must be a valid seller id').optional()),
  ...pageQuerySchema.shape,
});
export type ShopReturnListQuery = z.infer<typeof shopReturnListQuerySchema>;
export type SellerReturnListQuery = z.infer<typeof sellerReturnListQuerySchema>;
export type AdminReturnListQuery = z.infer<typeof adminReturnListQuerySchema>;

// ---- contract: the return ---------------------------------------------------------------------------------------

export const returnLineDtoSchema = z
  .object({
    lineId: z.string(),
    productId: z.string().nullable(),
    title: z.string(),
    image: z.string(),
    variantLabel: z.string(),
    quantity: z.number().int().meta({ description: 'units returned' }),
    refundAmount: z
      .number()
      .meta({ description: "rupees: these units' share of what was paid for the line" }),
  })
  .meta({ id: 'ReturnLine' });

export const returnEventDtoSchema = z
  .object({
    kind: z.enum(RETURN_EVENT_KINDS),
    state: z.enum(RETURN_STATES).meta({ description: 'the state after this step' }),
    actor: z.enum(RETURN_ACTORS),
    note: z.string().nullable(),
    at: z.string(),
  })
  .meta({ id: 'ReturnEvent' });

export const returnDisputeDtoSchema = z
  .object({
    note: z.string().meta({ description: "the shopper's note" }),
    openedAt: z.string(),
    decision: z.enum(['approve', 'reject', 'refund']).nullable(),
    adminNote: z.string().nullable(),
    decidedAt: z.string().nullable(),
  })
  .meta({ id: 'ReturnDispute' });

export const returnDtoSchema = z
  .object({
    id: z.string(),
    orderId: z.string(),
    orderNumber: z.string().meta({ description: 'e.g. "HM-100234"' }),
    sellerId: z.string().nullable(),
    storeName: z.string(),
    buyerName: z.string(),
    state: z.enum(RETURN_STATES),
    disputed: z.boolean().meta({ description: 'a rejection the shopper contests, not decided yet' }),
    reason: z.enum(RETURN_REASONS),
    reasonLabel: z.string(),
    sellerFault: z.boolean().meta({ description: 'the seller pays the reverse shipping' }),
    comment: z.string().nullable(),
    photos: z.array(z.string()).meta({ description: "the shopper's photos of what goes back" }),
    sellerReason: z.string().nullable().meta({ description: "the seller's reason (a rejection's)" }),
    paymentMethod: z.string(),
    refundTo: refundToDisplaySchema
      .nullable()
      .meta({ description: 'cash-on-delivery returns: where the refund goes' }),
    lines: z.array(returnLineDtoSchema),
    decisionDueAt: z
      .string()
      .meta({ description: 'approved by itself at this time if the seller stays silent' }),
    courierDeliveredAt: z.string().nullable(),
    refundDueAt: z
      .string()
      .nullable()
      .meta({ description: 'refunded by itself at this time (48 h after the courier brought it back)' }),
    pickupAwb: z.string().nullable(),
    pickupTrackingUrl: z.string().nullable(),
    pickup: returnPickupDtoSchema
      .nullable()
      .optional()
      .meta({ description: "the courier's reverse pickup (docs/delivery.md); null before approval" }),
    refundPayout: refundPayoutDtoSchema.nullable().optional().meta({
      description: 'a cash-on-delivery return: the payout of its refund to the UPI id or bank account',
    }),
    refundAmount: z
      .number()
      .meta({ description: 'rupees given back (or to be given back) for the returned units' }),
    refundId: z.string().nullable(),
    refundedAt: z.string().nullable(),
    dispute: returnDisputeDtoSchema.nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
    history: z.array(returnEventDtoSchema).meta({ description: 'every step, oldest first' }),
  })
  .meta({ id: 'Return' });
export type ReturnDto = z.infer<typeof returnDtoSchema>;
export type ReturnLineDto = z.infer<typeof returnLineDtoSchema>;
export type ReturnEventDto = z.infer<typeof returnEventDtoSchema>;
