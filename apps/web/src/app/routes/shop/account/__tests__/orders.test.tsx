import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { OrderDto } from '@mp/shared';
import { renderConsole, sellerUser } from '../../../../../features/console/test-utils';
import { answer, errorResponse, server } from '../../../../../testing/msw';
import { capture, orderFixture, refund } from '../../../../../testing/order-fixture';
import OrdersPage from '../orders';

vi.mock('react-toastify', () => ({
  toast: { success: vi.fn(), error: vi.fn(), warn: vi.fn(), info: vi.fn() },
}));
const { toast } = await import('react-toastify');

const shopper = sellerUser({ id: 'buyer-1', _id: 'buyer-1', role: 'user', username: 'Meera' });

const abandoned = orderFixture({
  _id: 'o-2',
  orderId: 'o-2',
  orderNumber: 'HM-100043',
  state: 'cancelled',
  orderStatus: 'pending',
  paymentStatus: 'cancelled',
  payments: [],
  cartItems: orderFixture().cartItems.map((l) => ({
    ...l,
    status: 'pending' as const,
    state: 'cancelled' as const,
  })),
  fulfilment: [
    {
      sellerId: 's-1',
      storeName: 'Bottle House',
      status: 'pending',
      state: 'cancelled',
      timeline: [
        { step: 'placed', state: 'done', at: '2025-03-05T10:00:00.000Z' },
        { step: 'cancelled', state: 'done', at: '2025-03-05T10:05:00.000Z' },
      ],
    },
  ],
});

function serve(list: () => OrderDto[]) {
  server.use(answer('listOrders', () => ({ success: true as const, data: list() })));
}

/** Renders My Orders and opens the first order's details. */
async function openDetails() {
  renderConsole(<OrdersPage />, { auth: { user: shopper } });
  await userEvent.click(
    within(await screen.findByTestId('order-row')).getByRole('button', { name: 'Details' }),
  );
  return screen.findByRole('dialog', { name: 'Order Details' });
}

describe('My Orders', () => {
  // the order's tax documents (none yet) are asked for with its details (docs/tax.md)
  beforeEach(() => server.use(answer('orderDocuments', { success: true, data: [] })));

  it('when the order names a recipient, a landmark and a state, then its details show where it goes', async () => {
    const base = orderFixture();
    serve(() => [
      orderFixture({
        addressInfo: { ...base.addressInfo, recipientName: 'Asha Rao', landmark: 'the old fort' },
      }),
    ]);
    const dialog = await openDetails();
    expect(within(dialog).getByText('Asha Rao')).toBeVisible();
    expect(within(dialog).getByText('12 Park Street, near the old fort')).toBeVisible();
    expect(within(dialog).getByText('Kolkata, West Bengal – 700016')).toBeVisible();
  });

  it('when a payment was abandoned, then the row says Cancelled (never Pending) with its order number', async () => {
    serve(() => [abandoned]);
    renderConsole(<OrdersPage />, { auth: { user: shopper } });
    const row = await screen.findByTestId('order-row');
    expect(within(row).getByText('Cancelled')).toBeInTheDocument();
    expect(within(row).queryByText('Pending')).toBeNull();
    expect(within(row).getByText('Order HM-100043')).toBeInTheDocument();

    await userEvent.click(within(row).getByRole('button', { name: 'Details' }));
    const dialog = await screen.findByRole('dialog', { name: 'Order Details' });
    const timeline = within(dialog).getByTestId('order-timeline');
    expect([...timeline.querySelectorAll('li')].map((li) => li.dataset.step)).toEqual([
      'placed',
      'cancelled',
    ]);
    expect(within(dialog).queryByRole('button', { name: 'Cancel order' })).toBeNull();
    // its line reads Cancelled like the order, never the "Pending" of a line never started
    const line = within(dialog).getByText('Steel Bottle').closest('li')!;
    expect(within(line).getByText('Cancelled')).toBeInTheDocument();
    expect(within(dialog).queryByText('Pending')).toBeNull();
  });

  it('when a seller rejected a line, then the shopper sees the reason, no seller id, and the payment Partly refunded', async () => {
    const base = orderFixture();
    const kept = { ...base.cartItems[0]!, _id: 'l-2', title: 'Copper Mug', sellerId: 's-2' };
    const rejected = {
      ...base.cartItems[0]!,
      status: 'rejected' as const,
      state: 'rejected' as const,
      rejectionReason: 'The last one was damaged in storage',
    };
    serve(() => [
      orderFixture({
        cartItems: [rejected, kept],
        totalAmount: 1796.4,
        refundedAmount: 898.2,
        payments: [capture(1796.4), ...refund(898.2, 'rejected by the seller')],
      }),
    ]);
    const dialog = await openDetails();
    const line = within(dialog).getByText('Steel Bottle').closest('li')!;
    expect(within(line).getByText('Rejected by the seller')).toBeInTheDocument();
    expect(within(line).getByTestId('rejection-reason')).toHaveTextContent(
      "Seller's reason: The last one was damaged in storage",
    );
    expect(within(dialog).queryByText(/Seller ID/)).toBeNull();
    expect(within(dialog).queryByText('s-1')).toBeNull();
    expect(within(dialog).getByText('Partly refunded ₹898.20')).toBeInTheDocument();
  });

  it('when everything was refunded, then the payment reads Refunded, not Paid', async () => {
    serve(() => [
      orderFixture({ refundedAmount: 898.2, payments: [capture(898.2), ...refund(898.2, 'goodwill')] }),
    ]);
    const dialog = await openDetails();
    const payment = within(dialog).getByText('Method').closest('dl')!;
    expect(within(payment).getByText('Refunded')).toBeInTheDocument();
    expect(within(payment).queryByText('Paid')).toBeNull();
  });

  it('when a paid order is cancelled, then it asks first and the toast says how much was refunded', async () => {
    let current = orderFixture();
    serve(() => [current]);
    let cancels = 0;
    server.use(
      answer('cancelAnyOrder', () => {
        cancels++;
        current = {
          ...current,
          state: 'cancelled',
          cancelledAt: '2025-03-06T10:00:00.000Z',
          orderStatus: 'rejected',
          refundedAmount: 898.2,
          cartItems: current.cartItems.map((l) => ({
            ...l,
            status: 'rejected' as const,
            state: 'cancelledByShopper' as const,
          })),
          payments: [capture(898.2), ...refund(898.2, 'cancelled by the shopper')],
        };
        return { success: true as const, message: 'Order cancelled and refunded', data: current };
      }),
    );
    const dialog = await openDetails();
    expect(within(dialog).getByTestId('line-store')).toHaveTextContent('Sold by Bottle House');
    expect(within(dialog).getByRole('list', { name: 'Payments' })).toHaveTextContent('Payment received');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel order' }));
    expect(within(dialog).getByText('₹898.20 will be refunded to your payment method.')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep order' }));
    expect(cancels).toBe(0);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel order' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes, cancel order' }));
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Order HM-100042 cancelled and ₹898.20 refunded.'),
    );
    expect(cancels).toBe(1);
    // the refreshed order arrives after the toast
    expect(await within(dialog).findByTestId('refunded-amount', {}, { timeout: 5000 })).toHaveTextContent(
      'Refunded: ₹898.20',
    );
    expect(within(dialog).queryByRole('button', { name: 'Cancel order' })).toBeNull();
    await waitFor(() =>
      expect(within(screen.getByTestId('order-row')).getByText('Cancelled')).toBeInTheDocument(),
    );
    // the shopper's own cancel reads as theirs, never as a rejection
    const line = within(dialog).getByText('Steel Bottle').closest('li')!;
    expect(within(line).getByText('Cancelled by you')).toBeInTheDocument();
    expect(within(dialog).queryByText(/Rejected/)).toBeNull();
  });

  it('when the server says part of it shipped, then the toast says it can no longer be cancelled (by code)', async () => {
    serve(() => [orderFixture()]);
    server.use(
      answer('cancelAnyOrder', () =>
        errorResponse(409, {
          code: 'NOT_CANCELLABLE',
          message: 'Part of this order is already shipped',
          requestId: 'r',
        }),
      ),
    );
    const dialog = await openDetails();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel order' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes, cancel order' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith(
        'Part of this order has already shipped, so it can no longer be cancelled.',
      ),
    );
  });
});
