/** Cart quantity rules (docs/web.md, "Cart quantities"), pure so they are easy to test. */
import { LIMITS, MESSAGES } from '@mp/shared/constants';

export type QuantityStep =
  | { kind: 'change'; quantity: number }
  /** nothing changes; show the warning */
  | { kind: 'limit'; message: string }
  /** nothing changes, silently (minus at 1) */
  | { kind: 'ignore' };

/** Plus: at or above the stock → 'Only {stock} Quantity are left'. Minus: a result below 1 is ignored. */
export function quantityStep(
  item: { quantity: number; totalStock: number },
  direction: 'plus' | 'minus',
): QuantityStep {
  if (direction === 'plus') {
    if (item.quantity >= item.totalStock)
      return { kind: 'limit', message: MESSAGES.onlyLeft(item.totalStock) };
    return { kind: 'change', quantity: item.quantity + 1 };
  }
  if (item.quantity - 1 < 1) return { kind: 'ignore' };
  return { kind: 'change', quantity: item.quantity - 1 };
}

export const canDecrease = (quantity: number) => quantity > 1;

/** Plus is offered only below the stock (and the per-line cap); at the limit a message shows instead. */
export const canIncrease = (item: { quantity: number; totalStock: number }) =>
  item.quantity < item.totalStock && item.quantity < LIMITS.cartQuantityMax;
