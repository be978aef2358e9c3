import { render as renderUi, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SHOP_CONFIG_META, type ShopConfigDto } from '@mp/shared';
import { makeStore } from '../../app/store';
import { answer, server } from '../../testing/msw';
import { PaymentsUnavailableNotice, TestPaymentsNotice } from './test-payments-notice';

const render = (ui: ReactElement) => renderUi(<Provider store={makeStore()}>{ui}</Provider>);

function serve(payments: ShopConfigDto['payments']) {
  const get = vi.fn();
  server.use(
    answer('shopConfig', ({ request }) => {
      get(new URL(request.url).pathname);
      return { success: true, data: { payments } };
    }),
  );
  return get;
}

describe('test payments notice', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('when the shop takes sandbox payments, then every page says test payments', async () => {
    const get = serve({ provider: 'sandbox', testMode: true });
    render(<TestPaymentsNotice />);
    expect(await screen.findByTestId('test-payments-notice')).toHaveTextContent(/Test payments/);
    expect(get).toHaveBeenCalledWith('/api/shop/config');
  });

  it('when the page head carries the shop set-up, then the notice is there at the first render, without a request', () => {
    const get = serve({ provider: 'paypal', testMode: false });
    const meta = document.createElement('meta');
    meta.name = SHOP_CONFIG_META;
    meta.content = JSON.stringify({ payments: { provider: 'sandbox', testMode: true } });
    document.head.append(meta);
    try {
      render(<TestPaymentsNotice />);
      expect(screen.getByTestId('test-payments-notice')).toHaveTextContent(/Test payments/);
      expect(get).not.toHaveBeenCalled();
    } finally {
      meta.remove();
    }
  });

  it('when PayPal takes the payments, then no notice', async () => {
    const get = serve({ provider: 'paypal', testMode: false });
    render(<TestPaymentsNotice />);
    await vi.waitFor(() => expect(get).toHaveBeenCalled());
    await Promise.resolve();
    expect(screen.queryByTestId('test-payments-notice')).toBeNull();
  });

  it('when no provider is configured, then checkout says payments are not set up', async () => {
    serve({ provider: 'none', testMode: false });
    render(<PaymentsUnavailableNotice />);
    expect(await screen.findByRole('alert')).toHaveTextContent(/payments are not set up/);
  });
});
