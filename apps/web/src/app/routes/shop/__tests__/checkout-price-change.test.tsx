/**
 * Checkout and coupons (docs/money.md, "Coupons"): checkout sends the total it shows; when the server answers 409
 * COUPON_PRICE_CHANGED (no order was made), it says the new total, shows the new figures and lets the shopper
 * confirm again.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AddressDto } from '@mp/shared';
import { describe, expect, it } from 'vitest';
import { answer, errorResponse, server } from '../../../../testing/msw';
import { renderConsole } from '../../../../features/console/test-utils';
import {
  appliedCouponFixture,
  couponCartFixture,
  shopperFixture as shopper,
} from '../../../../testing/shop-fixture';
import CheckoutPage from '../checkout';

const welcome = appliedCouponFixture({ label: null });

const home: AddressDto = {
  _id: 'a-1',
  addressId: 'a-1',
  userId: shopper.id,
  recipientName: 'Ravi',
  address: '7 Lake View',
  landmark: '',
  city: 'Pune',
  pincode: '411001',
  phone: '9812345678',
  notes: '',
  place: 'home',
  state: 'Maharashtra',
  isDefault: true,
};

describe('checkout with a coupon', () => {
  it('when the code stops applying before the order is made, then checkout says the new total, shows it, and the next try sends it', async () => {
    let cart = couponCartFixture([welcome], 100);
    const sent: unknown[] = [];
    server.use(
      answer('shopConfig', { success: true, data: { payments: { provider: 'sandbox', testMode: true } } }),
      answer('getCart', () => ({ success: true, data: cart })),
      answer('listAddresses', { success: true, data: [home] }),
      answer('deliveryQuote', () => ({
        success: true,
        data: {
          pincode: '411001',
          deliverable: true,
          sellers: [],
          totals: cart.totals,
          coupons: cart.coupons,
        },
      })),
      answer('createOrder', async ({ request }) => {
        sent.push(((await request.json()) as { expectedTotal?: number }).expectedTotal);
        // the last use was taken meanwhile: the code no longer applies
        cart = couponCartFixture([{ ...welcome, applies: false, discount: 0, reason: 'exhausted' }], 0);
        return errorResponse(409, {
          code: 'COUPON_PRICE_CHANGED',
          message: 'The price changed',
          details: { total: 1000 },
        });
      }),
    );
    renderConsole(<CheckoutPage />, { path: '/shop/checkout', auth: { user: shopper } });
    await waitFor(() => expect(screen.getByTestId('total-amount')).toHaveTextContent('₹900'));
    expect(screen.getByTestId('coupon-discount')).toHaveTextContent('− ₹100');

    await userEvent.click(await screen.findByRole('button', { name: 'DELIVER HERE' }));
    expect(await screen.findByTestId('price-changed')).toHaveTextContent('Your total has changed to ₹1,000.');
    await waitFor(() => expect(screen.getByTestId('total-amount')).toHaveTextContent('₹1,000'));
    expect(screen.queryByTestId('coupon-discount')).not.toBeInTheDocument();
    expect(screen.getByText('All uses are taken')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'DELIVER HERE' }));
    await waitFor(() => expect(sent).toEqual([900, 1000]));
  });
});
