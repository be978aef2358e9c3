import type { SellerOrderDto, SellerOrderStatus } from '@mp/shared';
import { formatINR } from '@mp/shared/money';

/** The toast after a seller's status change: a rejection says that the shopper is refunded (docs/money.md). */
export function statusUpdatedMessage(status: SellerOrderStatus, order: SellerOrderDto | undefined): string {
  if (status !== 'rejected' || !order) return 'Order status updated!';
  return order.refundedAmount > 0
    ? `Order ${order.orderNumber} rejected; ${formatINR(order.refundedAmount)} is refunded to the shopper.`
    : `Order ${order.orderNumber} rejected.`;
}
