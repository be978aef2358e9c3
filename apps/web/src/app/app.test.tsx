import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { App } from './app';

describe('App shell', () => {
  it('renders the marketplace name', () => {
    render(<App />);
    expect(screen.getByRole('heading', { name: /Haat Marketplace/ })).toBeInTheDocument();
  });
});
