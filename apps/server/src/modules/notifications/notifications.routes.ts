import type { Router } from 'express';
import { endpoints as api } from '@mp/shared';
import type { AppDeps } from '../../context';
import { contractRouter } from '../../lib/route';

/** A seller's notifications and their settings (docs/seo-and-email.md, "Seller notifications"). At the root. */
export function createNotificationsRouter({ db, notifications }: AppDeps): Router {
  const { router, route } = contractRouter(db);

  route(api.sellerNotifications, async ({ req, query, reply }) => {
    reply(await notifications.list(req.sellerId!, query.page, query.limit));
  });

  route(api.sellerNotificationsReadAll, async ({ req, reply }) => {
    reply({ message: 'All notifications marked read', ...(await notifications.markAllRead(req.sellerId!)) });
  });

  route(api.sellerNotificationRead, async ({ req, params, reply }) => {
    reply(await notifications.markRead(req.sellerId!, params.id));
  });

  route(api.sellerNotificationSettings, async ({ req, reply }) => {
    reply({ data: await notifications.settingsOf(req.sellerId!) });
  });

  route(api.updateSellerNotificationSettings, async ({ req, body, reply }) => {
    const data = await notifications.saveSettings(req.sellerId!, body);
    reply({
      message: data.lowStockThreshold
        ? `You will be told when a product's stock falls to ${data.lowStockThreshold}`
        : 'Low-stock notices are off',
      data,
    });
  });

  return router;
}
