/**
 * The seller's Notifications screen (docs/seo-and-email.md, "Seller notifications"): newest first, unread ones
 * marked, each a link to where it happened (opening it marks it read), "Mark all read", pages; loading, empty and
 * error states.
 */
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Badge, Button, EmptyState, LoadingRegion, Skeleton, cn, LoadFailed } from '../../../components/ui';
import { toApiError } from '../../../lib/api';
import { formatDate } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { BellIcon } from '../../console/icons';
import {
  FIRST_PAGE,
  useMarkAllNotificationsReadMutation,
  useMarkNotificationReadMutation,
  useSellerNotificationsQuery,
  type SellerNotification,
} from '../notifications-api';

const PAGE = FIRST_PAGE.limit;

function NotificationItem({ n }: { n: SellerNotification }) {
  const [markRead] = useMarkNotificationReadMutation();
  return (
    <li
      className={cn('flex items-start gap-3 px-4 py-3', !n.read && 'bg-brand-50/60')}
      data-testid="notification"
      data-read={n.read}
    >
      <span
        aria-hidden
        className={cn('mt-2 h-2 w-2 shrink-0 rounded-full', n.read ? 'bg-transparent' : 'bg-brand-600')}
      />
      <div className="min-w-0 flex-1">
        <Link
          to={n.link}
          onClick={() => !n.read && void markRead(n.id)}
          className={cn(
            'text-sm text-gray-900 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600',
            !n.read && 'font-semibold',
          )}
        >
          {n.title}
          {!n.read && <span className="sr-only"> (unread)</span>}
        </Link>
        <p className="text-sm text-gray-700">{n.body}</p>
        <p className="text-xs text-gray-500">{formatDate(n.createdAt, true)}</p>
      </div>
      {!n.read && (
        <Button variant="ghost" size="sm" onClick={() => void markRead(n.id)}>
          Mark read
        </Button>
      )}
    </li>
  );
}

export function NotificationList() {
  const [page, setPage] = useState(1);
  const { data, error, isLoading, isFetching, refetch } = useSellerNotificationsQuery(
    page === 1 ? FIRST_PAGE : { page, limit: PAGE },
  );
  const [markAll, { isLoading: markingAll }] = useMarkAllNotificationsReadMutation();

  async function readAll() {
    try {
      toast.success((await markAll().unwrap()).message);
    } catch (err) {
      toast.error(toApiError(err).message);
    }
  }

  if (isLoading) {
    return (
      <LoadingRegion label="Loading notifications…" className="flex flex-col gap-2" repeat={4}>
        <Skeleton className="h-16" />
      </LoadingRegion>
    );
  }
  if (error || !data) {
    return (
      <LoadFailed title="Notifications could not be loaded" error={error} onRetry={() => void refetch()} />
    );
  }
  if (data.data.length === 0) {
    return (
      <EmptyState
        icon={<BellIcon className="h-10 w-10" />}
        title="No notifications yet"
        description="New orders, cancellations, refunds, payouts and low stock will show here and reach you by e-mail."
      />
    );
  }
  const { pages } = data.pagination;
  return (
    <section
      aria-labelledby="notification-list-heading"
      className="rounded-xl border border-gray-200 bg-white shadow-sm"
    >
      <div className="flex flex-wrap items-center justify-between gap-2 border-b border-gray-200 px-4 py-3">
        <h2
          id="notification-list-heading"
          className="flex items-center gap-2 text-lg font-semibold text-gray-900"
        >
          All notifications
          {data.unread > 0 && <Badge tone="brand">{data.unread} unread</Badge>}
        </h2>
        <Button
          variant="outline"
          size="sm"
          onClick={() => void readAll()}
          loading={markingAll}
          disabled={!data.unread}
        >
          Mark all read
        </Button>
      </div>
      <ul className={cn('divide-y divide-gray-100', isFetching && 'opacity-70')} aria-busy={isFetching}>
        {data.data.map((n) => (
          <NotificationItem key={n.id} n={n} />
        ))}
      </ul>
      {pages > 1 && (
        <nav aria-label="Notification pages" className="flex items-center justify-between px-4 py-3 text-sm">
          <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
            Newer
          </Button>
          <span className="text-gray-600">
            Page {page} of {pages}
          </span>
          <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
            Older
          </Button>
        </nav>
      )}
    </section>
  );
}
