/** Seller Notifications: the list with read marks, and the low-stock threshold (docs/seo-and-email.md). */
import { LowStockSetting } from '../../../features/notifications/components/low-stock-setting';
import { NotificationList } from '../../../features/notifications/components/notification-list';
import { ConsolePage } from '../../../features/console/console-page';

export default function SellerNotificationsPage() {
  return (
    <ConsolePage title="Notifications – Seller" heading="Notifications">
      <NotificationList />
      <LowStockSetting />
    </ConsolePage>
  );
}
