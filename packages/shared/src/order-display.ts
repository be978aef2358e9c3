/**
 * How an order reads to people (docs/order-views.md): its short number, the one state a shopper sees, and the
 * status timeline of each seller's part. Pure functions: the server puts their results in every order answer and
 * e-mail; the web shows them.
 */
import { PLACED_ORDER_STATUSES, type OrderStatus, type PaymentStatus } from './constants';
import { formatINR } from './money';

/** Short human order numbers: "HM-100234" (the orders table's sequence, starting at 100001). */
export const ORDER_NUMBER_PREFIX = 'HM';

export const formatOrderNumber = (n: number): string => `${ORDER_NUMBER_PREFIX}-${n}`;

/** "HM-100234", "hm100234", "#HM-100234" or "100234" → 100234; anything else → null. */
export function parseOrderNumber(input: string): number | null {
  const m = /^#?\s*(?:hm\s*-?\s*)?(\d{1,15})$/i.exec(input.trim());
  if (!m) return null;
  const n = Number(m[1]);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}

/** India's time, for times people are told (the shop's prices, deadlines and dates are Indian). */
const IST = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'Asia/Kolkata',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** "28 Nov 2026, 3:30 pm IST": a moment as a shopper in India reads it. */
export const formatIstDateTime = (at: Date | string): string => `${IST.format(new Date(at))} IST`;

/** What a delivery address needs to be written out (an order's copy, a mail's). */
export interface DeliveryAddressParts {
  /** who receives the parcel; '' or absent on orders from before it was asked */
  recipientName?: string;
  /** the buyer's name, shown when no recipient was named */
  buyerName?: string;
  address: string;
  landmark?: string;
  city: string;
  state?: string | null;
  pincode: string;
  phone: string;
}

/** The fields of a delivery address an order copies from the shopper's saved address, in the answers' order. */
export const DELIVERY_ADDRESS_FIELDS = [
  'recipientName',
  'address',
  'landmark',
  'city',
  'state',
  'pincode',
  'phone',
] as const;

/**
 * A delivery address as people read it, one entry a line: recipient, street (with its landmark), city with state
 * and PIN code, phone. The shopper's, seller's and admin's order views and the e-mails all write it this way.
 */
export function deliveryAddressLines(a: DeliveryAddressParts): string[] {
  return [
    a.recipientName || a.buyerName || '',
    a.landmark ? `${a.address}, near ${a.landmark}` : a.address,
    `${a.city}${a.state ? `, ${a.state}` : ''} – ${a.pincode}`,
    `Phone: ${a.phone}`,
  ].filter((line) => line !== '');
}

/** The states a shopper sees for an order (never "pending" for a payment that ended). */
export const SHOPPER_ORDER_STATES = [
  'awaitingPayment',
  'paymentProcessing',
  'paymentFailed',
  'cancelled',
  ...PLACED_ORDER_STATUSES,
] as const;
export type ShopperOrderState = (typeof SHOPPER_ORDER_STATES)[number];

export const SHOPPER_ORDER_STATE_LABELS: Record<ShopperOrderState, string> = {
  awaitingPayment: 'Awaiting payment',
  paymentProcessing: 'Payment processing',
  paymentFailed: 'Payment failed',
  cancelled: 'Cancelled',
  confirmed: 'Confirmed',
  inProcess: 'In Process',
  inShipping: 'In Shipping',
  delivered: 'Delivered',
  rejected: 'Rejected',
};

export interface OrderStateFacts {
  paymentStatus: PaymentStatus;
  orderStatus: OrderStatus;
  cancelledAt: Date | string | null;
  /** while unpaid: when the stock hold ends (past = the checkout expired, even before the sweeper ran) */
  holdExpiresAt?: Date | string | null;
  /** the provider accepted the payment but has not settled it yet */
  capturePending?: boolean;
}

/**
 * The one state a shopper sees. An unpaid order whose payment was cancelled or whose hold expired is Cancelled;
 * a cancelled paid order is Cancelled (its refund shows beside it); otherwise the fulfilment status.
 */
export function shopperOrderState(o: OrderStateFacts, now: number = Date.now()): ShopperOrderState {
  if (o.cancelledAt) return 'cancelled';
  switch (o.paymentStatus) {
    case 'cancelled':
      return 'cancelled';
    case 'failed':
      return 'paymentFailed';
    case 'pending': {
      if (o.capturePending) return 'paymentProcessing';
      const due = o.holdExpiresAt ? new Date(o.holdExpiresAt).getTime() : null;
      return due !== null && due <= now ? 'cancelled' : 'awaitingPayment';
    }
    case 'paid':
      return o.orderStatus === 'pending' ? 'confirmed' : o.orderStatus;
  }
}

/** Who looks at an order: the words for a shopper's own cancellation differ (docs/order-views.md). */
export type OrderViewer = 'shopper' | 'seller' | 'admin';

/**
 * The state of one order line (or one seller's part) as people see it: the order's own state while it is unpaid
 * or ended unpaid, the seller's status once paid, and a shopper's cancellation apart from a seller's rejection.
 */
export const LINE_STATES = [...SHOPPER_ORDER_STATES, 'cancelledByShopper'] as const;
export type LineState = (typeof LINE_STATES)[number];

const UNPAID_STATES: readonly ShopperOrderState[] = [
  'awaitingPayment',
  'paymentProcessing',
  'paymentFailed',
  'cancelled',
];

/**
 * A line's state from its status and the order's state: a line not yet started (`pending`/`confirmed`) reads as
 * the order while the order is unpaid or cancelled (so a never-paid cancelled order's lines read Cancelled, not
 * Pending); a rejected line reads as the shopper's cancellation when the shopper's cancel rejected it.
 */
export function lineState(
  line: { status: OrderStatus; cancelledByShopper: boolean },
  orderState: ShopperOrderState,
): LineState {
  if (line.status === 'rejected') return line.cancelledByShopper ? 'cancelledByShopper' : 'rejected';
  if (line.status === 'pending' || line.status === 'confirmed') {
    return UNPAID_STATES.includes(orderState) ? orderState : 'confirmed';
  }
  return line.status;
}

/** The words for a line's (or a seller part's) state: "Cancelled by you" to the shopper, "… by the buyer" to others. */
export function lineStateLabel(state: LineState, viewer: OrderViewer): string {
  if (state === 'cancelledByShopper')
    return viewer === 'shopper' ? 'Cancelled by you' : 'Cancelled by the buyer';
  if (state === 'rejected') return viewer === 'shopper' ? 'Rejected by the seller' : 'Rejected';
  return SHOPPER_ORDER_STATE_LABELS[state];
}

/** The longest reason a seller may give for rejecting its part of an order. */
export const REJECTION_REASON_MAX = 500;

const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  pending: 'Pending',
  paid: 'Paid',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

/**
 * The payment's status as people read it (docs/order-views.md): a paid order whose money went back reads
 * "Refunded" (all of it) or "Partly refunded ₹…" (some of it); otherwise the payment status. Amounts in rupees.
 */
export function paymentStatusLabel(o: {
  paymentStatus: PaymentStatus;
  refundedAmount: number;
  totalAmount: number;
  /** cash on delivery placed but not yet remitted reads "Pay on delivery" (docs/money.md, "Cash on delivery") */
  paymentMethod?: string;
  payments?: { event: string }[];
}): { label: string; refunded: 'none' | 'partly' | 'fully' } {
  if (
    o.paymentMethod === 'cod' &&
    o.paymentStatus === 'paid' &&
    !o.payments?.some((p) => p.event === 'capture')
  ) {
    return { label: 'Pay on delivery', refunded: 'none' };
  }
  if (o.paymentStatus === 'paid' && o.refundedAmount > 0) {
    return o.refundedAmount >= o.totalAmount
      ? { label: 'Refunded', refunded: 'fully' }
      : { label: `Partly refunded ${formatINR(o.refundedAmount)}`, refunded: 'partly' };
  }
  return { label: PAYMENT_STATUS_LABELS[o.paymentStatus], refunded: 'none' };
}

/** The steps of a seller part's timeline. */
export const TIMELINE_STEPS = [
  'placed',
  'paid',
  'inProcess',
  'shipped',
  'delivered',
  'cancelled',
  'rejected',
  'refunded',
] as const;
export type TimelineStepName = (typeof TIMELINE_STEPS)[number];

export const TIMELINE_STEP_LABELS: Record<TimelineStepName, string> = {
  placed: 'Placed',
  paid: 'Paid',
  inProcess: 'In process',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
  rejected: 'Rejected by the seller',
  refunded: 'Refunded',
};

/** done: happened (at = when, if known); pending: under way (a refund the provider has not confirmed); upcoming. */
export interface TimelineStep {
  step: TimelineStepName;
  state: 'done' | 'pending' | 'upcoming';
  at: string | null;
}

export interface TimelineFacts {
  placedAt: Date;
  paidAt: Date | null;
  paymentStatus: PaymentStatus;
  /** when an unpaid order ended (cancelled, expired or failed), else null */
  endedAt: Date | null;
  /** the seller part's status now */
  status: OrderStatus;
  /** the part's status changes, oldest first; `byShopper` when the shopper's cancel made it */
  history: { toStatus: string; at: Date; byShopper: boolean }[];
  /** the refund of the part's lines, if any */
  refund: { completedAt: Date | null; requestedAt: Date } | null;
}

const FORWARD: { step: TimelineStepName; status: OrderStatus; rank: number }[] = [
  { step: 'inProcess', status: 'inProcess', rank: 1 },
  { step: 'shipped', status: 'inShipping', rank: 2 },
  { step: 'delivered', status: 'delivered', rank: 3 },
];

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/**
 * The timeline of one seller's part of an order: placed → paid → in process → shipped → delivered, or, when the
 * part was rejected or cancelled, the steps it reached, then rejected/cancelled and refunded. An unpaid order
 * that ended reads placed → cancelled. Times come from the status history; a step skipped by the seller
 * (confirmed straight to shipped) is done without a time.
 */
export function orderTimeline(f: TimelineFacts): TimelineStep[] {
  const placed: TimelineStep = { step: 'placed', state: 'done', at: iso(f.placedAt) };
  if (f.paymentStatus !== 'paid') {
    if (f.paymentStatus === 'pending' && !f.endedAt) {
      return [
        placed,
        { step: 'paid', state: 'upcoming', at: null },
        ...FORWARD.map((s) => ({ step: s.step, state: 'upcoming' as const, at: null })),
      ];
    }
    return [placed, { step: 'cancelled', state: 'done', at: iso(f.endedAt) }];
  }
  const lastAt = (status: string) => f.history.filter((h) => h.toStatus === status).at(-1);
  const paid: TimelineStep = { step: 'paid', state: 'done', at: iso(f.paidAt) };
  if (f.status === 'rejected') {
    const ending = lastAt('rejected');
    // the furthest forward status reached before the rejection
    const reached = Math.max(
      0,
      ...f.history.map((h) => FORWARD.find((s) => s.status === h.toStatus)?.rank ?? 0),
    );
    const refund: TimelineStep[] = f.refund
      ? [
          {
            step: 'refunded',
            state: f.refund.completedAt ? 'done' : 'pending',
            at: iso(f.refund.completedAt ?? f.refund.requestedAt),
          },
        ]
      : [];
    return [
      placed,
      paid,
      ...FORWARD.filter((s) => s.rank <= reached).map((s) => ({
        step: s.step,
        state: 'done' as const,
        at: iso(lastAt(s.status)?.at),
      })),
      { step: ending?.byShopper ? 'cancelled' : 'rejected', state: 'done', at: iso(ending?.at) },
      ...refund,
    ];
  }
  const rank = FORWARD.find((s) => s.status === f.status)?.rank ?? 0;
  return [
    placed,
    paid,
    ...FORWARD.map((s) => ({
      step: s.step,
      state: s.rank <= rank ? ('done' as const) : ('upcoming' as const),
      at: s.rank <= rank ? iso(lastAt(s.status)?.at) : null,
    })),
  ];
}

/**
 * What is left to refund from an order's payments as answered (docs/money.md): captured minus every refund asked
 * for, pending or completed, in rupees. The server decides with its own locked figures; this is what people see.
 */
export function refundableAmount(payments: { event: string; amount: number }[]): number {
  let paise = 0;
  for (const p of payments) {
    if (p.event === 'capture') paise += Math.round(p.amount * 100);
    if (p.event === 'refund_requested') paise -= Math.round(p.amount * 100);
  }
  return Math.max(paise, 0) / 100;
}

/**
 * What the admin may still take off a cash-on-delivery order before delivery (docs/money.md, "Cash on delivery"):
 * the lines neither delivered nor rejected, less what was already taken off (`cod_lowered`), in rupees. An estimate
 * for the form; the server decides with the parcels' own figures.
 */
export function codStillToCollect(o: {
  cartItems: { status: OrderStatus; price: string; quantity: number }[];
  payments: { event: string; amount: number }[];
}): number {
  let paise = 0;
  for (const l of o.cartItems) {
    if (l.status !== 'delivered' && l.status !== 'rejected')
      paise += Math.round(Number(l.price) * 100) * l.quantity;
  }
  for (const p of o.payments) if (p.event === 'cod_lowered') paise -= Math.round(p.amount * 100);
  return Math.max(paise, 0) / 100;
}

/**
 * Whether the shopper may cancel the order (POST /api/shop/order/cancel/{id}, docs/money.md): not already
 * cancelled; unpaid and still payable; or paid with no line in shipping or delivered and some line not yet
 * rejected or refunded.
 */
export function shopperCanCancel(o: {
  state: ShopperOrderState;
  paymentStatus: PaymentStatus;
  cancelledAt: string | null;
  cartItems: { status: OrderStatus }[];
}): boolean {
  if (o.cancelledAt) return false;
  if (o.paymentStatus === 'pending') return o.state === 'awaitingPayment';
  if (o.paymentStatus !== 'paid') return false;
  if (o.cartItems.some((l) => l.status === 'inShipping' || l.status === 'delivered')) return false;
  return o.cartItems.some((l) => l.status !== 'rejected');
}
