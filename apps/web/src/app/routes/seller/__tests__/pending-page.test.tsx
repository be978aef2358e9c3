import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LIMITS } from '@mp/shared';
import { answer, server } from '../../../../testing/msw';
import { renderConsole, sellerRecord, sellerUser } from '../../../../features/console/test-utils';
import PendingPage from '../pending-page';

/** Answers the seller info with the records in turn (the last one repeats); records the emails asked for. */
function serveSellerInfo(...records: Parameters<typeof sellerRecord>[0][]) {
  const emails: (string | null)[] = [];
  server.use(
    answer('sellerInfo', ({ request }) => {
      emails.push(new URL(request.url).searchParams.get('email'));
      const seller = sellerRecord(records[Math.min(emails.length, records.length) - 1]);
      return { success: true, sellerinfo: seller, data: seller };
    }),
  );
  return emails;
}

async function tick(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

describe('Seller pending page', () => {
  beforeEach(() => {
    // fake timers that still follow the clock, so each request itself can complete
    vi.useFakeTimers({ shouldAdvanceTime: true });
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

  it('when the seller is pending, then shows the pending texts and polls the seller info every 5 s', async () => {
    const emails = serveSellerInfo({});
    renderPending();
    expect(screen.getByRole('heading', { name: 'Approval Pending' })).toBeInTheDocument();
    expect(screen.getByText('Your seller account is currently pending admin approval.')).toBeInTheDocument();
    expect(screen.getByText('Checking status every 5 seconds...')).toBeInTheDocument();

    await tick(LIMITS.sellerPollMs - 200);
    expect(emails).toHaveLength(0);
    await tick(200);
    await waitFor(() => expect(emails).toEqual(['asha@shop.test']));
    await tick(LIMITS.sellerPollMs);
    await waitFor(() => expect(emails).toHaveLength(2));
    expect(screen.getByRole('heading', { name: 'Approval Pending' })).toBeInTheDocument();
  });

  it('when a poll answers approved, then goes to /seller/dashboard and stops polling', async () => {
    const emails = serveSellerInfo({}, { approvalstatus: 'approved', isapproved: true });
    const { store } = renderPending();

    await tick(LIMITS.sellerPollMs);
    await waitFor(() => expect(emails).toHaveLength(1));
    expect(screen.getByRole('heading', { name: 'Approval Pending' })).toBeInTheDocument();
    await tick(LIMITS.sellerPollMs);
    expect(await screen.findByText('Seller dashboard page')).toBeInTheDocument();
    expect(store.getState().auth.seller?.isapproved).toBe(true);

    const calls = emails.length;
    await tick(LIMITS.sellerPollMs * 3);
    expect(emails).toHaveLength(calls);
  });

  it('when the seller was rejected, then it stays on pending and says the application was rejected', async () => {
    serveSellerInfo({ approvalstatus: 'rejected', isapproved: false });
    renderPending({ approvalstatus: 'rejected' });
    await tick(LIMITS.sellerPollMs * 2);
    expect(screen.getByRole('heading', { name: 'Approval Pending' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Your seller application was rejected');
    expect(screen.queryByText('Seller dashboard page')).not.toBeInTheDocument();
  });
});
