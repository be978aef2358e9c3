import { Router } from 'express';
import { idSchema, wishlistInputSchema } from '@mp/shared';
import { z } from 'zod';
import type { AppDeps } from '../../../context';
import { parse } from '../../../lib/errors';
import { assertSelfOrAdmin, currentUser, requireAuth } from '../../../lib/session';
import { createWishlistService } from './wishlist.service';

const userParamsSchema = z.object({ userId: idSchema });
const itemParamsSchema = z.object({ userId: idSchema, productId: idSchema });

export function createWishlistRouter(deps: AppDeps): Router {
  const svc = createWishlistService(deps.db, deps.changes);
  const r = Router();

  // The entry is always the session user's; a userId in the body is ignored.
  r.post('/shop/account/wishlist/add', requireAuth, async (req, res) => {
    const { productId } = parse(wishlistInputSchema, req.body);
    const { item, created } = await svc.add(currentUser(req).id, productId);
    res.status(created ? 201 : 200).json({ success: true, message: 'Added to wishlist', data: item });
  });

  r.get('/shop/account/wishlist/get/:userId', requireAuth, async (req, res) => {
    const { userId } = parse(userParamsSchema, req.params);
    assertSelfOrAdmin(req, userId);
    res.json({ success: true, data: await svc.list(userId) });
  });

  r.delete('/shop/account/wishlist/:userId/:productId', requireAuth, async (req, res) => {
    const { userId, productId } = parse(itemParamsSchema, req.params);
    assertSelfOrAdmin(req, userId);
    const data = await svc.remove(userId, productId);
    res.json({ success: true, message: 'Removed from wishlist', data });
  });

  return r;
}
