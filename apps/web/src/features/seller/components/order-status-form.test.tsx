import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { OrderStatusForm } from './order-status-form';

/** The options a seller can pick (the select's placeholder left out). */
const choices = (select: HTMLSelectElement) => [...select.options].filter((o) => o.value !== '');

describe('OrderStatusForm', () => {
  it('when the order is confirmed (paid), then the select starts on "Confirmed" and nothing is to update', () => {
    render(<OrderStatusForm current="confirmed" onSubmit={async () => undefined} />);
    const select = screen.getByLabelText('Order Status') as HTMLSelectElement;
    expect(select.value).toBe('confirmed');
    expect(select.selectedOptions[0]!.textContent).toBe('Confirmed');
    expect(choices(select).map((o) => o.textContent)).toEqual([
      'Confirmed',
      'In Process',
      'In Shipping',
      'Delivered',
      'Rejected',
    ]);
    expect(screen.getByRole('button', { name: 'Update Order Status' })).toBeDisabled();
  });

  it('when the lines are in shipping, then the select starts there and offers only forward moves', () => {
    render(<OrderStatusForm current="inShipping" onSubmit={async () => undefined} />);
    const select = screen.getByLabelText('Order Status') as HTMLSelectElement;
    expect(select.value).toBe('inShipping');
    expect(choices(select).map((o) => o.value)).toEqual(['inShipping', 'delivered']);
  });

  it('when rejecting without a reason, then the reason field says so; with one, it asks, then sends status and reason', async () => {
    let finish = () => {};
    const onSubmit = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    render(<OrderStatusForm current="confirmed" onSubmit={onSubmit} />);
    await userEvent.selectOptions(screen.getByLabelText('Order Status'), 'rejected');
    await userEvent.click(screen.getByRole('button', { name: 'Update Order Status' }));
    expect(await screen.findByText('Give the shopper a reason for rejecting the order')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Reason for rejecting/)).toHaveAttribute('aria-invalid', 'true');

    await userEvent.type(screen.getByLabelText(/^Reason for rejecting/), 'Out of stock at the warehouse');
    await userEvent.click(screen.getByRole('button', { name: 'Update Order Status' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject this order?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject order' }));
    expect(onSubmit).toHaveBeenCalledWith('rejected', 'Out of stock at the warehouse');
    expect(screen.getByRole('button', { name: 'Update Order Status' })).toBeDisabled();
    finish();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Update Order Status' })).toBeEnabled());
  });
});
