import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { OrderDto } from '@mp/shared';
import { answer, fail, server } from '../../../testing/msw';
import { renderConsole } from '../../console/test-utils';
import { CodConfirmForm } from '../cod-confirm-form';

const ORDER_ID = '11111111-1111-4111-8111-111111111111';

describe('CodConfirmForm', () => {
  it('when the code is wrong, then it says how many tries are left', async () => {
    server.use(
      fail('codConfirm', 422, {
        code: 'OTP_INVALID',
        message: 'That code is not right. 2 tries left.',
        details: { triesLeft: 2 },
      }),
    );
    renderConsole(<CodConfirmForm orderId={ORDER_ID} onPlaced={() => undefined} />);
    await userEvent.type(screen.getByLabelText(/6-digit code/), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Place order' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('2 tries left');
  });

  it('when the code is right, then the order is placed', async () => {
    server.use(
      answer('codConfirm', {
        success: true,
        message: 'Order placed',
        data: { _id: ORDER_ID } as unknown as OrderDto,
      }),
    );
    const placed = vi.fn();
    renderConsole(<CodConfirmForm orderId={ORDER_ID} onPlaced={placed} />);
    await userEvent.type(screen.getByLabelText(/6-digit code/), '654321');
    await userEvent.click(screen.getByRole('button', { name: 'Place order' }));
    await waitFor(() => expect(placed).toHaveBeenCalled());
  });
});
