import { Router } from 'express';
import { endpoints as api } from '@mp/shared';
import type { AppDeps } from '../../../context';
import { send } from '../../../lib/contract';
import { parse } from '../../../lib/errors';
import { assertSelfOrAdmin, currentUser, requireAuth } from '../../../lib/session';
import { createWishlistService } from './wishlist.service';

export function createWishlistRouter(deps: AppDeps): Router {
  const svc = createWishlistService(deps.db, deps.changes);
  const r = Router();

  // The entry is always the session user's; a userId in the body is ignored.
  r.post('/shop/account/wishlist/add', requireAuth, async (req, res) => {
    const { productId } = parse(api.addToWishlist.body.schema, req.body);
    const { item, created } = await svc.add(currentUser(req).id, productId);
    send(res, api.addToWishlist, { message: 'Added to wishlist', data: item }, created ? 201 : 200);
  });

  r.get('/shop/account/wishlist/get/:userId', requireAuth, async (req, res) => {
    const { userId } = parse(api.getWishlist.params, req.params);
    assertSelfOrAdmin(req, userId);
    send(res, api.getWishlist, { data: await svc.list(userId) });
  });

  r.delete('/shop/account/wishlist/:userId/:productId', requireAuth, async (req, res) => {
    const { userId, productId } = parse(api.removeFromWishlist.params, req.params);
    assertSelfOrAdmin(req, userId);
    const data = await svc.remove(userId, productId);
    send(res, api.removeFromWishlist, { message: 'Removed from wishlist', data });
  });

  return r;
}
