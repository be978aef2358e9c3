import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OrderStatus, SellerOrderDto } from '@mp/shared';
import { answer, server } from '../../../../testing/msw';
import { renderConsole, sellerRecord, sellerUser } from '../../../../features/console/test-utils';
import { ORDER_ID, orderFixture } from '../../../../testing/order-fixture';
import SellerOrdersPage from '../orders-page';

vi.mock('react-toastify', () => ({ toast: { success: vi.fn(), error: vi.fn(), warn: vi.fn() } }));
const { toast } = await import('react-toastify');

/** The seller's view of the shared order fixture: its own line at `orderStatus` (cancelled by the buyer if said). */
const order = (orderStatus: OrderStatus, byBuyer = false): SellerOrderDto => {
  const base = orderFixture();
  const state = byBuyer ? 'cancelledByShopper' : orderStatus === 'pending' ? 'confirmed' : orderStatus;
  return {
    ...base,
    state: orderStatus === 'pending' ? 'confirmed' : orderStatus,
    cartItems: base.cartItems.map((l) => ({ ...l, _id: 'p-1', status: orderStatus, state })),
    orderStatus,
    payerId: '',
    sellerStatuses: {},
    payments: [],
    fulfilment: base.fulfilment.map((f) => ({
      ...f,
      status: orderStatus,
      state,
      timeline: f.timeline.slice(0, 2),
    })),
    sellerId: 's-1',
  };
};

afterEach(() => vi.restoreAllMocks());

function mockServer(initial: OrderStatus = 'confirmed') {
  let status: OrderStatus = initial;
  const calls = { list: 0, details: 0, puts: [] as { url: string; body: unknown }[] };
  server.use(
    answer('sellerOrders', () => {
      calls.list += 1;
      return { success: true, data: [order(status)] };
    }),
    answer('sellerOrderDetails', () => {
      calls.details += 1;
      return { success: true, data: order(status) };
    }),
    answer('updateSellerOrder', async ({ request }) => {
      const body = (await request.json()) as { orderStatus: OrderStatus; reason?: string };
      calls.puts.push({ url: new URL(request.url).pathname, body });
      status = body.orderStatus;
      const data = { ...order(status), refundedAmount: status === 'rejected' ? 898.2 : 0 };
      return { success: true, message: 'Order status updated!', data };
    }),
  );
  return { calls };
}

/** the values the Order Status select offers */
const offered = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .map((o) => (o as HTMLOptionElement).value)
    .filter(Boolean);

/** Opens the first order's 'Order Details' and waits for it to load. */
async function openDetails() {
  await userEvent.click(
    within(await screen.findByRole('table')).getByRole('button', { name: 'View Detail' }),
  );
  const dialog = await screen.findByRole('dialog', { name: 'Order Details' });
  await within(dialog).findByText(ORDER_ID);
  return dialog;
}

const renderPage = () =>
  renderConsole(<SellerOrdersPage />, {
    auth: { user: sellerUser(), seller: sellerRecord({ approvalstatus: 'approved', isapproved: true }) },
  });

describe('Seller Order History', () => {
  it('when the seller has no orders, then says No orders found.', async () => {
    server.use(answer('sellerOrders', { success: true, data: [] }));
    renderPage();
    expect(await screen.findByText('No orders found.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Order History' })).toBeInTheDocument();
  });

  it('when View Detail is opened, then the modal shows summary, products, shipping, payment with NA', async () => {
    mockServer();
    renderPage();
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Product', 'Order Date', 'Status', 'Price', 'Details']);
    await userEvent.click(within(table).getByRole('button', { name: 'View Detail' }));
    const dialog = await screen.findByRole('dialog', { name: 'Order Details' });
    expect(await within(dialog).findByText(ORDER_ID)).toBeInTheDocument();
    expect(within(dialog).getByText('Steel Bottle')).toBeInTheDocument();
    expect(within(dialog).getByText('Quantity: 2')).toBeInTheDocument();
    expect(within(dialog).getByText('₹449.10')).toBeInTheDocument();
    expect(within(dialog).getByText('Meera Shopper')).toBeInTheDocument();
    expect(within(dialog).getByText('700016')).toBeInTheDocument();
    expect(within(dialog).getByText('PAY-1')).toBeInTheDocument();
    expect(within(dialog).getByText('NA')).toBeInTheDocument(); // the missing PayerID
  });

  it('when the Order Status select opens on confirmed lines, then it starts on Confirmed (the five seller statuses, "not started" shown as the summary says)', async () => {
    mockServer();
    renderPage();
    await userEvent.click(
      within(await screen.findByRole('table')).getByRole('button', { name: 'View Detail' }),
    );
    const values = offered(await screen.findByLabelText('Order Status'));
    expect(values).toEqual(['confirmed', 'inProcess', 'inShipping', 'delivered', 'rejected']);
    expect(screen.getByLabelText('Order Status')).toHaveValue('confirmed');
  });

  it.each<[OrderStatus, string[]]>([
    ['inShipping', ['inShipping', 'delivered']],
    ['inProcess', ['inProcess', 'inShipping', 'delivered', 'rejected']],
    ['delivered', ['delivered']],
  ])(
    'when the lines are %s, then the select offers only where they are and the allowed moves',
    async (at, expected) => {
      mockServer(at);
      renderPage();
      await userEvent.click(
        within(await screen.findByRole('table')).getByRole('button', { name: 'View Detail' }),
      );
      const values = offered(await screen.findByLabelText('Order Status'));
      expect(values).toEqual(expected);
      expect(screen.getByRole('button', { name: 'Update Order Status' })).toBeDisabled();
    },
  );

  it('when a status is submitted, then it calls the update, toasts and refetches the order and the list', async () => {
    const { calls } = mockServer();
    renderPage();
    const dialog = await openDetails();
    const detailCalls = calls.details;
    const listCalls = calls.list;

    await userEvent.selectOptions(within(dialog).getByLabelText('Order Status'), 'inShipping');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Update Order Status' }));

    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Order status updated!'));
    expect(calls.puts).toEqual([
      { url: `/api/seller/orders/update/${ORDER_ID}`, body: { orderStatus: 'inShipping' } },
    ]);
    await waitFor(() => expect(calls.details).toBe(detailCalls + 1));
    await waitFor(() => expect(calls.list).toBe(listCalls + 1));
    expect(await within(dialog).findAllByText('In Shipping')).not.toHaveLength(0);
    expect(within(dialog).getByRole('button', { name: 'Update Order Status' })).toBeDisabled();
  });

  it('when the seller rejects its lines, then the toast says the shopper is refunded', async () => {
    mockServer();
    renderPage();
    const dialog = await openDetails();
    await userEvent.selectOptions(within(dialog).getByLabelText('Order Status'), 'rejected');
    await userEvent.type(within(dialog).getByLabelText(/Reason for rejecting/), 'Out of stock');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Update Order Status' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Reject this order?' })).getByRole('button', {
        name: 'Reject order',
      }),
    );
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith(
        'Order HM-100042 rejected; ₹898.20 is refunded to the shopper.',
      ),
    );
  });

  it('when the seller rejects, then it must give a reason and confirm; nothing is sent until it does', async () => {
    const { calls } = mockServer();
    renderPage();
    const dialog = await openDetails();
    await userEvent.selectOptions(within(dialog).getByLabelText('Order Status'), 'rejected');
    const update = within(dialog).getByRole('button', { name: 'Update Order Status' });

    // no reason: an error at the field, no confirmation, no call
    await userEvent.click(update);
    expect(within(dialog).getByLabelText(/Reason for rejecting/)).toHaveAccessibleDescription(
      /Give the shopper a reason/,
    );
    expect(screen.queryByRole('dialog', { name: 'Reject this order?' })).toBeNull();

    // a reason, then Cancel at the confirmation: still no call
    await userEvent.type(within(dialog).getByLabelText(/Reason for rejecting/), '  Damaged in storage ');
    await userEvent.click(update);
    const confirm = await screen.findByRole('dialog', { name: 'Reject this order?' });
    expect(confirm).toHaveTextContent('The shopper will see your reason: “Damaged in storage”');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(calls.puts).toEqual([]);

    await userEvent.click(update);
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Reject this order?' })).getByRole('button', {
        name: 'Reject order',
      }),
    );
    await waitFor(() =>
      expect(calls.puts).toEqual([
        {
          url: `/api/seller/orders/update/${ORDER_ID}`,
          body: { orderStatus: 'rejected', reason: 'Damaged in storage' },
        },
      ]),
    );
  });

  it('when the shopper cancelled the order, then the seller reads Cancelled by the buyer, never Rejected', async () => {
    server.use(
      answer('sellerOrders', { success: true, data: [order('rejected', true)] }),
      answer('sellerOrderDetails', { success: true, data: order('rejected', true) }),
    );
    renderPage();
    const table = await screen.findByRole('table');
    expect(within(table).getByText('Cancelled by the buyer')).toBeInTheDocument();
    await userEvent.click(within(table).getByRole('button', { name: 'View Detail' }));
    const dialog = await screen.findByRole('dialog', { name: 'Order Details' });
    await within(dialog).findByText(ORDER_ID);
    expect(within(dialog).getAllByText('Cancelled by the buyer').length).toBeGreaterThan(0);
    expect(within(dialog).queryByText('Rejected')).toBeNull();
  });
});

describe('seller Orders: parcels', () => {
  it('when one order has a late parcel, then it is flagged, and "Late parcels only" keeps only it', async () => {
    const parcel = (late: boolean) => ({
      sellerId: 's-1',
      shipment: 'created' as const,
      mode: 'courier' as const,
      awb: late ? 'FX-LATE' : 'FX-OK',
      state: 'inTransit' as const,
      stateLabel: 'In transit',
      promisedDate: '2026-11-20',
      late,
    });
    server.use(
      answer('sellerOrders', {
        success: true,
        data: [
          { ...order('inShipping'), _id: 'late-1', parcels: [parcel(true)] },
          { ...order('inShipping'), _id: 'ok-1', parcels: [parcel(false)] },
        ],
      }),
    );
    renderPage();
    expect(await screen.findAllByText(/AWB FX-OK/)).not.toHaveLength(0);
    expect(screen.getAllByText('Late').length).toBeGreaterThan(0);
    await userEvent.click(screen.getByLabelText('Late parcels only'));
    await waitFor(() => expect(screen.queryAllByText(/AWB FX-OK/)).toHaveLength(0));
    expect(screen.getAllByText(/AWB FX-LATE/).length).toBeGreaterThan(0);
  });
});
