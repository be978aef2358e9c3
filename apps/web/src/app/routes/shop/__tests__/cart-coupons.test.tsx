/**
 * The cart's codes (docs/money.md, "Coupons"): a refused code says why in the cart's words, read from the error
 * code and its details (never the message text); an applied code shows its discount, the totals a coupon line, and
 * × removes it.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answer, errorResponse, server } from '../../../../testing/msw';
import { renderConsole } from '../../../../features/console/test-utils';
import {
  appliedCouponFixture,
  couponCartFixture as cartOf,
  shopperFixture as shopper,
} from '../../../../testing/shop-fixture';
import CartPage from '../cart';

const welcome = appliedCouponFixture();

function couponServer() {
  let cart = cartOf([]);
  const calls = { applied: [] as string[], removed: [] as string[] };
  server.use(
    answer('getCart', () => ({ success: true, data: cart })),
    answer('listAddresses', { success: true, data: [] }),
    answer('applyCoupon', async ({ request }) => {
      const { code } = (await request.json()) as { code: string };
      calls.applied.push(code);
      if (calls.applied.length === 1) {
        return errorResponse(422, {
          code: 'COUPON_BELOW_MINIMUM',
          // the words come from the code and details, not from this text
          message: 'server words the web does not show',
          details: { reason: 'below_minimum', code, missing: 120 },
        });
      }
      cart = cartOf([welcome], 100);
      return { success: true, message: 'Coupon applied', data: cart };
    }),
    answer('removeCoupon', ({ params }) => {
      calls.removed.push(String(params.code));
      cart = cartOf([]);
      return { success: true, message: 'Coupon removed', data: cart };
    }),
  );
  return calls;
}

describe('cart coupons', () => {
  it('when a code is refused below the minimum, then the box says how much is missing; applied, it shows its discount and × removes it', async () => {
    const calls = couponServer();
    renderConsole(<CartPage />, { auth: { user: shopper } });
    const box = await screen.findByRole('form', { name: 'Apply a coupon' });

    await userEvent.type(within(box).getByLabelText('Coupon code'), 'welcome10');
    await userEvent.click(within(box).getByRole('button', { name: 'Apply' }));
    expect(await within(box).findByText('Add ₹120 more')).toBeInTheDocument();
    expect(screen.queryByText('server words the web does not show')).not.toBeInTheDocument();
    expect(calls.applied).toEqual(['WELCOME10']);

    await userEvent.click(within(box).getByRole('button', { name: 'Apply' }));
    const applied = await screen.findByRole('list', { name: 'Applied coupons' });
    expect(within(applied).getByText('WELCOME10')).toBeInTheDocument();
    expect(within(applied).getByTestId('coupon-effect')).toHaveTextContent('− ₹100');
    expect(screen.getByTestId('coupon-discount')).toHaveTextContent('− ₹100');
    expect(screen.getByTestId('total-amount')).toHaveTextContent('₹900');

    await userEvent.click(within(applied).getByRole('button', { name: 'Remove code WELCOME10' }));
    await waitFor(() =>
      expect(screen.queryByRole('list', { name: 'Applied coupons' })).not.toBeInTheDocument(),
    );
    expect(calls.removed).toEqual(['WELCOME10']);
    expect(screen.queryByTestId('coupon-discount')).not.toBeInTheDocument();
  });

  it('when an applied code stops applying, then its line says why instead of a discount', async () => {
    const server0 = cartOf([
      { ...welcome, applies: false, discount: 0, reason: 'expired', message: 'Expired', missing: null },
      {
        ...welcome,
        code: 'NIKE20',
        funder: 'seller',
        storeName: 'Nike Store',
        applies: false,
        discount: 0,
        reason: 'not_applicable',
        message: 'Only for Nike products',
        missing: null,
      },
    ]);
    server.use(
      answer('getCart', { success: true, data: server0 }),
      answer('listAddresses', { success: true, data: [] }),
    );
    renderConsole(<CartPage />, { auth: { user: shopper } });
    const applied = await screen.findByRole('list', { name: 'Applied coupons' });
    const effects = within(applied).getAllByTestId('coupon-effect');
    expect(effects.map((e) => e.textContent)).toEqual(['Expired', 'Only for Nike products']);
    expect(screen.queryByTestId('coupon-discount')).not.toBeInTheDocument();
  });
});
