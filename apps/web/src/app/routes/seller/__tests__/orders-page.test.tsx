import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OrderStatus, SellerOrderDto } from '@mp/shared';
import { answer, server } from '../../../../testing/msw';
import { renderConsole, sellerRecord, sellerUser } from '../../../../features/console/test-utils';
import SellerOrdersPage from '../orders-page';

vi.mock('react-toastify', () => ({ toast: { success: vi.fn(), error: vi.fn(), warn: vi.fn() } }));
const { toast } = await import('react-toastify');

const ORDER_ID = '9d1c2b3a-4e5f-4a6b-8c7d-000000000042';
const order = (orderStatus: OrderStatus): SellerOrderDto => ({
  _id: ORDER_ID,
  orderId: ORDER_ID,
  orderNumber: 'HM-100042',
  state: orderStatus === 'pending' ? 'confirmed' : orderStatus,
  cancelledAt: null,
  userId: 'buyer-1',
  cartId: null,
  buyerName: 'Meera Shopper',
  createdAt: '2025-03-05T10:00:00.000Z',
  orderDate: '2025-03-05T10:00:00.000Z',
  orderUpdateDate: '2025-03-05T10:00:00.000Z',
  cartItems: [
    {
      productId: 'p-1',
      _id: 'p-1',
      title: 'Steel Bottle',
      image: '/uploads/products/bottle.png',
      price: '449.10',
      unitPrice: 449.1,
      listPrice: 499,
      discount: 10,
      quantity: 2,
      sellerId: 's-1',
      storeName: 'Bottle House',
      status: orderStatus,
    },
  ],
  addressInfo: {
    addressId: 'a-1',
    recipientName: 'Asha Rao',
    address: '12 Park Street',
    landmark: '',
    city: 'Kolkata',
    state: 'West Bengal',
    pincode: '700016',
    phone: '9876543210',
    notes: '',
  },
  orderStatus,
  paymentMethod: 'sandbox',
  paymentStatus: 'paid',
  subtotal: 998,
  discount: 99.8,
  shippingCharge: 0,
  totalAmount: 898.2,
  paymentId: 'PAY-1',
  payerId: '',
  sellerStatuses: {},
  refundedAmount: 0,
  payments: [],
  fulfilment: [
    {
      sellerId: 's-1',
      storeName: 'Bottle House',
      status: orderStatus,
      timeline: [
        { step: 'placed', state: 'done', at: '2025-03-05T10:00:00.000Z' },
        { step: 'paid', state: 'done', at: '2025-03-05T10:01:00.000Z' },
      ],
    },
  ],
  sellerId: 's-1',
});

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
      const body = (await request.json()) as { orderStatus: OrderStatus };
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
    await userEvent.click(
      within(await screen.findByRole('table')).getByRole('button', { name: 'View Detail' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Order Details' });
    await within(dialog).findByText(ORDER_ID);
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
    await userEvent.click(
      within(await screen.findByRole('table')).getByRole('button', { name: 'View Detail' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Order Details' });
    await within(dialog).findByText(ORDER_ID);
    await userEvent.selectOptions(within(dialog).getByLabelText('Order Status'), 'rejected');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Update Order Status' }));
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith(
        'Order HM-100042 rejected; ₹898.20 is refunded to the shopper.',
      ),
    );
  });
});
