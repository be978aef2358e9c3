import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { toast } from 'react-toastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CartLineDto } from '@mp/shared';
import { makeStore } from '../../app/store';
import { answer, fail, server } from '../../testing/msw';
import { CartLine } from './cart-line';

const line = (over: Partial<CartLineDto> = {}): CartLineDto => ({
  productId: 'p1',
  variantId: 'v1',
  variantLabel: '',
  title: 'Rockerz Headphones',
  image: '/uploads/x.png',
  salePrice: 999,
  price: 1499,
  discount: 10,
  quantity: 2,
  totalStock: 2,
  sellerId: null,
  available: true,
  unavailableReason: null,
  ...over,
});

const cart = { _id: 'c', userId: 'u1', items: [] } as never;

function renderLine(item: CartLineDto) {
  return render(
    <Provider store={makeStore()}>
      <MemoryRouter>
        <ul>
          <CartLine item={item} userId="u1" />
        </ul>
      </MemoryRouter>
    </Provider>,
  );
}

afterEach(() => vi.restoreAllMocks());

describe('CartLine', () => {
  it('when the quantity is at the stock, then plus is disabled and says how many are left', () => {
    const put = vi.fn();
    server.use(
      answer('updateCart', (info) => (put(info), { success: true, message: 'Updated', data: cart })),
    );
    renderLine(line({ quantity: 2, totalStock: 2 }));
    const plus = screen.getByRole('button', { name: 'Increase quantity' });
    expect(plus).toBeDisabled();
    expect(plus).toHaveAccessibleDescription('Only 2 Quantity are left');
    fireEvent.click(plus);
    expect(put).not.toHaveBeenCalled();
  });

  it('when the quantity is 1, then minus is disabled', () => {
    renderLine(line({ quantity: 1, totalStock: 5 }));
    expect(screen.getByRole('button', { name: 'Decrease quantity' })).toBeDisabled();
  });

  it('when plus is pressed under the stock, then it sends the new quantity and confirms', async () => {
    const bodies: unknown[] = [];
    server.use(
      answer('updateCart', async ({ request }) => {
        bodies.push(await request.json());
        return { success: true, message: 'Updated', data: cart };
      }),
    );
    const success = vi.spyOn(toast, 'success');
    renderLine(line({ quantity: 1, totalStock: 5 }));
    fireEvent.click(screen.getByRole('button', { name: 'Increase quantity' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Cart updated successfully!'));
    expect(bodies).toEqual([expect.objectContaining({ productId: 'p1', quantity: 2 })]);
  });

  it('when the update fails, then it says so', async () => {
    server.use(fail('updateCart', 409, { code: 'OUT_OF_STOCK', message: 'Only 1 left' }));
    const error = vi.spyOn(toast, 'error');
    renderLine(line({ quantity: 1, totalStock: 5 }));
    fireEvent.click(screen.getByRole('button', { name: 'Increase quantity' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith('Failed to update cart.'));
  });
});
