/** The banner form on the form primitive: the shared schema's messages under the fields, busy while sent. */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../../lib/api-client';
import { answer, fieldRefusal, server } from '../../../testing/msw';
import { renderConsole } from '../../console/test-utils';
import { BannerManager } from '../components/banner-manager';

vi.mock('react-toastify', () => ({ toast: { success: vi.fn(), error: vi.fn(), warn: vi.fn() } }));

afterEach(() => vi.restoreAllMocks());

/** The page with a banner image uploaded (the upload answering at once). */
async function withImage() {
  vi.spyOn(api, 'post').mockResolvedValueOnce({
    data: { success: true, message: 'Stored', result: { url: '/uploads/banners/sale.png' } },
  });
  renderConsole(<BannerManager banners={[]} loading={false} />);
  await userEvent.upload(
    screen.getByLabelText('Banner image', { exact: true }),
    new File([new Uint8Array([137, 80, 78, 71])], 'sale.png', { type: 'image/png' }),
  );
  await waitFor(() => expect(screen.getByRole('button', { name: 'Upload Banner' })).toBeEnabled());
}

describe('Banner form', () => {
  it('when a button has no link or a link out of the shop, then the link field says so and nothing is sent', async () => {
    const sent = vi.fn();
    server.use(answer('addBanner', () => (sent(), fieldRefusal('VALIDATION_FAILED', 'ctaLink', 'no'))));
    await withImage();
    await userEvent.type(screen.getByLabelText('Button label'), 'Shop now');
    await userEvent.click(screen.getByRole('button', { name: 'Upload Banner' }));
    expect(await screen.findByText('A button needs a link')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/^Button link/), 'https://elsewhere.test');
    expect(
      await screen.findByText('Button link must be a path in the shop, like /shop/listing?category=men'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText(/^Button link/)).toHaveAttribute('aria-invalid', 'true');
    expect(sent).not.toHaveBeenCalled();
  });

  it('when sending, then Upload Banner is busy; a refused field shows its message under it', async () => {
    server.use(
      answer('addBanner', async () => {
        await delay(100);
        return fieldRefusal('VALIDATION_FAILED', 'title', 'Title must be at most 80 characters');
      }),
    );
    await withImage();
    await userEvent.type(screen.getByLabelText('Title'), 'Big Festive Sale');
    await userEvent.click(screen.getByRole('button', { name: 'Upload Banner' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Upload Banner' })).toBeDisabled());
    expect(await screen.findByText('Title must be at most 80 characters')).toBeInTheDocument();
  });
});
