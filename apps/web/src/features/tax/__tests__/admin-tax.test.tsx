/** The admin's Tax page (docs/tax.md): a seller's GST registration corrected, with its history shown. */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answer, server } from '../../../testing/msw';
import { renderConsole } from '../../console/test-utils';
import { TaxProfiles } from '../admin-tax';

const profile = {
  sellerId: '9d1c2b3a-4e5f-4a6b-8c7d-000000000001',
  legalName: 'Ravi Electronics Private Limited',
  gstin: '29AAGCB7383J1Z4',
  state: 'Karnataka',
  address: '12 MG Road, Bengaluru 560001',
  updatedAt: '2026-11-01T10:00:00.000Z',
  canListTaxable: true,
};

describe('admin tax profiles', () => {
  it('when the admin corrects a legal name, then the correction is sent for that seller and the history shows', async () => {
    let sent: unknown;
    server.use(
      answer('adminTaxProfiles', { success: true, data: [profile] }),
      answer('adminSellerTaxProfile', {
        success: true,
        data: profile,
        history: [
          {
            at: '2026-11-01T10:00:00.000Z',
            actorRole: 'seller',
            before: null,
            after: { legalName: profile.legalName, gstin: profile.gstin },
          },
        ],
      }),
      answer('adminUpdateSellerTaxProfile', async ({ request, params }) => {
        sent = { sellerId: params.sellerId, ...((await request.json()) as object) };
        return { success: true, message: 'Tax profile corrected', data: profile };
      }),
    );
    renderConsole(<TaxProfiles />);
    await userEvent.click(await screen.findByRole('button', { name: 'Correct' }));
    expect(await screen.findByRole('list', { name: 'Tax profile history' })).toHaveTextContent(
      'seller: — / — → Ravi Electronics Private Limited / 29AAGCB7383J1Z4',
    );
    const name = screen.getByLabelText(/Legal name/);
    await userEvent.clear(name);
    await userEvent.type(name, 'Ravi Electronics Pvt Ltd');
    await userEvent.click(screen.getByRole('button', { name: 'Save correction' }));
    await waitFor(() =>
      expect(sent).toMatchObject({ sellerId: profile.sellerId, legalName: 'Ravi Electronics Pvt Ltd' }),
    );
  });
});
