import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Answer } from '@mp/shared';
import { HttpResponse } from 'msw';
import { answer, errorResponse, fail, server } from '../../../testing/msw';
import { renderConsole } from '../../console/test-utils';
import { SellerEarnings } from '../components/seller-earnings';
import { PayoutForm, PayoutHistory, SellerAccounts } from '../components/admin-payouts';

vi.mock('react-toastify', () => ({ toast: { success: vi.fn(), error: vi.fn(), warn: vi.fn() } }));
const { toast } = await import('react-toastify');

const SELLER = '11111111-1111-4111-8111-111111111111';
const account = {
  sellerId: SELLER,
  storename: 'Kala Crafts',
  email: 'kala@test.in',
  balance: 900,
  payable: 900,
  inReturnWindow: 0,
  earned: 1000,
  paidOut: 0,
  commissionPercent: 10,
  customCommissionPercent: null,
};
const statement = (entries: Answer<'sellerEarnings'>['data']['entries']): Answer<'sellerEarnings'> => ({
  success: true,
  data: {
    balance: 900,
    payable: 600,
    inReturnWindow: 300,
    earned: 1000,
    commission: 100,
    commissionTax: 0,
    tcs: 0,
    tds: 0,
    refunded: 0,
    paidOut: 0,
    commissionPercent: 10,
    entries,
  },
  pagination: { page: 1, limit: 20, total: entries.length, pages: entries.length ? 1 : 0 },
});

describe('seller Earnings', () => {
  it('when the seller has earned, then the cards show the totals and the statement lists the entries', async () => {
    server.use(
      answer(
        'sellerEarnings',
        statement([
          {
            id: 'e2',
            type: 'commission',
            amount: -100,
            orderId: 'o1',
            orderNumber: 'HM-100042',
            description: 'Commission 10% on HM-100042',
            createdAt: '2026-01-01T10:00:00.000Z',
            payableAt: '2026-01-08T18:30:00.000Z',
          },
          {
            id: 'e1',
            type: 'earned',
            amount: 1000,
            orderId: 'o1',
            orderNumber: 'HM-100042',
            description: 'Delivered HM-100042 Shoe × 1',
            createdAt: '2026-01-01T10:00:00.000Z',
            payableAt: '2026-01-08T18:30:00.000Z',
          },
        ]),
      ),
    );
    renderConsole(<SellerEarnings />);
    expect(await screen.findByTestId('earnings-Balance')).toHaveTextContent('900');
    // earned and payable side by side: payable after the return window
    expect(screen.getByTestId('earnings-Payable')).toHaveTextContent('600');
    expect(screen.getByTestId('earnings-In return window')).toHaveTextContent('300');
    const table = screen.getByRole('table');
    expect(within(table).getByText('Delivered HM-100042 Shoe × 1')).toBeInTheDocument();
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    // each entry names its order by the number orders and e-mails use
    expect(within(table).getByRole('columnheader', { name: 'Order' })).toBeInTheDocument();
    expect(within(table).getAllByRole('cell', { name: 'HM-100042' })).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeEnabled();
  });

  it.each([
    // a return for the seller's fault charged its reverse shipping
    ['return_shipping', 'returnShipping', 'Return shipping', 60, 'Return shipping on HM-100042'],
    // the seller's own free-delivery code waived its parcel's shipping (docs/money.md, "Coupons")
    [
      'delivery_waived',
      'deliveryWaived',
      'Free delivery you gave',
      45,
      'Free delivery you gave on HM-100042',
    ],
  ] as const)(
    'when the seller is charged %s, then the statement shows it as a charge with its label',
    async (type, total, label, rupees, description) => {
      const charged = statement([
        {
          id: 'e3',
          type,
          amount: -rupees,
          orderId: 'o1',
          orderNumber: 'HM-100042',
          description,
          createdAt: '2026-01-03T10:00:00.000Z',
          payableAt: '2026-01-03T10:00:00.000Z',
        },
      ]);
      server.use(answer('sellerEarnings', { ...charged, data: { ...charged.data, [total]: rupees } }));
      renderConsole(<SellerEarnings />);
      expect(await screen.findByTestId(`earnings-${label}`)).toHaveTextContent(`₹${rupees}`);
      const row = within(screen.getByRole('table')).getByRole('row', { name: new RegExp(description) });
      expect(within(row).getAllByText(label, { exact: false }).length).toBeGreaterThan(0);
      expect(row).toHaveTextContent(`−₹${rupees}`);
    },
  );

  it('when nothing was earned yet, then it says so and the export is off', async () => {
    server.use(answer('sellerEarnings', { ...statement([]), data: { ...statement([]).data, balance: 0 } }));
    renderConsole(<SellerEarnings />);
    expect(await screen.findByText('No earnings yet')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
  });

  it('when the seller owes the platform (a refund after a payout), then the statement says so', async () => {
    server.use(
      answer('sellerEarnings', { ...statement([]), data: { ...statement([]).data, balance: -876 } }),
    );
    renderConsole(<SellerEarnings />);
    expect(await screen.findByTestId('earnings-Owed to the platform')).toHaveTextContent('876');
    expect(screen.queryByTestId('earnings-Balance')).not.toBeInTheDocument();
  });

  it('when the statement cannot be loaded, then an error with a retry', async () => {
    server.use(fail('sellerEarnings', 500, { message: 'Something went wrong', code: 'INTERNAL' }));
    renderConsole(<SellerEarnings />);
    expect(await screen.findByText('Earnings could not be loaded')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

describe('admin Payouts', () => {
  it('when the admin records a payout and confirms, then it is sent and a toast says so', async () => {
    let sent: unknown;
    server.use(
      answer('adminSellerAccounts', { success: true, data: [account] }),
      answer('adminRecordPayout', async ({ request }) => {
        sent = await request.json();
        return {
          success: true as const,
          message: 'Payout of ₹400.00 to Kala Crafts recorded',
          data: {
            id: 'p1',
            sellerId: SELLER,
            storename: 'Kala Crafts',
            amount: 400,
            reference: 'UTR-1',
            createdAt: '',
          },
        };
      }),
    );
    renderConsole(<PayoutForm />);
    const select = await screen.findByLabelText(/Seller/);
    await waitFor(() => expect(within(select).getByText(/Kala Crafts — payable/)).toBeInTheDocument());
    await userEvent.selectOptions(select, SELLER);
    await userEvent.type(screen.getByLabelText(/Amount/), '400');
    await userEvent.type(screen.getByLabelText(/Transfer reference/), 'UTR-1');
    await userEvent.click(screen.getByRole('button', { name: 'Record payout' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record this payout?' });
    expect(dialog).toHaveTextContent('Kala Crafts');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Record payout' }));
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Payout of ₹400.00 to Kala Crafts recorded'),
    );
    expect(sent).toEqual({ sellerId: SELLER, amount: 400, reference: 'UTR-1' });
  });

  it('when sent empty, then each field says what it needs and nothing is asked', async () => {
    server.use(answer('adminSellerAccounts', { success: true, data: [account] }));
    renderConsole(<PayoutForm />);
    await userEvent.click(await screen.findByRole('button', { name: 'Record payout' }));
    expect(await screen.findByText('Choose a seller')).toBeInTheDocument();
    expect(screen.getByText('Amount must be a number')).toBeInTheDocument();
    expect(screen.getByText('Give the transfer reference (at least 3 characters)')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('when the amount is over the balance, then the form says so before asking; the server refusal shows on the field', async () => {
    server.use(
      answer('adminSellerAccounts', { success: true, data: [account] }),
      answer('adminRecordPayout', () =>
        errorResponse(409, {
          message: 'At most ₹900.00 can be paid to this seller',
          code: 'PAYOUT_EXCEEDS_BALANCE',
          details: { balance: 900 },
        }),
      ),
    );
    renderConsole(<PayoutForm />);
    const select = await screen.findByLabelText(/Seller/);
    await waitFor(() => expect(within(select).getByText(/Kala Crafts/)).toBeInTheDocument());
    await userEvent.selectOptions(select, SELLER);
    await userEvent.type(screen.getByLabelText(/Amount/), '901');
    await userEvent.type(screen.getByLabelText(/Transfer reference/), 'UTR-2');
    await userEvent.click(screen.getByRole('button', { name: 'Record payout' }));
    expect(await screen.findByText(/At most ₹900 \(payable now\)/)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    // the balance fell meanwhile: the server refuses, the field tells why
    await userEvent.clear(screen.getByLabelText(/Amount/));
    await userEvent.type(screen.getByLabelText(/Amount/), '800');
    await userEvent.click(screen.getByRole('button', { name: 'Record payout' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Record payout' }));
    expect(await screen.findByText('At most ₹900.00 can be paid to this seller')).toBeInTheDocument();
    expect(toast.error).toHaveBeenCalled();
  });

  it('when sellers were charged return shipping or the delivery their codes waived, then the list shows each; else a dash', async () => {
    server.use(
      answer('adminSellerAccounts', {
        success: true,
        data: [
          { ...account, returnShipping: 60, deliveryWaived: 79 },
          { ...account, sellerId: 'other', storename: 'Tara Home', returnShipping: 0, deliveryWaived: 0 },
        ],
      }),
    );
    renderConsole(<SellerAccounts />);
    const kala = (await screen.findByText('Kala Crafts')).closest('tr')!;
    expect(kala).toHaveTextContent('Return shipping ₹60');
    expect(kala).toHaveTextContent('Free delivery given ₹79');
    const tara = screen.getByText('Tara Home').closest('tr')!;
    expect(within(tara).getByLabelText('No charges')).toHaveTextContent('—');
  });

  /** Opens Kala Crafts' rate, types `rate` and saves; answers the dialog. */
  async function saveRate(rate: string) {
    renderConsole(<SellerAccounts />);
    await userEvent.click(
      await screen.findByRole('button', { name: 'Edit the commission rate of Kala Crafts' }),
    );
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText(/Rate/), rate);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save rate' }));
    return dialog;
  }

  it('when the rate is out of range, then the field says so and nothing is sent', async () => {
    const sent = vi.fn();
    server.use(
      answer('adminSellerAccounts', { success: true, data: [account] }),
      answer(
        'adminSetCommission',
        () => (sent(), errorResponse(400, { code: 'VALIDATION_FAILED', message: 'no' })),
      ),
    );
    const dialog = await saveRate('120');
    expect(await within(dialog).findByText('Enter a rate from 0 to 100')).toBeInTheDocument();
    expect(sent).not.toHaveBeenCalled();
  });

  it("when the admin edits a seller's rate, then the new percent is sent", async () => {
    let body: unknown;
    server.use(
      answer('adminSellerAccounts', { success: true, data: [account] }),
      answer('adminSetCommission', async ({ request }) => {
        body = await request.json();
        return { success: true as const, message: 'Kala Crafts now pays 5% commission', data: account };
      }),
    );
    await saveRate('5');
    await waitFor(() => expect(body).toEqual({ percent: 5 }));
    expect(toast.success).toHaveBeenCalledWith('Kala Crafts now pays 5% commission');
  });

  it('when there are no payouts, then the history says so', async () => {
    server.use(
      answer('adminSellerAccounts', { success: true, data: [account] }),
      answer('adminPayouts', () =>
        HttpResponse.json({
          success: true,
          data: [],
          pagination: { page: 1, limit: 20, total: 0, pages: 0 },
        }),
      ),
    );
    renderConsole(<PayoutHistory />);
    expect(await screen.findByText('No payouts yet')).toBeInTheDocument();
  });
});
