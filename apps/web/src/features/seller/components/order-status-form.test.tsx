import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
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
});
