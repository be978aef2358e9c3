/**
 * The bell in the seller console's top bar: the unread count, asked every minute and when the window regains focus
 * (docs/seo-and-email.md, "Seller notifications"); a link to the Notifications screen.
 */
import { Link } from 'react-router-dom';
import { BellIcon } from '../../console/icons';
import { FIRST_PAGE, NOTIFICATIONS_POLL_MS, useSellerNotificationsQuery } from '../notifications-api';

export function NotificationBell() {
  const { data } = useSellerNotificationsQuery(FIRST_PAGE, {
    pollingInterval: NOTIFICATIONS_POLL_MS,
    refetchOnFocus: true,
    skipPollingIfUnfocused: true,
  });
  const unread = data?.unread ?? 0;
  return (
    <Link
      to="/seller/notifications"
      aria-label={unread ? `Notifications, ${unread} unread` : 'Notifications'}
      data-testid="notification-bell"
      className="relative inline-flex h-10 w-10 items-center justify-center rounded-lg text-gray-700 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
    >
      <BellIcon />
      {unread > 0 && (
        <span
          aria-hidden
          data-testid="notification-count"
          className="absolute -right-0.5 -top-0.5 inline-flex min-w-5 items-center justify-center rounded-full bg-red-600 px-1 text-xs font-semibold text-white"
        >
          {unread > 99 ? '99+' : unread}
        </span>
      )}
    </Link>
  );
}
