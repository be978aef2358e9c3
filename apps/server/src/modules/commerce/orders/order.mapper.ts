import {
  DELIVERY_ADDRESS_FIELDS,
  formatOrderNumber,
  lineState,
  orderTimeline,
  ORDER_STATUSES,
  returnPolicyLabel,
  returnableNow,
  SHOP_NAME,
  shopperOrderState,
  toRupees,
  type FulfilmentDto,
  type OrderDto,
  type OrderLineDto,
  type OrderStatus,
  type PaymentEntryDto,
  type SellerOrderDto,
  type ShopperOrderState,
} from '@mp/shared';
import { pick } from '../../../lib/pick';
import { lineDiscountsOf } from '../coupons/order-coupons';
import type { orderLines, orderStatusHistory, orders, refunds } from '../../../db/schema';

export type OrderRow = typeof orders.$inferSelect;
export type OrderLineRow = typeof orderLines.$inferSelect;
export type StatusHistoryRow = typeof orderStatusHistory.$inferSelect;
export type RefundRow = typeof refunds.$inferSelect;

/** What an order answer shows beyond the order and its lines (gathered by order-views.ts). */
export interface OrderFacts {
  payments: PaymentEntryDto[];
  /** store names by seller id */
  storeNames: Map<string, string>;
  /** this order's status history, oldest first */
  history: StatusHistoryRow[];
  /** the refunds its lines point at, by id */
  refunds: Map<string, RefundRow>;
}

export const NO_FACTS: OrderFacts = { payments: [], storeNames: new Map(), history: [], refunds: new Map() };

/** Key of sellerStatuses for lines of products the admin listed directly (no seller). */
export const MARKETPLACE_SELLER_KEY = 'admin';

const rupeesString = (paise: number) => (paise / 100).toFixed(2);

const storeNameOf = (sellerId: string | null, names: Map<string, string>) =>
  (sellerId && names.get(sellerId)) || SHOP_NAME;

/** The sellers whose part the shopper's own cancel rejected: the part's last move to rejected was the shopper's. */
function cancelledByShopperOf(o: OrderRow, history: StatusHistoryRow[]): Set<string | null> {
  const last = new Map<string | null, StatusHistoryRow>();
  for (const h of history) if (h.toStatus === 'rejected') last.set(h.sellerId, h);
  return new Set([...last].filter(([, h]) => h.actorUserId === o.userId).map(([sellerId]) => sellerId));
}

export function toOrderLineDto(
  l: OrderLineRow,
  storeNames: Map<string, string>,
  orderState: ShopperOrderState,
  byShopper: Set<string | null>,
  returnable?: { deliveredAt: Date | null; now: Date },
): OrderLineDto {
  return {
    _id: l.id,
    productId: l.productId ?? '',
    variantId: l.variantId,
    variantLabel: l.variantLabel,
    title: l.title,
    image: l.image,
    price: rupeesString(l.linePricePaise),
    unitPrice: toRupees(l.unitPricePaise),
    listPrice: toRupees(l.listPricePaise ?? l.unitPricePaise),
    discount: l.discount,
    quantity: l.quantity,
    sellerId: l.sellerId,
    storeName: storeNameOf(l.sellerId, storeNames),
    status: l.status,
    state: lineState({ status: l.status, cancelledByShopper: byShopper.has(l.sellerId) }, orderState),
    rejectionReason: l.status === 'rejected' ? l.rejectionReason : null,
    returnPolicy: returnPolicyLabel(l.returnWindowDays),
    ...lineDiscountsOf(l),
    // what the return button may offer (docs/returns.md), from the history already read: no query per line
    ...(returnable ? returnableNow(l, returnable.deliveredAt, returnable.now) : {}),
  };
}

/** When each seller's part was delivered: its first move to delivered in the status history. */
const deliveredAtBySeller = (history: StatusHistoryRow[]) => {
  const out = new Map<string | null, Date>();
  for (const h of history)
    if (h.toStatus === 'delivered' && !out.has(h.sellerId)) out.set(h.sellerId, h.createdAt);
  return out;
};

export function sellerStatusesOf(lines: OrderLineRow[]): Record<string, OrderStatus> {
  const out: Record<string, OrderStatus> = {};
  for (const l of lines) {
    const key = l.sellerId ?? MARKETPLACE_SELLER_KEY;
    // a seller's lines share one status; if they ever differ, show the least advanced one
    const prev = out[key] as OrderStatus | undefined;
    out[key] = prev ? leastAdvanced([prev, l.status]) : l.status;
  }
  return out;
}

const progress = (s: OrderStatus) => ORDER_STATUSES.indexOf(s);

function leastAdvanced(statuses: OrderStatus[]): OrderStatus {
  return statuses.reduce((a, b) => (progress(b) < progress(a) ? b : a));
}

/**
 * The order's overall status from its lines: the shared status when every line has it; otherwise the least
 * advanced status of the lines that were not rejected (rejected only when every line is rejected).
 */
export function deriveOrderStatus(lineStatuses: OrderStatus[]): OrderStatus {
  if (lineStatuses.length === 0) return 'pending';
  if (lineStatuses.every((s) => s === lineStatuses[0])) return lineStatuses[0]!;
  const live = lineStatuses.filter((s) => s !== 'rejected');
  return live.length === 0 ? 'rejected' : leastAdvanced(live);
}

/** When an unpaid order ended (cancelled, expired or failed), or null while it is paid or still payable. */
function endedAt(o: OrderRow, expired: boolean): Date | null {
  if (o.paymentStatus === 'paid') return null;
  if (o.cancelledAt) return o.cancelledAt;
  if (o.paymentStatus !== 'pending') return o.updatedAt;
  return expired ? o.holdExpiresAt : null;
}

/** Each seller's part of the order: store, status, timeline (docs/order-views.md). */
function fulfilmentOf(
  o: OrderRow,
  lines: OrderLineRow[],
  facts: OrderFacts,
  ended: Date | null,
  orderState: ShopperOrderState,
  byShopper: Set<string | null>,
): FulfilmentDto[] {
  const parts = new Map<string, OrderLineRow[]>();
  for (const l of lines) {
    const key = l.sellerId ?? MARKETPLACE_SELLER_KEY;
    parts.set(key, [...(parts.get(key) ?? []), l]);
  }
  return [...parts.values()].map((own) => {
    const sellerId = own[0]!.sellerId;
    const status = deriveOrderStatus(own.map((l) => l.status));
    const refundId = own.find((l) => l.refundId)?.refundId;
    const refund = refundId ? facts.refunds.get(refundId) : undefined;
    return {
      sellerId,
      storeName: storeNameOf(sellerId, facts.storeNames),
      status,
      state: lineState({ status, cancelledByShopper: byShopper.has(sellerId) }, orderState),
      timeline: orderTimeline({
        placedAt: o.createdAt,
        paidAt: o.paidAt,
        paymentStatus: o.paymentStatus,
        endedAt: ended,
        status,
        history: facts.history
          .filter((h) => h.sellerId === sellerId)
          .map((h) => ({ toStatus: h.toStatus, at: h.createdAt, byShopper: h.actorUserId === o.userId })),
        refund: refund ? { requestedAt: refund.createdAt, completedAt: refund.completedAt } : null,
      }),
    };
  });
}

export function toOrderDto(
  o: OrderRow,
  lines: OrderLineRow[],
  facts: OrderFacts = NO_FACTS,
  now: number = Date.now(),
): OrderDto {
  const state = shopperOrderState(
    {
      paymentStatus: o.paymentStatus,
      orderStatus: o.orderStatus,
      cancelledAt: o.cancelledAt,
      holdExpiresAt: o.paymentStatus === 'pending' ? o.holdExpiresAt : null,
      capturePending: facts.payments.some((p) => p.event === 'capture_pending'),
    },
    now,
  );
  const byShopper = cancelledByShopperOf(o, facts.history);
  const delivered = deliveredAtBySeller(facts.history);
  return {
    _id: o.id,
    orderId: o.id,
    orderNumber: formatOrderNumber(o.orderNumber),
    state,
    cancelledAt: o.cancelledAt?.toISOString() ?? null,
    userId: o.userId,
    cartId: o.cartId,
    buyerName: o.buyerName,
    createdAt: o.createdAt.toISOString(),
    orderDate: o.createdAt.toISOString(),
    orderUpdateDate: o.updatedAt.toISOString(),
    cartItems: lines.map((l) =>
      toOrderLineDto(l, facts.storeNames, state, byShopper, {
        deliveredAt: delivered.get(l.sellerId) ?? null,
        now: new Date(now),
      }),
    ),
    addressInfo: { addressId: o.addressId, ...pick(o, DELIVERY_ADDRESS_FIELDS), notes: o.notes },
    orderStatus: o.orderStatus,
    paymentMethod: o.paymentMethod,
    paymentStatus: o.paymentStatus,
    subtotal: toRupees(o.subtotalPaise),
    discount: toRupees(o.discountPaise),
    shippingCharge: toRupees(o.shippingPaise),
    totalAmount: toRupees(o.totalPaise),
    paymentId: o.paymentId ?? '',
    payerId: o.payerId ?? '',
    sellerStatuses: sellerStatusesOf(lines),
    refundedAmount: toRupees(o.refundedPaise),
    couponDiscount: toRupees(lines.reduce((s, l) => s + l.sellerDiscountPaise + l.platformDiscountPaise, 0)),
    payments: facts.payments,
    fulfilment: fulfilmentOf(o, lines, facts, endedAt(o, state === 'cancelled'), state, byShopper),
  };
}

/**
 * The seller's view: only its lines, totals of only those lines, its own status as orderStatus; of the money,
 * only what was refunded for its lines (docs/money.md).
 */
export function toSellerOrderDto(
  o: OrderRow,
  ownLines: OrderLineRow[],
  sellerId: string,
  facts: OrderFacts = NO_FACTS,
): SellerOrderDto {
  const refundedPaise = ownLines
    .filter((l) => l.refundId)
    .reduce((s, l) => s + l.linePricePaise * l.quantity, 0);
  // the seller's own status drives everything it sees: its lines, its state, its timeline
  const own = { ...o, orderStatus: deriveOrderStatus(ownLines.map((l) => l.status)) };
  const base = { ...toOrderDto(own, ownLines, facts), refundedAmount: toRupees(refundedPaise) };
  const subtotalPaise = ownLines.reduce((s, l) => s + l.unitPricePaise * l.quantity, 0);
  // the seller's price: a seller-funded code lowers it, a platform-funded one is paid by the platform
  const netPaise = ownLines.reduce((s, l) => s + l.linePricePaise * l.quantity - l.sellerDiscountPaise, 0);
  return {
    ...base,
    subtotal: toRupees(subtotalPaise),
    discount: toRupees(subtotalPaise - netPaise),
    totalAmount: toRupees(netPaise),
    sellerId,
  };
}
