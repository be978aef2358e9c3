import type { Router } from 'express';
import { endpoints as api } from '@mp/shared';
import type { AppDeps } from '../../context';
import { dbRateLimit } from '../../lib/rate-limit';
import { contractRouter } from '../../lib/route';
import { currentUser } from '../../lib/session';
import { singleFileUpload } from '../../lib/upload';

/** The public store page and the seller's store settings (docs/seo-and-email.md, "Store pages"). */
export function createStoreRouter(deps: AppDeps): Router {
  const { router, route } = contractRouter(deps.db);
  const { pages, settings } = deps.stores;

  route(api.getStore, async ({ params, reply }) => {
    reply({ data: await pages.page(params.slug) });
  });

  // the guard (an approved seller) sets req.sellerId
  route(api.sellerStore, async ({ req, reply }) => {
    reply({ data: await settings.settings(req.sellerId!) });
  });

  // counted with the product image uploads: one hourly limit per account
  const imageUploadLimiter = dbRateLimit(deps.db, 'image-upload', {
    windowMs: 60 * 60_000,
    limit: deps.config.imageUploadRateLimit,
    keyGenerator: (req) => currentUser(req).id,
    message: 'Too many image uploads. Please try again later.',
  });
  route(api.uploadStoreImage, imageUploadLimiter, singleFileUpload, async ({ req, params, reply }) => {
    const data = await settings.uploadImage(req, req.sellerId!, params.kind);
    reply({ message: params.kind === 'logo' ? 'Logo saved' : 'Banner saved', data });
  });

  route(api.removeStoreImage, async ({ req, params, reply }) => {
    const data = await settings.removeImage(req.sellerId!, params.kind);
    reply({ message: params.kind === 'logo' ? 'Logo removed' : 'Banner removed', data });
  });

  return router;
}
