import {
  ORDER_STATUSES,
  toRupees,
  type OrderDto,
  type OrderLineDto,
  type OrderStatus,
  type PaymentEntryDto,
  type SellerOrderDto,
} from '@mp/shared';
import type { orderLines, orders } from '../../../db/schema';

export type OrderRow = typeof orders.$inferSelect;
export type OrderLineRow = typeof orderLines.$inferSelect;

/** Key of sellerStatuses for lines of products the admin listed directly (no seller). */
export const MARKETPLACE_SELLER_KEY = 'admin';

const rupeesString = (paise: number) => (paise / 100).toFixed(2);

export function toOrderLineDto(l: OrderLineRow): OrderLineDto {
  return {
    _id: l.id,
    productId: l.productId ?? '',
    title: l.title,
    image: l.image,
    price: rupeesString(l.linePricePaise),
    unitPrice: toRupees(l.unitPricePaise),
    discount: l.discount,
    quantity: l.quantity,
    sellerId: l.sellerId,
    status: l.status,
  };
}

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

export function toOrderDto(o: OrderRow, lines: OrderLineRow[], payments: PaymentEntryDto[] = []): OrderDto {
  return {
    _id: o.id,
    orderId: o.id,
    userId: o.userId,
    cartId: o.cartId,
    buyerName: o.buyerName,
    createdAt: o.createdAt.toISOString(),
    orderDate: o.createdAt.toISOString(),
    orderUpdateDate: o.updatedAt.toISOString(),
    cartItems: lines.map(toOrderLineDto),
    addressInfo: {
      addressId: o.addressId,
      address: o.address,
      city: o.city,
      pincode: o.pincode,
      phone: o.phone,
      notes: o.notes,
    },
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
    payments,
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
  ownRefunds: PaymentEntryDto[] = [],
): SellerOrderDto {
  const refundedPaise = ownLines
    .filter((l) => l.refundId)
    .reduce((s, l) => s + l.linePricePaise * l.quantity, 0);
  const base = { ...toOrderDto(o, ownLines, ownRefunds), refundedAmount: toRupees(refundedPaise) };
  const subtotalPaise = ownLines.reduce((s, l) => s + l.unitPricePaise * l.quantity, 0);
  const netPaise = ownLines.reduce((s, l) => s + l.linePricePaise * l.quantity, 0);
  return {
    ...base,
    subtotal: toRupees(subtotalPaise),
    discount: toRupees(subtotalPaise - netPaise),
    totalAmount: toRupees(netPaise),
    orderStatus: deriveOrderStatus(ownLines.map((l) => l.status)),
    sellerId,
  };
}
