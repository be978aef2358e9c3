import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { OrderDto } from '@mp/shared';
import { renderConsole } from '../../../../features/console/test-utils';
import { answer, errorResponse, server } from '../../../../testing/msw';
import { capture, orderFixture, refund } from '../../../../testing/order-fixture';
import AdminOrdersPage from '../orders-page';

vi.mock('react-toastify', () => ({
  toast: { success: vi.fn(), error: vi.fn(), warn: vi.fn(), info: vi.fn() },
}));
const { toast } = await import('react-toastify');

const page = (data: OrderDto[], total = data.length) => ({
  success: true as const,
  data,
  pagination: { page: 1, limit: 20, total, pages: Math.max(1, Math.ceil(total / 20)) },
});

const sellers = answer('listSellers', { success: true, data: [] });

function setup(orders: OrderDto[]) {
  const queries: URLSearchParams[] = [];
  server.use(
    sellers,
    answer('adminOrders', ({ request }) => {
      const q = new URL(request.url).searchParams;
      queries.push(q);
      const n = q.get('number');
      return page(n ? orders.filter((o) => o.orderNumber.endsWith(n.replace(/\D/g, ''))) : orders);
    }),
  );
  renderConsole(<AdminOrdersPage />, { path: '/admin/orders', route: '/admin/orders' });
  return { queries };
}

describe('admin Orders page', () => {
  it('when orders load, then each row names its number, buyer and store; searching by number asks the server for it', async () => {
    const other = orderFixture({
      _id: 'o-2',
      orderId: 'o-2',
      orderNumber: 'HM-100043',
      buyerName: 'Ravi Kumar',
      state: 'cancelled',
      paymentStatus: 'cancelled',
      payments: [],
    });
    const { queries } = setup([orderFixture(), other]);
    const rows = await screen.findAllByTestId('admin-order-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('HM-100042')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Meera Shopper')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Bottle House')).toBeInTheDocument();
    // the shopper's state and the payment status both say it
    expect(within(rows[1]!).getAllByText('Cancelled')).toHaveLength(2);

    await userEvent.type(screen.getByLabelText('Order number'), 'hm-100043');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(screen.getAllByTestId('admin-order-row')).toHaveLength(1));
    expect(queries.at(-1)?.get('number')).toBe('hm-100043');
    expect(screen.getByText('Page 1 of 1 · 1 order')).toBeInTheDocument();
  });

  it('when the number is malformed, then the form says so and asks nothing', async () => {
    const { queries } = setup([orderFixture()]);
    await screen.findAllByTestId('admin-order-row');
    const before = queries.length;
    await userEvent.type(screen.getByLabelText('Order number'), 'order twelve');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('Order number looks like HM-100234')).toBeInTheDocument();
    expect(queries.length).toBe(before);
  });

  it('when no order matches, then the empty state shows; when loading fails, then a retry is offered', async () => {
    server.use(sellers, answer('adminOrders', page([])));
    const first = renderConsole(<AdminOrdersPage />, { path: '/admin/orders', route: '/admin/orders' });
    expect(await screen.findByText('No orders found.')).toBeInTheDocument();
    first.unmount();

    let calls = 0;
    server.use(
      answer('adminOrders', () => {
        calls++;
        return calls === 1
          ? errorResponse(503, { code: 'SERVICE_UNAVAILABLE', message: 'Try again soon', requestId: 'r' })
          : page([orderFixture()]);
      }),
    );
    renderConsole(<AdminOrdersPage />, { path: '/admin/orders?status=confirmed', route: '/admin/orders' });
    expect(await screen.findByText('Orders could not be loaded')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findAllByTestId('admin-order-row')).toHaveLength(1);
  });

  it('when the admin refunds part of an order, then it confirms first, sends the amount, reason and a key, and the toast says what happened', async () => {
    let current = orderFixture();
    let sent: { body: unknown; key: string | null } | null = null;
    server.use(
      sellers,
      answer('adminOrders', () => page([current])),
      answer('adminRefund', async ({ request }) => {
        sent = { body: await request.json(), key: request.headers.get('Idempotency-Key') };
        current = {
          ...current,
          refundedAmount: 100,
          payments: [capture(898.2), ...refund(100, 'Damaged bottle')],
        };
        return { success: true as const, message: 'Refund issued', data: current };
      }),
    );
    renderConsole(<AdminOrdersPage />, { path: '/admin/orders', route: '/admin/orders' });
    const [row] = await screen.findAllByTestId('admin-order-row');
    await userEvent.click(within(row!).getByRole('button', { name: 'View order HM-100042' }));
    const dialog = await screen.findByRole('dialog', { name: 'Order HM-100042' });
    const ledger = within(dialog).getByRole('list', { name: 'Payments' });
    expect(within(ledger).getByText('Payment received')).toBeInTheDocument();
    expect(within(dialog).getByText(/Left to refund/)).toHaveTextContent('₹898.20');

    // the reason is required
    await userEvent.type(within(dialog).getByLabelText('Amount (₹)'), '100');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refund…' }));
    expect(await within(dialog).findByText(/Give a reason/)).toBeInTheDocument();
    expect(sent).toBeNull();

    await userEvent.type(within(dialog).getByLabelText(/Reason/), 'Damaged bottle');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refund…' }));
    expect(within(dialog).getByText('Refund ₹100 of order HM-100042 to Meera Shopper?')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm refund of ₹100' }));

    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Refunded ₹100 for order HM-100042.'));
    expect(sent!.body).toEqual({ amount: 100, reason: 'Damaged bottle' });
    expect(sent!.key).toMatch(/^[0-9a-f]{32}$/);
    // the list is fetched again: the ledger shows the refund
    await waitFor(() => expect(within(ledger).getByText('Refund completed')).toBeInTheDocument());
    expect(within(dialog).getByText(/Left to refund/)).toHaveTextContent('₹798.20');
    // the payment status says money went back, in the order and on the desk
    expect(within(dialog).getByText('Partly refunded ₹100')).toBeInTheDocument();
    const [after] = screen.getAllByTestId('admin-order-row');
    expect(within(after!).getByText('Partly refunded ₹100')).toBeInTheDocument();
    expect(within(after!).queryByText('Paid')).toBeNull();
  });

  it('when the admin takes money off a COD order before delivery, then the toast says the courier collects less', async () => {
    let current = orderFixture({ paymentMethod: 'cod', payments: [] });
    server.use(
      sellers,
      answer('adminOrders', () => page([current])),
      answer('adminRefund', () => {
        current = {
          ...current,
          payments: [
            {
              type: 'refund',
              event: 'cod_lowered',
              amount: 100,
              status: 'completed',
              reason: 'Dented box',
              createdAt: '2026-11-20T10:00:00.000Z',
            },
          ],
        };
        return { success: true as const, message: 'Refund issued', data: current };
      }),
    );
    renderConsole(<AdminOrdersPage />, { path: '/admin/orders', route: '/admin/orders' });
    const [row] = await screen.findAllByTestId('admin-order-row');
    await userEvent.click(within(row!).getByRole('button', { name: 'View order HM-100042' }));
    const dialog = await screen.findByRole('dialog', { name: 'Order HM-100042' });
    // nothing captured, but the lines not yet delivered can be taken off the cash due
    expect(within(dialog).getByText(/Left to refund/)).toHaveTextContent('₹898.20');
    await userEvent.type(within(dialog).getByLabelText('Amount (₹)'), '100');
    await userEvent.type(within(dialog).getByLabelText(/Reason/), 'Dented box');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refund…' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm refund of ₹100' }));
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith(
        '₹100 taken off the cash due on delivery for order HM-100042.',
      ),
    );
    const ledger = within(dialog).getByRole('list', { name: 'Payments' });
    await waitFor(() =>
      expect(within(ledger).getByText('Taken off the cash due on delivery')).toBeInTheDocument(),
    );
  });

  it('when everything was refunded, then the desk and the order read Refunded, not Paid', async () => {
    setup([
      orderFixture({
        refundedAmount: 898.2,
        payments: [capture(898.2), ...refund(898.2, 'Lost in transit')],
      }),
    ]);
    const [row] = await screen.findAllByTestId('admin-order-row');
    expect(within(row!).getByText('Refunded')).toBeInTheDocument();
    expect(within(row!).queryByText('Paid')).toBeNull();
    await userEvent.click(within(row!).getByRole('button', { name: 'View order HM-100042' }));
    const dialog = await screen.findByRole('dialog', { name: 'Order HM-100042' });
    const summary = within(dialog).getByText('Order Summary').closest('section') ?? dialog;
    expect(within(summary).queryByText('Paid')).toBeNull();
    expect(within(summary).getAllByText('Refunded').length).toBeGreaterThan(0);
  });

  it('when the server refuses the refund as too much, then the toast and the amount field say so (by code)', async () => {
    server.use(
      sellers,
      answer('adminOrders', () => page([orderFixture()])),
      answer('adminRefund', () =>
        errorResponse(409, {
          code: 'REFUND_EXCEEDS_CAPTURED',
          message: 'Only ₹50 is left to refund',
          requestId: 'r-1',
        }),
      ),
    );
    renderConsole(<AdminOrdersPage />, { path: '/admin/orders', route: '/admin/orders' });
    const [row] = await screen.findAllByTestId('admin-order-row');
    await userEvent.click(within(row!).getByRole('button', { name: 'View order HM-100042' }));
    const dialog = await screen.findByRole('dialog', { name: 'Order HM-100042' });
    await userEvent.type(within(dialog).getByLabelText('Amount (₹)'), '200');
    await userEvent.type(within(dialog).getByLabelText(/Reason/), 'Late delivery');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refund…' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm refund of ₹200' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith(
        'Not refunded: that is more than is left to refund on order HM-100042.',
      ),
    );
    expect(await within(dialog).findByText('Only ₹50 is left to refund')).toBeInTheDocument();
  });

  it('when the refund form is wrong, then the fields say so under them and nothing is asked', async () => {
    server.use(
      sellers,
      answer('adminOrders', () => page([orderFixture()])),
    );
    renderConsole(<AdminOrdersPage />, { path: '/admin/orders', route: '/admin/orders' });
    const [row] = await screen.findAllByTestId('admin-order-row');
    await userEvent.click(within(row!).getByRole('button', { name: 'View order HM-100042' }));
    const dialog = await screen.findByRole('dialog', { name: 'Order HM-100042' });
    await userEvent.type(within(dialog).getByLabelText('Amount (₹)'), 'ten');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refund…' }));
    expect(await within(dialog).findByText('Enter an amount in ₹')).toBeInTheDocument();
    expect(within(dialog).getByText('Give a reason (at least 3 characters)')).toBeInTheDocument();
    await userEvent.clear(within(dialog).getByLabelText('Amount (₹)'));
    await userEvent.type(within(dialog).getByLabelText('Amount (₹)'), '5000');
    await userEvent.type(within(dialog).getByLabelText(/Reason/), 'Late delivery');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refund…' }));
    expect(await within(dialog).findByText(/is left to refund$/)).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: /Confirm refund/ })).not.toBeInTheDocument();
  });

  it('when a parcel is late, then its row says so with its state and AWB; "Late parcels only" asks the server for late=true', async () => {
    const late = orderFixture({
      parcels: [
        {
          sellerId: 's-1',
          shipment: 'created',
          mode: 'courier',
          awb: 'FX123456',
          state: 'inTransit',
          stateLabel: 'In transit',
          promisedDate: '2026-11-20',
          late: true,
        },
      ],
    });
    const { queries } = setup([late]);
    const [row] = await screen.findAllByTestId('admin-order-row');
    expect(within(row!).getByText('Late')).toBeInTheDocument();
    expect(within(row!).getByText(/In transit/)).toBeInTheDocument();
    expect(within(row!).getByText(/AWB FX123456/)).toBeInTheDocument();
    expect(queries.at(-1)?.get('late')).toBeNull();
    await userEvent.click(screen.getByLabelText('Late parcels only'));
    await waitFor(() => expect(queries.at(-1)?.get('late')).toBe('true'));
  });
});
