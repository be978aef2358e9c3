/**
 * Seller notifications (docs/seo-and-email.md, "Seller notifications"): notifySeller for the events that tell a
 * seller something (in the event's transaction), and the seller's reads of them.
 */
export { notifySeller, notifySellers, type SellerNoticeEvent } from './notify-seller';
export {
  notifyLinesRefunded,
  notifyNewOrder,
  notifyOrderCancelled,
  notifyPayout,
  notifyRefundDebited,
} from './order-notices';
export { notifyLowStock } from './low-stock';
export { createNotifications, type Notifications } from './notifications.service';
export { createNotificationsRouter } from './notifications.routes';
