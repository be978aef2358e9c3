import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Answer } from '@mp/shared';
import { answer, fail, server } from '../../../testing/msw';
import { renderConsole } from '../../console/test-utils';
import { NotificationBell } from '../components/notification-bell';
import { NotificationList } from '../components/notification-list';

vi.mock('react-toastify', () => ({ toast: { success: vi.fn(), error: vi.fn(), warn: vi.fn() } }));

type Notice = Answer<'sellerNotifications'>['data'][number];
const cancelled: Notice = {
  id: '11111111-1111-4111-8111-111111111111',
  kind: 'order_cancelled',
  title: 'Order HM-100042 cancelled by the shopper',
  body: 'Do not ship 1 item; the shopper is refunded ₹1,299 for them.',
  link: '/seller/orders',
  read: false,
  createdAt: '2026-01-02T10:00:00.000Z',
};
const payout: Notice = {
  id: '22222222-2222-4222-8222-222222222222',
  kind: 'payout_made',
  title: 'Payout of ₹500 sent',
  body: 'Transfer reference NEFT-1.',
  link: '/seller/earnings',
  read: true,
  createdAt: '2026-01-01T10:00:00.000Z',
};
const page = (data: Notice[]): Answer<'sellerNotifications'> => ({
  success: true,
  data,
  unread: data.filter((n) => !n.read).length,
  pagination: { page: 1, limit: 20, total: data.length, pages: data.length ? 1 : 0 },
});

describe('seller notifications', () => {
  it('when there are unread notices, then the bell shows the count and the list marks them; mark all read asks the server', async () => {
    let notices = [cancelled, payout];
    server.use(
      answer('sellerNotifications', () => page(notices)),
      answer('sellerNotificationsReadAll', () => {
        notices = notices.map((n) => ({ ...n, read: true }));
        return { success: true, message: 'All notifications marked read', unread: 0 };
      }),
    );
    renderConsole(
      <>
        <NotificationBell />
        <NotificationList />
      </>,
    );
    expect(await screen.findByTestId('notification-count')).toHaveTextContent('1');
    expect(screen.getByRole('link', { name: 'Notifications, 1 unread' })).toBeInTheDocument();
    const items = await screen.findAllByTestId('notification');
    expect(items[0]).toHaveAttribute('data-read', 'false');
    expect(
      within(items[0]!).getByRole('link', { name: /cancelled by the shopper \(unread\)/ }),
    ).toHaveAttribute('href', '/seller/orders');
    expect(items[0]).toHaveTextContent('refunded ₹1,299');
    await userEvent.click(screen.getByRole('button', { name: 'Mark all read' }));
    await waitFor(() => expect(screen.queryByTestId('notification-count')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Mark all read' })).toBeDisabled();
  });

  it('when there are none, then the empty state says what will show; a failure offers a retry', async () => {
    server.use(answer('sellerNotifications', page([])));
    const { unmount } = renderConsole(<NotificationList />);
    expect(await screen.findByText('No notifications yet')).toBeInTheDocument();
    unmount();
    server.use(fail('sellerNotifications', 500, { message: 'Server unavailable', code: 'INTERNAL' }));
    renderConsole(<NotificationList />);
    expect(await screen.findByText('Notifications could not be loaded')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
