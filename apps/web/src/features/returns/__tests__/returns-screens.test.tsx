import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { OrderDto, ReturnDto } from '@mp/shared';
import { api } from '../../../lib/api-client';
import { answer, errorResponse, server } from '../../../testing/msw';
import { orderFixture } from '../../../testing/order-fixture';
import { renderConsole } from '../../console/test-utils';
import { ReturnForm } from '../return-form';
import { ReturnCard } from '../return-card';
import { SellerReturnsQueue } from '../seller-returns';
import { AdminReturns } from '../admin-returns';

vi.mock('react-toastify', () => ({
  toast: { success: vi.fn(), error: vi.fn(), warn: vi.fn(), info: vi.fn() },
}));
const { toast } = await import('react-toastify');

const LINE_A = '11111111-1111-4111-8111-1111111111a1';
const LINE_B = '11111111-1111-4111-8111-1111111111b2';
const ORDER = '22222222-2222-4222-8222-222222222222';
const ENDS = new Date(Date.now() + 3 * 86_400_000).toISOString();

function deliveredOrder(over: Partial<OrderDto> = {}): OrderDto {
  const base = orderFixture();
  const l = base.cartItems[0]!;
  return {
    ...base,
    _id: ORDER,
    orderId: ORDER,
    cartItems: [
      {
        ...l,
        _id: LINE_A,
        status: 'delivered',
        state: 'delivered',
        returnPolicy: '7-day return',
        returnableQuantity: 2,
        returnWindowEndsAt: ENDS,
      },
      {
        ...l,
        _id: LINE_B,
        title: 'Cotton Kurta',
        status: 'delivered',
        state: 'delivered',
        returnPolicy: '7-day return',
        returnableQuantity: 1,
        returnWindowEndsAt: ENDS,
      },
    ],
    ...over,
  };
}

export function returnFixture(over: Partial<ReturnDto> = {}): ReturnDto {
  return {
    id: '33333333-3333-4333-8333-333333333333',
    orderId: ORDER,
    orderNumber: 'HM-100042',
    sellerId: 's-1',
    storeName: 'Bottle House',
    buyerName: 'Meera Shopper',
    state: 'requested',
    disputed: false,
    reason: 'damaged',
    reasonLabel: 'Arrived damaged',
    sellerFault: true,
    comment: 'Dented lid',
    photos: [],
    sellerReason: null,
    paymentMethod: 'upi',
    refundTo: null,
    lines: [
      {
        lineId: LINE_A,
        productId: 'p-1',
        title: 'Steel Bottle',
        image: '',
        variantLabel: '',
        quantity: 1,
        refundAmount: 449.1,
      },
    ],
    decisionDueAt: new Date(Date.now() + 31 * 3_600_000 - 60_000).toISOString(),
    courierDeliveredAt: null,
    refundDueAt: null,
    pickupAwb: null,
    pickupTrackingUrl: null,
    refundAmount: 449.1,
    refundId: null,
    refundedAt: null,
    dispute: null,
    createdAt: '2026-12-05T06:00:00.000Z',
    updatedAt: '2026-12-05T06:00:00.000Z',
    history: [
      { kind: 'requested', state: 'requested', actor: 'shopper', note: null, at: '2026-12-05T06:00:00.000Z' },
    ],
    ...over,
  };
}

const page = (data: ReturnDto[]) => ({
  success: true as const,
  data,
  pagination: { page: 1, limit: 20, total: data.length, pages: data.length ? 1 : 0 },
});

describe('the shopper’s return form', () => {
  it('when the shopper adds photos, then each is uploaded, can be removed, and the rest go with the request; a non-image is refused by code', async () => {
    let sent: { photos?: string[] } | undefined;
    let n = 0;
    // the upload is a plain axios call (an upload is not server state): answered here by file name
    vi.spyOn(api, 'post').mockImplementation(async (_path, body) => {
      const file = (body as FormData).get('my_file') as File;
      if (file.name.endsWith('.txt'))
        return Promise.reject({ status: 400, message: 'server words', code: 'UNSUPPORTED_FILE' });
      n += 1;
      return {
        data: { success: true, message: 'Photo uploaded', result: { url: `/uploads/returns/p${n}.webp` } },
      };
    });
    server.use(
      answer('requestReturn', async ({ request }) => {
        sent = (await request.json()) as typeof sent;
        return { success: true as const, message: 'Return requested', data: [returnFixture()] };
      }),
    );
    const done = vi.fn();
    renderConsole(<ReturnForm order={deliveredOrder()} lineId={LINE_A} onDone={done} />);
    const input = screen.getByLabelText(/Photos \(optional/);
    const png = (name: string) => new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' });
    await userEvent.upload(input, [png('a.png'), png('b.png')]);
    expect(await screen.findByRole('img', { name: 'Photo 2' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Remove photo 1' }));
    await userEvent.upload(input, new File(['x'], 'notes.txt', { type: 'image/png' }));
    expect(await screen.findByText(/That file is not a photo/)).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText(/Reason/), 'damaged');
    await userEvent.click(screen.getByRole('button', { name: 'Request return' }));
    await waitFor(() => expect(done).toHaveBeenCalled());
    expect(sent?.photos).toEqual(['/uploads/returns/p2.webp']);
    vi.restoreAllMocks();
  });

  it('when the shopper returns one of two units with a reason, then exactly those units are asked for', async () => {
    let sent: unknown;
    server.use(
      answer('requestReturn', async ({ request }) => {
        sent = await request.json();
        return { success: true as const, message: 'Return requested', data: [returnFixture()] };
      }),
    );
    const done = vi.fn();
    renderConsole(<ReturnForm order={deliveredOrder()} lineId={LINE_A} onDone={done} />);
    const bottle = screen.getByRole('group', { name: 'Units of Steel Bottle to return' });
    expect(within(bottle).getByTestId('return-quantity')).toHaveTextContent('1');
    // two delivered, so one more is allowed and then no more
    await userEvent.click(within(bottle).getByRole('button', { name: 'One more Steel Bottle' }));
    expect(within(bottle).getByRole('button', { name: 'One more Steel Bottle' })).toBeDisabled();
    await userEvent.click(within(bottle).getByRole('button', { name: 'One fewer Steel Bottle' }));
    await userEvent.selectOptions(screen.getByLabelText(/Reason/), 'size_fit');
    await userEvent.click(screen.getByRole('button', { name: 'Request return' }));
    await waitFor(() => expect(done).toHaveBeenCalled());
    expect(sent).toEqual({
      orderId: ORDER,
      reason: 'size_fit',
      comment: '',
      lines: [{ lineId: LINE_A, quantity: 1 }],
    });
  });

  it('when no unit and no reason are chosen, then the shared rules say so and nothing is sent', async () => {
    const sent = vi.fn();
    server.use(
      answer('requestReturn', () => (sent(), errorResponse(500, { code: 'INTERNAL', message: 'no' }))),
    );
    renderConsole(<ReturnForm order={deliveredOrder()} lineId={LINE_A} onDone={() => undefined} />);
    await userEvent.click(screen.getByRole('button', { name: 'One fewer Steel Bottle' }));
    await userEvent.click(screen.getByRole('button', { name: 'Request return' }));
    expect(await screen.findByText('Choose at least one line to return')).toBeInTheDocument();
    expect(screen.getByLabelText(/Reason/)).toHaveAttribute('aria-invalid', 'true');
    expect(sent).not.toHaveBeenCalled();
  });

  it('when a cash-on-delivery order is returned, then it asks where to refund and checks the UPI id', async () => {
    let sent: { refundTo?: unknown } | undefined;
    server.use(
      answer('requestReturn', async ({ request }) => {
        sent = (await request.json()) as typeof sent;
        return { success: true as const, message: 'Return requested', data: [returnFixture()] };
      }),
    );
    renderConsole(
      <ReturnForm
        order={deliveredOrder({ paymentMethod: 'cod' })}
        lineId={LINE_B}
        onDone={() => undefined}
      />,
    );
    await userEvent.selectOptions(screen.getByLabelText(/Reason/), 'damaged');
    await userEvent.type(screen.getByRole('textbox', { name: /UPI id/ }), 'not-a-vpa');
    await userEvent.click(screen.getByRole('button', { name: 'Request return' }));
    expect(await screen.findByText('Enter a UPI id such as name@bank')).toBeInTheDocument();
    await userEvent.clear(screen.getByRole('textbox', { name: /UPI id/ }));
    await userEvent.type(screen.getByRole('textbox', { name: /UPI id/ }), 'asha@okhdfc');
    await userEvent.click(screen.getByRole('button', { name: 'Request return' }));
    await waitFor(() => expect(sent?.refundTo).toEqual({ kind: 'upi', vpa: 'asha@okhdfc' }));
  });

  it('when the server refuses the units (409), then the toast says why by its code', async () => {
    server.use(
      answer('requestReturn', () =>
        errorResponse(409, {
          code: 'RETURN_QUANTITY_EXCEEDED',
          message: 'x',
          details: { lineId: LINE_A, returnable: 0 },
        }),
      ),
    );
    renderConsole(<ReturnForm order={deliveredOrder()} lineId={LINE_A} onDone={() => undefined} />);
    await userEvent.selectOptions(screen.getByLabelText(/Reason/), 'damaged');
    await userEvent.click(screen.getByRole('button', { name: 'Request return' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith(expect.stringMatching(/more units than are left/)),
    );
  });

  it('when the payout gateway says the UPI id is not a live one (422), then the field says so', async () => {
    server.use(
      answer('requestReturn', () => errorResponse(422, { code: 'REFUND_DESTINATION_INVALID', message: 'x' })),
    );
    renderConsole(
      <ReturnForm
        order={deliveredOrder({ paymentMethod: 'cod' })}
        lineId={LINE_A}
        onDone={() => undefined}
      />,
    );
    await userEvent.selectOptions(screen.getByLabelText(/Reason/), 'damaged');
    await userEvent.type(screen.getByRole('textbox', { name: /UPI id/ }), 'nobody@okhdfc');
    await userEvent.click(screen.getByRole('button', { name: 'Request return' }));
    expect(await screen.findByText('This UPI id could not be verified; check it')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /UPI id/ })).toHaveAttribute('aria-invalid', 'true');
  });
});

describe('a return as the shopper sees it', () => {
  it('when the seller rejected it, then its reason shows and Contest sends the shopper’s note', async () => {
    let sent: unknown;
    const rejected = returnFixture({
      state: 'rejected',
      sellerReason: 'The lid was dented by use',
      history: [
        {
          kind: 'requested',
          state: 'requested',
          actor: 'shopper',
          note: null,
          at: '2026-12-05T06:00:00.000Z',
        },
        { kind: 'rejected', state: 'rejected', actor: 'seller', note: 'x', at: '2026-12-05T08:00:00.000Z' },
      ],
    });
    server.use(
      answer('updateShopReturn', async ({ request }) => {
        sent = await request.json();
        return { success: true as const, message: 'Updated', data: { ...rejected, disputed: true } };
      }),
    );
    renderConsole(<ReturnCard r={rejected} />);
    expect(screen.getByTestId('return-seller-reason')).toHaveTextContent('The lid was dented by use');
    expect(screen.queryByRole('button', { name: 'Cancel return' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Contest' }));
    await userEvent.type(screen.getByLabelText(/Why do you contest/), 'It arrived dented, photo sent');
    await userEvent.click(screen.getByRole('button', { name: 'Send to the marketplace' }));
    await waitFor(() => expect(sent).toEqual({ action: 'dispute', note: 'It arrived dented, photo sent' }));
  });

  it('when it is refunded, then it says how much went back and where', () => {
    renderConsole(
      <ReturnCard
        r={returnFixture({
          state: 'refunded',
          refundedAt: '2026-12-09T06:00:00.000Z',
          refundTo: { kind: 'upi', display: 'as•••@okhdfc' },
        })}
      />,
    );
    expect(screen.getByTestId('return-refund')).toHaveTextContent(
      'Refunded ₹449.10 to as•••@okhdfc on 9 Dec 2026.',
    );
  });

  it('when its payout to the UPI id failed, then it says why and another account is checked and sent', async () => {
    const sent: unknown[] = [];
    const failed = returnFixture({
      state: 'refunded',
      paymentMethod: 'cod',
      refundTo: { kind: 'upi', display: 'as•••@okhdfc' },
      refundPayout: { state: 'failed', failureReason: 'Beneficiary account is closed' },
    });
    server.use(
      answer('updateShopReturn', async ({ request }) => {
        sent.push(await request.json());
        if (sent.length === 1)
          return errorResponse(422, { code: 'REFUND_DESTINATION_INVALID', message: 'x' });
        return {
          success: true as const,
          message: 'Updated',
          data: { ...failed, refundPayout: { state: 'queued' as const, failureReason: null } },
        };
      }),
    );
    renderConsole(<ReturnCard r={failed} />);
    expect(screen.getByTestId('return-refund')).toHaveTextContent(
      'The refund of ₹449.10 to as•••@okhdfc did not go through: Beneficiary account is closed.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Give another account' }));
    // the shared rules first: a bank account needs its IFSC
    await userEvent.click(screen.getByRole('radio', { name: 'Bank account' }));
    await userEvent.type(screen.getByRole('textbox', { name: /Account holder/ }), 'Asha Rao');
    await userEvent.type(screen.getByRole('textbox', { name: /Account number/ }), '123456789012');
    await userEvent.click(screen.getByRole('button', { name: 'Pay ₹449.10 here' }));
    expect(await screen.findByRole('textbox', { name: /IFSC/ })).toHaveAttribute('aria-invalid', 'true');
    expect(sent).toEqual([]);
    await userEvent.type(screen.getByRole('textbox', { name: /IFSC/ }), 'HDFC0001234');
    await userEvent.click(screen.getByRole('button', { name: 'Pay ₹449.10 here' }));
    // the gateway says the account is not live: under the field
    expect(
      await screen.findByText('This bank account could not be verified; check the number and the IFSC'),
    ).toBeInTheDocument();
    await userEvent.clear(screen.getByRole('textbox', { name: /Account number/ }));
    await userEvent.type(screen.getByRole('textbox', { name: /Account number/ }), '998877665544');
    await userEvent.click(screen.getByRole('button', { name: 'Pay ₹449.10 here' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toEqual({
      action: 'refundTo',
      refundTo: { kind: 'bank', name: 'Asha Rao', accountNumber: '998877665544', ifsc: 'HDFC0001234' },
    });
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('The refund of ₹449.10 is on its way to the new account.'),
    );
  });
});

describe('the seller’s returns queue', () => {
  it('when a request waits, then it shows the deadline and approving sends approve', async () => {
    let sent: unknown;
    server.use(
      answer('sellerReturns', page([returnFixture()])),
      answer('decideSellerReturn', async ({ request }) => {
        sent = await request.json();
        return { success: true as const, message: 'Updated', data: returnFixture({ state: 'approved' }) };
      }),
    );
    renderConsole(<SellerReturnsQueue />);
    const row = await screen.findByTestId('return-row');
    expect(within(row).getByText('decide within 31 h')).toBeInTheDocument();
    expect(within(row).getByText('Seller pays pickup')).toBeInTheDocument();
    await userEvent.click(within(row).getByRole('button', { name: 'Approve return of HM-100042' }));
    await waitFor(() => expect(sent).toEqual({ action: 'approve' }));
  });

  it('when the seller rejects without a reason, then the shared rule asks for one; with one it is sent', async () => {
    let sent: unknown;
    server.use(
      answer('sellerReturns', page([returnFixture()])),
      answer('decideSellerReturn', async ({ request }) => {
        sent = await request.json();
        return { success: true as const, message: 'Updated', data: returnFixture({ state: 'rejected' }) };
      }),
    );
    renderConsole(<SellerReturnsQueue />);
    await userEvent.click(await screen.findByRole('button', { name: 'Reject return of HM-100042' }));
    await userEvent.click(screen.getByRole('button', { name: 'Reject return' }));
    expect(await screen.findByText('Give the reason for the rejection')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/Reason for rejecting/), 'Used and washed');
    await userEvent.click(screen.getByRole('button', { name: 'Reject return' }));
    await waitFor(() => expect(sent).toEqual({ action: 'reject', reason: 'Used and washed' }));
  });

  it('when the seller marks a parcel received, then restock is offered, ticked only when the item was not at fault', async () => {
    const sent: unknown[] = [];
    const changedMind = returnFixture({
      id: '33333333-3333-4333-8333-3333333333c4',
      orderNumber: 'HM-100043',
      state: 'picked_up',
      reason: 'changed_mind',
      reasonLabel: 'Changed my mind',
      sellerFault: false,
    });
    server.use(
      answer('sellerReturns', page([returnFixture({ state: 'picked_up' }), changedMind])),
      answer('decideSellerReturn', async ({ request }) => {
        sent.push(await request.json());
        return { success: true as const, message: 'Updated', data: returnFixture({ state: 'refunded' }) };
      }),
    );
    renderConsole(<SellerReturnsQueue />);
    for (const [order, ticked] of [
      ['HM-100042', false],
      ['HM-100043', true],
    ] as const) {
      await userEvent.click(await screen.findByRole('button', { name: `Mark return of ${order} received` }));
      const dialog = await screen.findByRole('dialog');
      const box = within(dialog).getByRole('checkbox', { name: /back in stock/ });
      expect(box).toHaveProperty('checked', ticked);
      if (!ticked) await userEvent.click(box);
      await userEvent.click(within(dialog).getByRole('button', { name: 'Mark received' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    }
    expect(sent).toEqual([
      { action: 'received', restock: true },
      { action: 'received', restock: true },
    ]);
  });

  it('when the queue is empty, then it says what will appear', async () => {
    server.use(answer('sellerReturns', page([])));
    renderConsole(<SellerReturnsQueue />);
    expect(await screen.findByText('No returns')).toBeInTheDocument();
  });
});

describe('the admin’s returns', () => {
  it('when the admin shows disputes only and decides one with a note, then the filter and the decision are sent', async () => {
    const asked: string[] = [];
    let sent: unknown;
    const contested = returnFixture({
      state: 'rejected',
      disputed: true,
      sellerReason: 'Used',
      dispute: {
        note: 'It was new',
        openedAt: '2026-12-06T00:00:00Z',
        decision: null,
        adminNote: null,
        decidedAt: null,
      },
    });
    server.use(
      answer('adminReturns', ({ request }) => {
        asked.push(new URL(request.url).search);
        return page([contested]);
      }),
      answer('decideAdminReturn', async ({ request }) => {
        sent = await request.json();
        return {
          success: true as const,
          message: 'Decided',
          data: { ...contested, state: 'approved', disputed: false },
        };
      }),
    );
    renderConsole(<AdminReturns />);
    await userEvent.click(await screen.findByLabelText('Disputes only'));
    await waitFor(() => expect(asked.at(-1)).toContain('disputed=true'));
    await userEvent.click(await screen.findByRole('button', { name: 'Decide return of HM-100042' }));
    expect(screen.getByText(/The shopper contests: “It was new”/)).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText(/Decision/), 'approve');
    await userEvent.type(screen.getByLabelText(/Note/), 'Photos show it new');
    await userEvent.click(screen.getByRole('button', { name: 'Decide' }));
    await waitFor(() => expect(sent).toEqual({ action: 'approve', note: 'Photos show it new' }));
  });
});
