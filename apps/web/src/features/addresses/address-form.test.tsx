import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ApiError } from '../../lib/api';
import { AddressForm } from './address-form';

async function fill(user: ReturnType<typeof userEvent.setup>, pincode: string, notes = 'Ring twice') {
  await user.type(screen.getByLabelText(/Recipient name/), 'Asha Rao');
  await user.type(screen.getByLabelText(/^Address/), '9 Park Street');
  await user.type(screen.getByLabelText(/City/), 'Kolkata');
  await user.selectOptions(screen.getByLabelText(/State/), 'West Bengal');
  await user.type(screen.getByLabelText(/Pincode/), pincode);
  await user.type(screen.getByLabelText(/Phone/), '9876543210');
  await user.selectOptions(screen.getByLabelText(/Place/), 'home');
  if (notes) await user.type(screen.getByLabelText(/Notes/), notes);
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

  it('when a field is left with a wrong value, then its message shows at once, before any submit', async () => {
    const user = userEvent.setup();
    render(<AddressForm editing={false} onSubmit={vi.fn()} />);
    await user.type(screen.getByLabelText(/Pincode/), '12');
    expect(screen.queryByText('Pincode must be 6 digits')).not.toBeInTheDocument();
    await user.tab();
    expect(await screen.findByText('Pincode must be 6 digits')).toBeVisible();
    await user.click(screen.getByLabelText(/Recipient name/));
    await user.tab();
    expect(await screen.findByText('Recipient name is required')).toBeVisible();
  });

  it('when the landmark and the notes are left blank, then the address is sent with the recipient and the state', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn().mockResolvedValue({ ok: true });
    render(<AddressForm editing={false} onSubmit={onSubmit} />);
    await fill(user, '700016', '');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({
      recipientName: 'Asha Rao',
      state: 'West Bengal',
      pincode: '700016',
    });
    expect(onSubmit.mock.calls[0]![0].notes ?? '').toBe('');
  });

  it('when a submit is refused by a field, then that field gets the focus and is brought to the middle of the screen, clear of the header', async () => {
    const user = userEvent.setup();
    const scrolled: { el: Element; opts: unknown }[] = [];
    const original = Element.prototype.scrollIntoView;
    Element.prototype.scrollIntoView = function (this: Element, opts?: unknown) {
      scrolled.push({ el: this, opts });
    } as typeof Element.prototype.scrollIntoView;
    try {
      render(<AddressForm editing={false} onSubmit={vi.fn()} />);
      await fill(user, '12');
      await user.click(screen.getByRole('button', { name: 'Add' }));
      const pincode = screen.getByLabelText(/Pincode/);
      await vi.waitFor(() => expect(pincode).toHaveFocus());
      expect(scrolled.at(-1)).toEqual({ el: pincode, opts: { block: 'center' } });
    } finally {
      Element.prototype.scrollIntoView = original;
    }
  });
});
