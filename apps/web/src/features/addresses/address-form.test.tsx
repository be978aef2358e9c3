import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ApiError } from '../../lib/api';
import { AddressForm } from './address-form';

async function fill(user: ReturnType<typeof userEvent.setup>, pincode: string) {
  await user.type(screen.getByLabelText(/Address/), '9 Park Street');
  await user.type(screen.getByLabelText(/City/), 'Kolkata');
  await user.type(screen.getByLabelText(/Pincode/), pincode);
  await user.type(screen.getByLabelText(/Phone/), '9876543210');
  await user.selectOptions(screen.getByLabelText(/Place/), 'home');
  await user.type(screen.getByLabelText(/Notes/), 'Ring twice');
}

describe('address form', () => {
  it('when the shared schema refuses a field, then its message shows under it and nothing is sent', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<AddressForm editing={false} onSubmit={onSubmit} />);
    await fill(user, '12');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText(/pincode/i, { selector: '[id$="-error"], p' })).toBeVisible();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("when the server refuses a field, then the server's message shows under that field and the values stay", async () => {
    const user = userEvent.setup();
    const refusal: ApiError = {
      status: 400,
      code: 'VALIDATION_FAILED',
      message: 'Invalid input',
      errors: { formErrors: [], fieldErrors: { city: ['We do not deliver to this city yet'] } },
    };
    const onSubmit = vi.fn().mockResolvedValue({ ok: false, error: refusal });
    render(<AddressForm editing={false} onSubmit={onSubmit} />);
    await fill(user, '700016');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('We do not deliver to this city yet')).toBeVisible();
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ city: 'Kolkata', pincode: '700016' }));
    expect(screen.getByLabelText(/City/)).toHaveValue('Kolkata');
  });
});
