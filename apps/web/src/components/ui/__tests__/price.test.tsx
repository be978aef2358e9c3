import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Price } from '../price';

describe('Price', () => {
  it('when a sale price and a further discount apply, then it shows what the shopper pays and the true saving', () => {
    // the card: "₹699 ~~₹999~~ 10% off" while the shopper paid ₹629.10
    render(<Price price={999} salePrice={699} discount={10} detailed />);
    expect(screen.getByTestId('payable-price').textContent).toBe('₹629.10');
    expect(screen.getByText('37% off')).toBeTruthy();
    expect(screen.queryByText('10% off')).toBeNull();
    expect(screen.getByTestId('price-breakdown').textContent).toBe(
      'List price ₹999 · sale price ₹699 · extra 10% off · you save ₹369.90',
    );
  });

  it('when nothing lowers the price, then only the price, no struck price or percent', () => {
    const { container } = render(<Price price={499} detailed />);
    expect(screen.getByTestId('payable-price').textContent).toBe('₹499');
    expect(container.querySelector('.line-through')).toBeNull();
    expect(screen.queryByText(/off/)).toBeNull();
    expect(screen.queryByTestId('price-breakdown')).toBeNull();
  });
});
