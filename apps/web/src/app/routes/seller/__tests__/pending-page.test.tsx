import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LIMITS } from '@mp/shared';
import { api } from '../../../../lib/api-client';
import { renderConsole, sellerRecord, sellerUser } from '../../../../features/admin/shared/test-utils';
import PendingPage from '../pending-page';

const answer = (over: Parameters<typeof sellerRecord>[0]) => ({
  data: { success: true, sellerinfo: sellerRecord(over) },
});

async function tick(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

describe('Seller pending page', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    localStorage.clear();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  function renderPending(over: Parameters<typeof sellerRecord>[0] = {}) {
    return renderConsole(<PendingPage />, {
      path: '/seller/pending',
      route: '/seller/pending',
      auth: { user: sellerUser(), seller: sellerRecord(over) },
    });
  }

  it('when the seller is pending, then shows the spec texts and polls the seller info every 5 s', async () => {
    const get = vi.spyOn(api, 'get').mockResolvedValue(answer({}));
    renderPending();
    expect(screen.getByRole('heading', { name: 'Approval Pending' })).toBeInTheDocument();
    expect(screen.getByText('Your seller account is currently pending admin approval.')).toBeInTheDocument();
    expect(screen.getByText('Checking status every 5 seconds...')).toBeInTheDocument();

    await tick(LIMITS.sellerPollMs - 100);
    expect(get).not.toHaveBeenCalled();
    await tick(100);
    expect(get).toHaveBeenCalledTimes(1);
    expect(get).toHaveBeenCalledWith('/api/auth/user/seller-info', { params: { email: 'asha@shop.test' } });
    await tick(LIMITS.sellerPollMs);
    expect(get).toHaveBeenCalledTimes(2);
    expect(screen.getByRole('heading', { name: 'Approval Pending' })).toBeInTheDocument();
  });

  it('when a poll answers approved, then goes to /seller/dashboard and stops polling', async () => {
    const get = vi
      .spyOn(api, 'get')
      .mockResolvedValueOnce(answer({}))
      .mockResolvedValue(answer({ approvalstatus: 'approved', isapproved: true }));
    const { store } = renderPending();

    await tick(LIMITS.sellerPollMs);
    expect(screen.getByRole('heading', { name: 'Approval Pending' })).toBeInTheDocument();
    await tick(LIMITS.sellerPollMs);
    expect(screen.getByText('Seller dashboard page')).toBeInTheDocument();
    expect(store.getState().auth.seller?.isapproved).toBe(true);

    const calls = get.mock.calls.length;
    await tick(LIMITS.sellerPollMs * 3);
    expect(get).toHaveBeenCalledTimes(calls);
  });

  it('when the seller was rejected, then it stays on pending and says the application was rejected', async () => {
    vi.spyOn(api, 'get').mockResolvedValue(answer({ approvalstatus: 'rejected', isapproved: false }));
    renderPending({ approvalstatus: 'rejected' });
    await tick(LIMITS.sellerPollMs * 2);
    expect(screen.getByRole('heading', { name: 'Approval Pending' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Your seller application was rejected');
    expect(screen.queryByText('Seller dashboard page')).not.toBeInTheDocument();
  });
});
