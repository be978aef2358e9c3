import type { Router } from 'express';
import { endpoints as api } from '@mp/shared';
import type { AppDeps } from '../../../context';
import { contractRouter } from '../../../lib/route';
import { assertSelfOrAdmin } from '../../../lib/session';
import { createWishlistService } from './wishlist.service';

export function createWishlistRouter(deps: AppDeps): Router {
  const svc = createWishlistService(deps.db, deps.changes);
  const { router, route } = contractRouter(deps.db);

  // The entry is always the session user's; a userId in the body is ignored.
  route(api.addToWishlist, async ({ body, user, reply }) => {
    const { item, created } = await svc.add(user.id, body.productId);
    reply({ message: 'Added to wishlist', data: item }, created ? 201 : 200);
  });

  route(api.getWishlist, async ({ req, params, reply }) => {
    assertSelfOrAdmin(req, params.userId);
    reply({ data: await svc.list(params.userId) });
  });

  route(api.removeFromWishlist, async ({ req, params, reply }) => {
    const { userId, productId } = params;
    assertSelfOrAdmin(req, userId);
    reply({ message: 'Removed from wishlist', data: await svc.remove(userId, productId) });
  });

  return router;
}
