import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { CheckoutPaymentMethod } from '@mp/shared';
import { PaymentMethodPicker } from '../payment-method-picker';

function Picker({ methods }: { methods: CheckoutPaymentMethod[] }) {
  const [value, setValue] = useState<CheckoutPaymentMethod>(methods[0]!);
  return (
    <>
      <PaymentMethodPicker methods={methods} value={value} onChange={setValue} />
      <output>{value}</output>
    </>
  );
}

describe('PaymentMethodPicker', () => {
  it('when the gateway and PayPal are offered, then each is a choice and picking one selects it', async () => {
    render(<Picker methods={['upi', 'card', 'netbanking', 'paypal']} />);
    expect(screen.getByRole('radio', { name: /UPI/ })).toBeChecked();
    await userEvent.click(screen.getByRole('radio', { name: /Netbanking/ }));
    expect(screen.getByRole('radio', { name: /Netbanking/ })).toBeChecked();
    expect(screen.getByRole('status')).toHaveTextContent('netbanking');
  });

  it('when only one way to pay is offered, then there is nothing to choose', () => {
    render(<Picker methods={['paypal']} />);
    expect(screen.queryByRole('radio')).toBeNull();
  });
});
