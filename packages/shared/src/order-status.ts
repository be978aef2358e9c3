/**
 * The seller's status machine for its lines of a paid order (docs/orders-and-stock.md): only forward along
 * confirmed → inProcess → inShipping → delivered (steps may be skipped), rejected only before shipping; delivered
 * and rejected are final. `pending` is the seller form's name for "not started": it ranks with confirmed.
 */
import { SELLER_ORDER_STATUSES, type OrderStatus, type SellerOrderStatus } from './constants';

const RANK: Partial<Record<OrderStatus, number>> = {
  pending: 0,
  confirmed: 0,
  inProcess: 1,
  inShipping: 2,
  delivered: 3,
};

/** Whether a seller may move its lines from `from` to `to`; the same rank counts as no move (allowed, no-op). */
export function sellerStatusMove(from: OrderStatus, to: SellerOrderStatus): 'move' | 'same' | 'refused' {
  if (from === to) return 'same';
  const a = RANK[from];
  if (a === undefined) return 'refused'; // rejected is final
  if (to === 'rejected') return a <= 1 ? 'move' : 'refused';
  const b = RANK[to]!;
  if (b === a) return 'same';
  return b > a ? 'move' : 'refused';
}

/** The statuses the seller form offers for lines now in `current`: where they are and every allowed move. */
export function sellerStatusChoices(current: OrderStatus): SellerOrderStatus[] {
  return SELLER_ORDER_STATUSES.filter((s) => sellerStatusMove(current, s) !== 'refused');
}
