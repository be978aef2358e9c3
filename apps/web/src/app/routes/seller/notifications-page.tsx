/** Seller Notifications: the list with read marks, and the low-stock threshold (docs/seo-and-email.md). */
import { LowStockSetting } from '../../../features/notifications/components/low-stock-setting';
import { NotificationList } from '../../../features/notifications/components/notification-list';
import { useDocumentTitle } from '../../../lib/use-document-title';

export default function SellerNotificationsPage() {
  useDocumentTitle('Notifications – Seller');
  return (
    <section aria-labelledby="notifications-heading" className="flex flex-col gap-6">
      <h1 id="notifications-heading" className="text-2xl font-bold tracking-tight text-gray-900">
        Notifications
      </h1>
      <NotificationList />
      <LowStockSetting />
    </section>
  );
}
