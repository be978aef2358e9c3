/** The seller's GST registration form (docs/tax.md, "Tax profile"). */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answer, server } from '../../../testing/msw';
import { renderConsole } from '../../console/test-utils';
import { TaxProfileForm } from '../tax-profile-form';

describe('tax profile', () => {
  it('without a GSTIN it says why taxable goods cannot be listed; a wrong check character is caught before sending', async () => {
    let sent: unknown;
    const profile = {
      sellerId: 's1',
      legalName: 'Kaveri Crafts LLP',
      gstin: '29AAGCB7383J1Z4',
      state: 'Karnataka',
      address: '4 MG Road, Bengaluru',
      updatedAt: new Date().toISOString(),
      canListTaxable: true,
    };
    server.use(
      answer('sellerTaxProfile', () => ({ success: true as const, data: sent ? profile : null })),
      answer('updateSellerTaxProfile', async ({ request }) => {
        sent = await request.json();
        return { success: true, message: 'Tax profile saved', data: profile };
      }),
    );
    renderConsole(<TaxProfileForm />);
    expect(await screen.findByRole('note')).toHaveTextContent(/only goods taxed at 0 %/);
    await userEvent.type(screen.getByLabelText(/Legal name/), 'Kaveri Crafts LLP');
    await userEvent.type(screen.getByLabelText(/^GSTIN/), '29AAGCB7383J1Z5');
    await userEvent.selectOptions(screen.getByLabelText(/State of registration/), 'Karnataka');
    await userEvent.type(screen.getByLabelText(/Registered address/), '4 MG Road, Bengaluru');
    await userEvent.click(screen.getByRole('button', { name: 'Save tax profile' }));
    expect(await screen.findByText('The GSTIN check character does not match')).toBeInTheDocument();
    expect(sent).toBeUndefined();

    await userEvent.clear(screen.getByLabelText(/^GSTIN/));
    await userEvent.type(screen.getByLabelText(/^GSTIN/), '29aagcb7383j1z4');
    await userEvent.click(screen.getByRole('button', { name: 'Save tax profile' }));
    await waitFor(() => expect(sent).toMatchObject({ gstin: '29AAGCB7383J1Z4', state: 'Karnataka' }));
    // saved with a GSTIN: the note about 0 % goods goes
    await waitFor(() => expect(screen.queryByRole('note')).toBeNull());
  });
});
