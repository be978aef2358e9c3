import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../../../lib/api-client';
import { renderConsole, sellerRecord } from '../../../../features/admin/shared/test-utils';
import SellerListingPage from '../seller-listing-page';

vi.mock('react-toastify', () => ({ toast: { success: vi.fn(), error: vi.fn(), warn: vi.fn() } }));
const { toast } = await import('react-toastify');

afterEach(() => vi.restoreAllMocks());

function mockServer() {
  let seller = sellerRecord({ gstno: null });
  const get = vi.spyOn(api, 'get').mockImplementation(async (url: string) => {
    if (url === '/api/auth/sellerlist/get') return { data: { success: true, data: [seller] } };
    if (url === `/api/auth/sellerlist/details/${seller._id}`)
      return { data: { success: true, data: seller } };
    throw new Error(`unexpected GET ${url}`);
  });
  const put = vi.spyOn(api, 'put').mockImplementation(async (_url: string, body: unknown) => {
    const { approvalstatus } = body as { approvalstatus: 'approved' | 'rejected' };
    seller = { ...seller, approvalstatus, isapproved: approvalstatus === 'approved' };
    return { data: { success: true, message: 'Seller status updated!', data: seller } };
  });
  return { get, put, id: seller._id };
}

const renderPage = () => renderConsole(<SellerListingPage />);

describe("Seller's Listing", () => {
  it('when there are no sellers, then says No Seller found.', async () => {
    vi.spyOn(api, 'get').mockResolvedValue({ data: { success: true, data: [] } });
    renderPage();
    expect(await screen.findByText('No Seller found.')).toBeInTheDocument();
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
    const { get, put, id } = mockServer();
    renderPage();
    await userEvent.click(
      within(await screen.findByRole('table')).getByRole('button', { name: /View Detail/ }),
    );
    const dialog = await screen.findByRole('dialog', { name: "Seller's Details" });
    const select = await within(dialog).findByLabelText(/Seller Status/);
    const listCalls = get.mock.calls.filter(([u]) => u === '/api/auth/sellerlist/get').length;

    await userEvent.selectOptions(select, 'approved');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));

    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Seller status updated!'));
    expect(put).toHaveBeenCalledWith(`/api/auth/sellerlist/update/${id}`, {
      approvalstatus: 'approved',
      isapproved: true,
    });
    expect(get.mock.calls.filter(([u]) => u === '/api/auth/sellerlist/get').length).toBe(listCalls + 1);
    await waitFor(() => expect(within(dialog).getByLabelText(/Seller Status/)).toHaveValue(''));
    expect(within(dialog).getByText('Approved', { selector: 'span' })).toBeInTheDocument();
  });

  it('when submitted without a choice, then says the status must be approved or rejected', async () => {
    const { put } = mockServer();
    renderPage();
    await userEvent.click(
      within(await screen.findByRole('table')).getByRole('button', { name: /View Detail/ }),
    );
    const dialog = await screen.findByRole('dialog', { name: "Seller's Details" });
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Submit' }));
    expect(within(dialog).getByText('Seller status must be approved or rejected')).toBeInTheDocument();
    expect(put).not.toHaveBeenCalled();
  });
});
