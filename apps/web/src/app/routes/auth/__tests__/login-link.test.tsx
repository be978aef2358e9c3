import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { answer, server } from '../../../../testing/msw';
import { App } from '../../../app';
import { renderConsole } from '../../../../features/console/test-utils';
import LoginPage from '../login';

const anonymous = answer('checkAuth', { success: true, authenticated: false, user: null });

describe('one-time sign-in links (docs/security.md)', () => {
  it('when the login answers LOGIN_LINK_SENT, then the page says a sign-in link was e-mailed', async () => {
    server.use(
      anonymous,
      answer('login', () =>
        HttpResponse.json(
          { success: true, code: 'LOGIN_LINK_SENT', message: 'We e-mailed you a sign-in link.' },
          { status: 202 },
        ),
      ),
    );
    renderConsole(<LoginPage />, { auth: { isAuthenticated: false } });
    await userEvent.type(screen.getByLabelText(/Email/), 'owner@x.in');
    await userEvent.type(screen.getByLabelText(/Password/), 'Passw0rd!');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('status')).toHaveTextContent('We e-mailed you a sign-in link');
  });

  it('when a used or expired link is opened, then the page says so and offers the login', async () => {
    let sent: unknown;
    server.use(
      anonymous,
      answer('loginLink', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json(
          { success: false, code: 'LOGIN_LINK_INVALID', message: 'not valid' },
          { status: 400 },
        );
      }),
    );
    window.history.pushState({}, '', '/auth/login-link#the-token');
    render(<App />);
    expect(await screen.findByRole('alert')).toHaveTextContent('This sign-in link is not valid any more');
    expect(sent).toEqual({ token: 'the-token' });
    expect(window.location.hash).toBe('');
  });
});
