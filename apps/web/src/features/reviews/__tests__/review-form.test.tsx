/** The review form on the form primitive: the shared schema's messages, the server's field errors, busy while sent. */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderConsole, sellerUser } from '../../console/test-utils';
import { answer, fieldRefusal, server } from '../../../testing/msw';
import { ReviewForm } from '../review-form';

vi.mock('react-toastify', () => ({ toast: { success: vi.fn(), error: vi.fn(), warn: vi.fn() } }));

afterEach(() => vi.clearAllMocks());

const PRODUCT = '3f0c1d4e-5a6b-4c7d-8e9f-000000000001';
const renderForm = () =>
  renderConsole(<ReviewForm productId={PRODUCT} />, { auth: { user: sellerUser({ role: 'user' }) } });

describe('Review form', () => {
  it('when sent without stars, then the rating says so under the stars and nothing is sent', async () => {
    const sent = vi.fn();
    server.use(
      answer('listReviews', { success: true, data: [] }),
      answer('addReview', () => (sent(), fieldRefusal('VALIDATION_FAILED', 'reviewVal', 'no'))),
    );
    renderForm();
    await userEvent.type(screen.getByLabelText('Your review'), 'Lovely');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Rating must be between 1 and 5')).toBeInTheDocument();
    expect(sent).not.toHaveBeenCalled();
  });

  it('when sending, then Submit is busy; when the server refuses the text, then its message shows under it', async () => {
    server.use(
      answer('listReviews', { success: true, data: [] }),
      answer('addReview', async () => {
        await delay(100);
        return fieldRefusal('VALIDATION_FAILED', 'reviewMessage', 'Review must be at most 2000 characters');
      }),
    );
    renderForm();
    await userEvent.click(screen.getByRole('radio', { name: '4 stars' }));
    await userEvent.type(screen.getByLabelText('Your review'), 'Lovely');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Submit' })).toBeDisabled());
    expect(await screen.findByText('Review must be at most 2000 characters')).toBeInTheDocument();
    expect(screen.getByLabelText('Your review')).toHaveAttribute('aria-invalid', 'true');
  });
});
