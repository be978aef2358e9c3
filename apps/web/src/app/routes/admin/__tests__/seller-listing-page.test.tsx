import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answer, server } from '../../../../testing/msw';
import { renderConsole, sellerRecord } from '../../../../features/console/test-utils';
import SellerListingPage from '../seller-listing-page';

vi.mock('react-toastify', () => ({ toast: { success: vi.fn(), error: vi.fn(), warn: vi.fn() } }));
const { toast } = await import('react-toastify');

afterEach(() => vi.restoreAllMocks());

/** A server holding one pending seller; records the list reads and the decisions sent. */
function mockServer() {
  let seller = sellerRecord({ gstno: null });
  const calls = { list: 0, puts: [] as { url: string; body: unknown }[] };
  server.use(
    answer('listSellers', () => {
      calls.list += 1;
      return { success: true, data: [seller] };
    }),
    answer('getSeller', () => ({ success: true, data: seller })),
    answer('decideSeller', async ({ request }) => {
      const body = (await request.json()) as { approvalstatus: 'approved' | 'rejected' };
      calls.puts.push({ url: new URL(request.url).pathname, body });
      seller = {
        ...seller,
        approvalstatus: body.approvalstatus,
        isapproved: body.approvalstatus === 'approved',
      };
      return { success: true, message: 'Seller status updated!', data: seller };
    }),
  );
  return { calls, id: seller._id };
}

const renderPage = () => renderConsole(<SellerListingPage />);

describe("Seller's Listing", () => {
  it('when there are no sellers, then says No Seller found.', async () => {
    server.use(answer('listSellers', { success: true, data: [] }));
    renderPage();
    expect(await screen.findByText('No Seller found.')).toBeInTheDocument();
  });

  it('when sellers are listed, then each row starts with the store name and no raw id shows', async () => {
    const { id } = mockServer();
    renderPage();
    const table = await screen.findByRole('table');
    const [header, row] = within(table).getAllByRole('row');
    expect(within(header!).getAllByRole('columnheader')[0]).toHaveTextContent('Store Name');
    expect(within(row!).getAllByRole('cell')[0]).toHaveTextContent('Asha Stores');
    expect(screen.queryByText(id)).toBeNull();
    expect(screen.queryByText(/Seller ID/)).toBeNull();
  });

  it('when the detail opens, then it shows the four sections and a status select with only approved/rejected', async () => {
    mockServer();
    renderPage();
    const table = await screen.findByRole('table');
    expect(within(table).getByText('Pending')).toBeInTheDocument();
    await userEvent.click(within(table).getByRole('button', { name: /View Detail/ }));
    const dialog = await screen.findByRole('dialog', { name: "Seller's Details" });
    for (const section of ['Personal Details', 'Business Details', 'Bank Details', 'Approval Status']) {
      expect(await within(dialog).findByRole('heading', { name: section })).toBeInTheDocument();
    }
    expect(within(dialog).getByText('NA')).toBeInTheDocument(); // empty gstno
    const select = within(dialog).getByLabelText(/Seller Status/);
    const values = within(select)
      .getAllByRole('option')
      .map((o) => (o as HTMLOptionElement).value)
      .filter(Boolean);
    expect(values).toEqual(['approved', 'rejected']);
  });

  it('when approved is submitted, then PUTs the decision, toasts, reloads detail and list and resets the form', async () => {
    const { calls, id } = mockServer();
    renderPage();
    await userEvent.click(
      within(await screen.findByRole('table')).getByRole('button', { name: /View Detail/ }),
    );
    const dialog = await screen.findByRole('dialog', { name: "Seller's Details" });
    const select = await within(dialog).findByLabelText(/Seller Status/);
    const listCalls = calls.list;

    await userEvent.selectOptions(select, 'approved');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));

    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Seller status updated!'));
    expect(calls.puts).toEqual([
      { url: `/api/auth/sellerlist/update/${id}`, body: { approvalstatus: 'approved', isapproved: true } },
    ]);
    await waitFor(() => expect(calls.list).toBe(listCalls + 1));
    await waitFor(() => expect(within(dialog).getByLabelText(/Seller Status/)).toHaveValue(''));
    expect(within(dialog).getByText('Approved', { selector: 'span' })).toBeInTheDocument();
  });

  it('when rejected is submitted, then it asks first: Cancel sends nothing, Reject seller sends the decision', async () => {
    const { calls, id } = mockServer();
    renderPage();
    await userEvent.click(
      within(await screen.findByRole('table')).getByRole('button', { name: /View Detail/ }),
    );
    const dialog = await screen.findByRole('dialog', { name: "Seller's Details" });
    await userEvent.selectOptions(await within(dialog).findByLabelText(/Seller Status/), 'rejected');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(within(dialog).getByText(/Reject this seller\?/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.puts).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject seller' }));
    await waitFor(() =>
      expect(calls.puts).toEqual([
        { url: `/api/auth/sellerlist/update/${id}`, body: { approvalstatus: 'rejected', isapproved: false } },
      ]),
    );
  });

  it('when submitted without a choice, then says the status must be approved or rejected', async () => {
    const { calls } = mockServer();
    renderPage();
    await userEvent.click(
      within(await screen.findByRole('table')).getByRole('button', { name: /View Detail/ }),
    );
    const dialog = await screen.findByRole('dialog', { name: "Seller's Details" });
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Submit' }));
    expect(within(dialog).getByText('Seller status must be approved or rejected')).toBeInTheDocument();
    expect(calls.puts).toHaveLength(0);
  });
});
