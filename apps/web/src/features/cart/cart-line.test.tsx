import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { toast } from 'react-toastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CartLineDto } from '@mp/shared';
import { makeStore } from '../../app/store';
import { api } from '../../lib/api-client';
import { CartLine } from './cart-line';

const line = (over: Partial<CartLineDto> = {}): CartLineDto => ({
  productId: 'p1',
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
  it('when plus is pressed at the stock, then it warns and sends no update', () => {
    const put = vi.spyOn(api, 'put');
    const warn = vi.spyOn(toast, 'warn');
    renderLine(line({ quantity: 2, totalStock: 2 }));
    fireEvent.click(screen.getByRole('button', { name: 'Increase quantity' }));
    expect(warn).toHaveBeenCalledWith('Only 2 Quantity are left');
    expect(put).not.toHaveBeenCalled();
  });

  it('when the quantity is 1, then minus is disabled', () => {
    renderLine(line({ quantity: 1, totalStock: 5 }));
    expect(screen.getByRole('button', { name: 'Decrease quantity' })).toBeDisabled();
  });

  it('when plus is pressed under the stock, then it sends the new quantity and confirms', async () => {
    const put = vi
      .spyOn(api, 'put')
      .mockResolvedValue({ data: { success: true, data: { _id: 'c', userId: 'u1', items: [] } } });
    const success = vi.spyOn(toast, 'success');
    renderLine(line({ quantity: 1, totalStock: 5 }));
    fireEvent.click(screen.getByRole('button', { name: 'Increase quantity' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Cart updated successfully!'));
    expect(put).toHaveBeenCalledWith(
      '/api/shop/cart/update-cart',
      expect.objectContaining({ productId: 'p1', quantity: 2 }),
    );
  });

  it('when the update fails, then it says so', async () => {
    vi.spyOn(api, 'put').mockRejectedValue(new Error('boom'));
    const error = vi.spyOn(toast, 'error');
    renderLine(line({ quantity: 1, totalStock: 5 }));
    fireEvent.click(screen.getByRole('button', { name: 'Increase quantity' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith('Failed to update cart.'));
  });
});
