import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderConsole, sellerUser } from '../../../../../features/console/test-utils';
import { answer, server } from '../../../../../testing/msw';
import { orderFixture } from '../../../../../testing/order-fixture';
import OrdersPage from '../orders';

vi.mock('react-toastify', () => ({
  toast: { success: vi.fn(), error: vi.fn(), warn: vi.fn(), info: vi.fn() },
}));

const shopper = sellerUser({ id: 'buyer-1', _id: 'buyer-1', role: 'user', username: 'Meera' });
const ends = new Date(Date.now() + 2 * 86_400_000);
const line = orderFixture().cartItems[0]!;
const delivered = orderFixture({
  state: 'delivered',
  orderStatus: 'delivered',
  cartItems: [
    {
      ...line,
      status: 'delivered',
      state: 'delivered',
      returnableQuantity: 2,
      returnWindowEndsAt: ends.toISOString(),
    },
    {
      ...line,
      _id: 'l-2',
      title: 'Gift Card',
      status: 'delivered',
      state: 'delivered',
      returnPolicy: 'Not returnable',
      returnableQuantity: 0,
      returnWindowEndsAt: '2025-03-06T10:00:00.000Z',
    },
  ],
});

describe('My Orders: returns', () => {
  beforeEach(() =>
    server.use(
      answer('orderDocuments', { success: true, data: [] }),
      answer('listOrders', { success: true, data: [delivered] }),
    ),
  );

  it('when a line is delivered and its window is open, then it offers Return and opens the form; a non-returnable line says so', async () => {
    renderConsole(<OrdersPage />, { auth: { user: shopper } });
    await userEvent.click(
      within(await screen.findByTestId('order-row')).getByRole('button', { name: 'Details' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Order Details' });
    const [bottle, card] = within(dialog).getAllByTestId('line-return');
    const lastDay = new Intl.DateTimeFormat('en-IN', {
      day: 'numeric',
      month: 'short',
      timeZone: 'Asia/Kolkata',
    }).format(new Date(ends.getTime() - 1));
    expect(bottle).toHaveTextContent(`Return by ${lastDay}`);
    expect(card).toHaveTextContent('Not returnable');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Return Steel Bottle' }));
    const heading = within(dialog).getByRole('heading', { name: 'Return items of HM-100042' });
    expect(heading).toHaveFocus();
    // only the returnable line is offered, starting at one unit
    expect(
      within(dialog)
        .getAllByTestId('return-quantity')
        .map((q) => q.textContent),
    ).toEqual(['1']);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Back to order' }));
    expect(
      within(dialog).queryByRole('heading', { name: 'Return items of HM-100042' }),
    ).not.toBeInTheDocument();
  });
});
