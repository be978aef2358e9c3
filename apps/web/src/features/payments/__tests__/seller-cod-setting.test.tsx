import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answer, server } from '../../../testing/msw';
import { renderConsole } from '../../console/test-utils';
import { SellerCodSetting } from '../seller-cod-setting';

describe('SellerCodSetting', () => {
  it('when the seller unticks it, then cash on delivery is turned off', async () => {
    let sent: unknown;
    server.use(
      answer('sellerCod', { success: true, data: { acceptsCod: true } }),
      answer('updateSellerCod', async ({ request }) => {
        sent = await request.json();
        return { success: true, message: 'off', data: { acceptsCod: false } };
      }),
    );
    renderConsole(<SellerCodSetting />);
    const box = await screen.findByRole('checkbox', { name: /Take cash on delivery/ });
    expect(box).toBeChecked();
    await userEvent.click(box);
    await waitFor(() => expect(box).not.toBeChecked());
    expect(sent).toEqual({ acceptsCod: false });
  });
});
