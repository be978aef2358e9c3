/** The return page tells the truth about the payment (docs/money.md): a pending capture is not a success. */
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OrderDto } from '@mp/shared';
import { answer, server } from '../../../../testing/msw';
import { renderConsole } from '../../../../features/console/test-utils';
import PaymentSuccessPage from '../payment-success';

const ORDER_ID = '9d1c2b3a-4e5f-4a6b-8c7d-000000000077';

afterEach(() => vi.restoreAllMocks());

function renderWith(paymentStatus: string) {
  const order = {
    _id: ORDER_ID,
    orderNumber: 'HM-100077',
    paymentStatus,
    paymentMethod: 'paypal',
    totalAmount: 400,
    payments: [],
  };
  server.use(answer('getOrder', { success: true, data: order as unknown as OrderDto }));
  return renderConsole(<PaymentSuccessPage />, {
    path: `/shop/payment-success/${ORDER_ID}`,
    route: '/shop/payment-success/:orderId',
  });
}

describe('payment return page', () => {
  it('when the capture is still pending at the provider, then it says processing, not successful', async () => {
    renderWith('pending');
    expect(await screen.findByRole('heading', { name: 'Payment processing' })).toBeInTheDocument();
    expect(screen.queryByText('Payment Successful!')).not.toBeInTheDocument();
  });

  it('when the order is paid, then it says Payment Successful!', async () => {
    renderWith('paid');
    expect(await screen.findByText(/₹\s?400/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Payment Successful!' })).toBeInTheDocument();
    expect(screen.getByTestId('order-number')).toHaveTextContent('HM-100077');
  });
});
