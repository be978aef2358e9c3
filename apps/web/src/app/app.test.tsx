import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answer, server } from '../testing/msw';
import { App } from './app';

describe('App shell', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('when an anonymous visitor opens an unknown path, then the not-found page shows and the tab says so', async () => {
    server.use(answer('checkAuth', { success: true, authenticated: false, user: null }));
    window.history.pushState({}, '', '/no/such/page');
    render(<App />);
    expect(await screen.findByText("Oops! We couldn't find that page.")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Homepage' })).toHaveAttribute('href', '/');
    await waitFor(() => expect(document.title).toBe('Page not found | Haat Marketplace'));
  });

  it('when the login page opens, then the tab names it', async () => {
    server.use(answer('checkAuth', { success: true, authenticated: false, user: null }));
    window.history.pushState({}, '', '/auth/login');
    render(<App />);
    await waitFor(() => expect(document.title).toBe('Log in | Haat Marketplace'));
  });
});
