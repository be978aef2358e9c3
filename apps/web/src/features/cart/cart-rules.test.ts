import { describe, expect, it } from 'vitest';
import { canDecrease, quantityStep } from './cart-rules';

describe('cart quantity rules', () => {
  it('when plus is pressed below the stock, then the quantity goes up by one', () => {
    expect(quantityStep({ quantity: 2, totalStock: 5 }, 'plus')).toEqual({ kind: 'change', quantity: 3 });
  });

  it('when plus is pressed at the stock, then nothing changes and the stock-left warning is given', () => {
    expect(quantityStep({ quantity: 3, totalStock: 3 }, 'plus')).toEqual({
      kind: 'limit',
      message: 'Only 3 Quantity are left',
    });
  });

  it('when minus would go below 1, then it is ignored; otherwise the quantity goes down', () => {
    expect(quantityStep({ quantity: 1, totalStock: 5 }, 'minus')).toEqual({ kind: 'ignore' });
    expect(quantityStep({ quantity: 4, totalStock: 5 }, 'minus')).toEqual({ kind: 'change', quantity: 3 });
    expect(canDecrease(1)).toBe(false);
    expect(canDecrease(2)).toBe(true);
  });
});
