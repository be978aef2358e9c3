import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { api } from '../lib/api-client';
import { App } from './app';

describe('App shell', () => {
  it('when the session check fails on an unknown path, then shows the not-found page', async () => {
    vi.spyOn(api, 'get').mockRejectedValue(new Error('401'));
    window.history.pushState({}, '', '/no/such/page');
    render(<App />);
    expect(await screen.findByText("Oops! We couldn't find that page.")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Homepage' })).toHaveAttribute('href', '/');
  });
});
