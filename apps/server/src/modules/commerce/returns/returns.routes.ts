import type { Router } from 'express';
import { endpoints as api } from '@mp/shared';
import type { AppDeps } from '../../../context';
import { contractRouter } from '../../../lib/route';
import { dbRateLimit } from '../../../lib/rate-limit';
import { currentUser } from '../../../lib/session';
import { singleFileUpload, storeImageUpload } from '../../../lib/upload';

const DONE = {
  cancel: 'Return cancelled',
  dispute: 'Your objection is with our team',
  refundTo: 'Your refund is being paid to the new account',
  approve: 'Return approved',
  reject: 'Return rejected',
  received: 'Marked received; the shopper is refunded',
  refund: 'Refunded',
} as const;

/** Returns after delivery (docs/returns.md). Mounted at the root. */
export function createReturnsRouter({ db, returns, storage, config }: AppDeps): Router {
  const { router, route } = contractRouter(db);

  // a shopper's photos of a return, through the image pipeline (docs/images.md); the guard runs before the file is read
  const photoLimiter = dbRateLimit(db, 'return-photo', {
    windowMs: 60 * 60_000,
    limit: config.imageUploadRateLimit,
    keyGenerator: (req) => currentUser(req).id,
    message: 'Too many photos uploaded. Please try again later.',
  });
  route(api.uploadReturnPhoto, photoLimiter, singleFileUpload, async ({ req, reply }) => {
    reply(
      { message: 'Photo uploaded', result: await storeImageUpload(req, storage, { folder: 'returns' }) },
      201,
    );
  });

  route(api.requestReturn, async ({ user, body, reply }) => {
    const data = await returns.request(user.id, body);
    reply({ message: data.length > 1 ? `${data.length} returns requested` : 'Return requested', data }, 201);
  });

  route(api.shopReturns, async ({ user, query, reply }) => {
    reply(await returns.listOfShopper(user.id, query));
  });

  route(api.updateShopReturn, async ({ user, params, body, reply }) => {
    reply({ message: DONE[body.action], data: await returns.shopperAction(user.id, params.returnId, body) });
  });

  route(api.sellerReturns, async ({ req, query, reply }) => {
    reply(await returns.listOfSeller(req.sellerId!, query));
  });

  route(api.decideSellerReturn, async ({ req, user, params, body, reply }) => {
    const data = await returns.sellerAction(
      { sellerId: req.sellerId!, userId: user.id },
      params.returnId,
      body,
    );
    reply({ message: DONE[body.action], data });
  });

  route(api.adminReturns, async ({ query, reply }) => {
    reply(await returns.listAll(query));
  });

  route(api.decideAdminReturn, async ({ user, params, body, reply }) => {
    reply({ message: DONE[body.action], data: await returns.adminAction(user.id, params.returnId, body) });
  });

  return router;
}
