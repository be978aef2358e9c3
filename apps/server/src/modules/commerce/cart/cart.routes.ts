import { Router } from 'express';
import { z } from 'zod';
import { cartAddInputSchema, cartUpdateInputSchema, idSchema } from '@mp/shared';
import type { AppDeps } from '../../../context';
import { parse } from '../../../lib/errors';
import { assertSelfOrAdmin, currentUser, requireAuth } from '../../../lib/session';
import { addToCart, getCart, removeCartItem, updateCartItem } from './cart.service';

const userParams = z.object({ userId: idSchema });
const userProductParams = z.object({ userId: idSchema, productId: idSchema });

/** Cart calls of spec section 7. The cart is always the session user's; body userId/discount are ignored. */
export function createCartRouter({ db }: AppDeps): Router {
  const r = Router();

  r.post('/shop/cart/add', requireAuth, async (req, res) => {
    const input = parse(cartAddInputSchema, req.body);
    const data = await addToCart(db, currentUser(req).id, input);
    res.status(201).json({ success: true, message: 'Product added Successfully!', data });
  });

  r.get('/shop/cart/get/:userId', requireAuth, async (req, res) => {
    const { userId } = parse(userParams, req.params);
    assertSelfOrAdmin(req, userId);
    res.json({ success: true, data: await getCart(db, userId) });
  });

  r.put('/shop/cart/update-cart', requireAuth, async (req, res) => {
    const input = parse(cartUpdateInputSchema, req.body);
    const data = await updateCartItem(db, currentUser(req).id, input);
    res.json({ success: true, message: 'Cart updated successfully!', data });
  });

  r.delete('/shop/cart/:userId/:productId', requireAuth, async (req, res) => {
    const { userId, productId } = parse(userProductParams, req.params);
    assertSelfOrAdmin(req, userId);
    const data = await removeCartItem(db, userId, productId);
    res.json({ success: true, message: 'Item removed from cart!', data });
  });

  return r;
}
