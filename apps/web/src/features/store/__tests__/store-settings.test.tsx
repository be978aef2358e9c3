/** The seller's Store screen (docs/seo-and-email.md, "Store pages"): name, address, logo upload, preview link. */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { StoreImageKind, StoreSettingsDto } from '@mp/shared';
import { answer, server } from '../../../testing/msw';
import { renderConsole } from '../../console/test-utils';
import { StoreSettings } from '../store-settings';

describe('store settings', () => {
  it('when the seller uploads a logo, then it is saved and shown, and the preview link opens the store page', async () => {
    let settings: StoreSettingsDto = {
      storeName: 'Banaras Silk House',
      slug: 'banaras-silk-house',
      logo: null,
      banner: null,
    };
    const uploaded: string[] = [];
    server.use(answer('sellerStore', () => ({ success: true, data: settings })));
    // the multipart call itself is the server's (stores.api.test.ts); here the screen around it
    const upload = async (kind: StoreImageKind) => {
      uploaded.push(kind);
      settings = { ...settings, logo: '/uploads/stores/logo.png' };
      return settings;
    };
    renderConsole(<StoreSettings upload={upload} />);
    expect(await screen.findByTestId('store-name')).toHaveTextContent('Banaras Silk House');
    expect(screen.getByText('/shop/store/banaras-silk-house')).toBeInTheDocument();
    expect(screen.getByTestId('store-preview')).toHaveAttribute('href', '/shop/store/banaras-silk-house');
    expect(screen.getByText(/Recommended 400 × 400 pixels/)).toBeInTheDocument();

    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'logo.png', { type: 'image/png' });
    await userEvent.upload(screen.getByLabelText('Logo'), file);
    await waitFor(() => expect(uploaded).toEqual(['logo']));
    expect(await screen.findByAltText('Uploaded image preview')).toBeInTheDocument();
  });
});
