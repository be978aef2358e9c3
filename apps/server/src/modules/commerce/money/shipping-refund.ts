/**
 * Shipping is given back per seller sub-order (docs/money.md, "Delivery"): lines refunded whole that are the last
 * of their seller's sub-order take that sub-order's shipping with them (what is left of it); the order's last
 * lines take everything still refundable, as before. What each refund gave back of each sub-order's charge is
 * kept on its shipment (`shipping_refunded_paise`), so no seller's charge is given back twice.
 */
import { allocateShippingRefund } from '@mp/shared';
import type { Tx } from '../../../db/client';
import { addShippingRefunded, shippingOfOrder } from '../../delivery/delivery.repository';
import type { OrderLineRow } from '../orders/order.mapper';

export interface ShippingEnded {
  /** what is left of the shipping of the sub-orders these lines end */
  shippingPaise: number;
  /** records the part of a refund that gave shipping back */
  record: (tx: Tx, paise: number) => Promise<void>;
}

/** The sub-orders `target` ends: every one when no other line is left (`left` empty), else its sellers' with none left. */
export async function shippingEndedBy(
  tx: Tx,
  orderId: string,
  target: readonly OrderLineRow[],
  left: readonly OrderLineRow[],
): Promise<ShippingEnded> {
  const stillOpen = new Set(left.map((l) => l.sellerId));
  const ending = new Set(target.map((l) => l.sellerId).filter((s) => !stillOpen.has(s)));
  const ended = (await shippingOfOrder(tx, orderId)).filter((s) => left.length === 0 || ending.has(s.key));
  return {
    shippingPaise: ended.reduce((s, x) => s + Math.max(0, x.shippingPaise - x.refundedPaise), 0),
    record: (t, paise) => addShippingRefunded(t, orderId, allocateShippingRefund(ended, paise)),
  };
}

/** An amount refunded of the order's delivery (an admin refund beyond its lines) falls on its sub-orders in turn. */
export async function recordDeliveryRefundIn(tx: Tx, orderId: string, paise: number): Promise<void> {
  if (paise <= 0) return;
  await addShippingRefunded(tx, orderId, allocateShippingRefund(await shippingOfOrder(tx, orderId), paise));
}
