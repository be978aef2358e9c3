/** The business buyer's GST invoice fields at checkout (docs/tax.md). */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { useBusinessInvoice } from '../business-invoice';

function Harness() {
  const business = useBusinessInvoice();
  const [sent, setSent] = useState('');
  return (
    <>
      {business.fields}
      <button type="button" onClick={() => setSent(JSON.stringify(business.valid() ?? null))}>
        Deliver
      </button>
      <output>{sent}</output>
    </>
  );
}

describe('business invoice at checkout', () => {
  it('sends nothing unticked; ticked, a wrong GSTIN is refused and a right one is sent upper-cased', async () => {
    render(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: 'Deliver' }));
    expect(screen.getByRole('status')).toHaveTextContent('null');
    await userEvent.click(screen.getByLabelText('I need a GST invoice for my business'));
    await userEvent.type(screen.getByLabelText(/GSTIN/), '29AAGCB7383J1Z5');
    await userEvent.type(screen.getByLabelText(/Business name/), 'Bengaluru Traders');
    await userEvent.click(screen.getByRole('button', { name: 'Deliver' }));
    expect(screen.getByRole('status')).toHaveTextContent('false');
    expect(screen.getByText('The GSTIN check character does not match')).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText(/GSTIN/));
    await userEvent.type(screen.getByLabelText(/GSTIN/), '29aagcb7383j1z4');
    await userEvent.click(screen.getByRole('button', { name: 'Deliver' }));
    expect(screen.getByRole('status')).toHaveTextContent(
      '{"buyerGstin":"29AAGCB7383J1Z4","buyerBusinessName":"Bengaluru Traders"}',
    );
  });
});
