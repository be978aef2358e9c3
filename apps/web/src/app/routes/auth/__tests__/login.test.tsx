/** The login form on the form primitive: the shared schema's messages under the fields, busy while sent. */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderConsole } from '../../../../features/console/test-utils';
import { answer, errorResponse, server } from '../../../../testing/msw';
import LoginPage from '../login';

vi.mock('react-toastify', () => ({ toast: { success: vi.fn(), error: vi.fn(), warn: vi.fn() } }));
const { toast } = await import('react-toastify');

afterEach(() => vi.clearAllMocks());

const renderPage = () => renderConsole(<LoginPage />, { auth: { isAuthenticated: false } });

describe('Login form', () => {
  it('when sent empty or with a malformed email, then the fields say what is wrong and nothing is sent', async () => {
    const sent = vi.fn();
    server.use(
      answer('login', () => (sent(), errorResponse(401, { code: 'INVALID_CREDENTIALS', message: 'no' }))),
    );
    renderPage();
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Password is required')).toBeInTheDocument();
    expect(screen.getByText('Enter a valid email address')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/^Password/), 'secret-pass-12');
    await userEvent.type(screen.getByLabelText(/^Email/), 'asha@');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(screen.queryByText('Password is required')).not.toBeInTheDocument());
    expect(screen.getByText('Enter a valid email address')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Email/)).toHaveAttribute('aria-invalid', 'true');
    expect(sent).not.toHaveBeenCalled();
  });

  it('when the login is being checked, then Sign In is busy; a refusal is told by a toast', async () => {
    server.use(
      answer('login', async () => {
        await delay(100);
        return errorResponse(401, { code: 'INVALID_CREDENTIALS', message: 'Invalid email or password' });
      }),
    );
    renderPage();
    await userEvent.type(screen.getByLabelText(/^Email/), 'asha@shop.test');
    await userEvent.type(screen.getByLabelText(/^Password/), 'secret-pass-12');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Sign In' })).toBeDisabled());
    await waitFor(() => expect(toast.error).toHaveBeenCalled());
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeEnabled();
  });
});
