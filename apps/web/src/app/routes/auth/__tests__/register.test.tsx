/** The register form on the form primitive: the shared schema's messages and the server's field errors. */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderConsole } from '../../../../features/console/test-utils';
import { answer, errorResponse, fieldRefusal, server } from '../../../../testing/msw';
import RegisterPage from '../register';

vi.mock('react-toastify', () => ({ toast: { success: vi.fn(), error: vi.fn(), warn: vi.fn() } }));
const { toast } = await import('react-toastify');

afterEach(() => vi.clearAllMocks());

const renderPage = () => renderConsole(<RegisterPage />, { auth: { isAuthenticated: false } });

async function fill(username: string, email: string, password: string) {
  await userEvent.type(screen.getByLabelText(/Username/), username);
  await userEvent.type(screen.getByLabelText(/Email/), email);
  await userEvent.type(screen.getByLabelText(/Password/), password);
  await userEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
}

describe('Register form', () => {
  it('when the fields are empty, then the shared schema says what is missing and nothing is sent', async () => {
    const sent = vi.fn();
    server.use(answer('register', () => (sent(), errorResponse(500, { code: 'INTERNAL', message: 'no' }))));
    renderPage();
    await userEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByText('Username is required')).toBeInTheDocument();
    expect(sent).not.toHaveBeenCalled();
  });

  it('when the server refuses a field, then its message shows under that field', async () => {
    server.use(
      answer('register', () => fieldRefusal('WEAK_PASSWORD', 'password', 'This password is too common')),
    );
    renderPage();
    await fill('asha', 'asha@shop.test', 'password123');
    expect(await screen.findByText('This password is too common')).toBeInTheDocument();
    expect(screen.getByLabelText(/Password/)).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(toast.error).toHaveBeenCalled());
  });
});
