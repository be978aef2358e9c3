/** Seller registration as a step form: each step checked before the next, Back keeps values, one request sent. */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderConsole } from '../../../../features/console/test-utils';
import { answer, errorResponse, fieldRefusal, server } from '../../../../testing/msw';
import { api } from '../../../../lib/api-client';
import RegisterSellerPage from '../register-seller';

vi.mock('react-toastify', () => ({ toast: { success: vi.fn(), error: vi.fn(), warn: vi.fn() } }));
const { toast } = await import('react-toastify');

afterEach(() => vi.restoreAllMocks());

/** The document upload answers at once (jsdom sends no multipart upload progress). */
const uploadAnswers = () =>
  vi.spyOn(api, 'post').mockResolvedValueOnce({
    data: { success: true, message: 'Stored', result: { url: '/uploads/documents/gst.png' } },
  });

const renderPage = () => renderConsole(<RegisterSellerPage />, { auth: { isAuthenticated: false } });
const next = () => userEvent.click(screen.getByRole('button', { name: 'Next' }));

async function fillPersonal() {
  await userEvent.type(screen.getByLabelText(/^Username/), 'asha');
  await userEvent.type(screen.getByLabelText(/^Email/), 'asha@shop.test');
  await userEvent.type(screen.getByLabelText(/^Phone/), '9876543210');
  await userEvent.type(screen.getByLabelText(/^Password/), 'secret-pass-12');
}

async function fillBusiness() {
  await userEvent.type(screen.getByLabelText(/^Store Name/), 'Asha Stores');
  await userEvent.selectOptions(screen.getByLabelText(/^Business Type/), 'Individual');
  await userEvent.type(screen.getByLabelText(/^Address/), '1 Market Street, Pune');
}

async function fillBankAndDocument() {
  await userEvent.type(screen.getByLabelText(/^Bank Account/), '12345678');
  await userEvent.type(screen.getByLabelText(/^IFSC Code/), 'SBIN0001234');
  await userEvent.upload(
    screen.getByLabelText(/^Document/),
    new File([new Uint8Array([137, 80, 78, 71])], 'gst.png', { type: 'image/png' }),
  );
  expect(await screen.findByText('Uploaded gst.png')).toBeInTheDocument();
}

/** The page with the first two steps filled in, on the bank and document step (the upload answering). */
async function toDocumentStep() {
  uploadAnswers();
  renderPage();
  await fillPersonal();
  await next();
  await fillBusiness();
  await next();
}

describe('Seller registration steps', () => {
  it('when Next is pressed on an empty step, then only that step’s messages show and it stays; Back keeps values', async () => {
    renderPage();
    expect(screen.getByText('Step 1 of 4')).toBeInTheDocument();
    await next();
    expect(await screen.findByText('Username is required')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Username/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Step 1 of 4')).toBeInTheDocument();

    await fillPersonal();
    await next();
    expect(await screen.findByText('Step 2 of 4')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Business Details' })).toHaveFocus();
    await next();
    expect(await screen.findByText('Store name is required')).toBeInTheDocument();
    expect(screen.getByText('Business type must be Individual or Company')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByText('Step 1 of 4')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Username/)).toHaveValue('asha');
  });

  it('when every step is right, then the review shows it and Submit sends the one request of today', async () => {
    let sent: unknown;
    server.use(
      answer('registerSeller', async ({ request }) => {
        sent = await request.json();
        return errorResponse(409, { code: 'CONFLICT', message: 'User already exists with this email' });
      }),
    );
    await toDocumentStep();
    await next();
    expect(await screen.findByText('Image is required')).toBeInTheDocument();
    await fillBankAndDocument();
    await next();

    expect(await screen.findByText('Step 4 of 4')).toBeInTheDocument();
    const business = screen.getByRole('region', { name: 'Business Details' });
    expect(within(business).getByText('Asha Stores')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() =>
      expect(sent).toEqual({
        username: 'asha',
        email: 'asha@shop.test',
        phone: '9876543210',
        password: 'secret-pass-12',
        storename: 'Asha Stores',
        address: '1 Market Street, Pune',
        businesstype: 'Individual',
        bankaccount: '12345678',
        ifsccode: 'SBIN0001234',
        image: '/uploads/documents/gst.png',
      }),
    );
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('User already exists with this email'));
  });

  it('when the server refuses a field, then its step opens with the message under the field', async () => {
    server.use(
      answer('registerSeller', () =>
        fieldRefusal('WEAK_PASSWORD', 'password', 'This password is too common'),
      ),
    );
    await toDocumentStep();
    await fillBankAndDocument();
    await next();
    await userEvent.click(await screen.findByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('This password is too common')).toBeInTheDocument();
    expect(screen.getByText('Step 1 of 4')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Password/)).toHaveAttribute('aria-invalid', 'true');
  });
});
