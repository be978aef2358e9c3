/** The cart's delivery per seller (docs/delivery.md, "Checkout"): each seller's date and charge, or why not. */
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { DeliveryQuoteDto } from '@mp/shared';
import { quotedTotals, SellerDeliveries } from '../delivery-quote';

const totals = { subtotal: 700, discount: 0, shippingCharge: 170, total: 870, itemCount: 3 };
const quote: DeliveryQuoteDto = {
  pincode: '560004',
  deliverable: false,
  totals,
  sellers: [
    {
      sellerId: 'a',
      storeName: 'Ravi Shoes',
      deliverable: true,
      reason: null,
      cod: true,
      promisedDate: '2026-12-04',
      promise: 'Get it by Fri, 4 Dec',
      charge: 140,
      subtotal: 300,
      zone: 'C',
    },
    {
      sellerId: 'b',
      storeName: 'Kaveri Crafts',
      deliverable: true,
      reason: null,
      cod: true,
      promisedDate: '2026-12-02',
      promise: 'Get it by Wed, 2 Dec',
      charge: 0,
      subtotal: 600,
      zone: 'A',
    },
    {
      sellerId: 'c',
      storeName: 'Island Teas',
      deliverable: false,
      reason: 'Island Teas cannot deliver to PIN code 560004',
      cod: false,
      promisedDate: null,
      promise: null,
      charge: 0,
      subtotal: 100,
      zone: null,
    },
  ],
};

describe('seller deliveries', () => {
  it('when the cart is quoted, then each seller shows its date and charge ("Free" under the rule) or why not', () => {
    render(<SellerDeliveries quote={quote} />);
    const rows = screen.getAllByTestId('seller-delivery');
    expect(rows[0]).toHaveTextContent('Ravi Shoes₹140');
    expect(rows[0]).toHaveTextContent('Get it by Fri, 4 Dec');
    expect(rows[1]).toHaveTextContent('Kaveri CraftsFree');
    expect(within(rows[2]!).getByRole('alert')).toHaveTextContent('cannot deliver to PIN code 560004');
  });

  it("when there is a quote with sellers, then its totals replace the cart's order-wide ones", () => {
    const cart = { ...totals, shippingCharge: 0, total: 700 };
    expect(quotedTotals(quote, cart)).toEqual(totals);
    expect(quotedTotals({ ...quote, sellers: [] }, cart)).toEqual(cart);
    expect(quotedTotals(undefined, cart)).toEqual(cart);
  });
});
