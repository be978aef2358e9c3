import { Router } from 'express';
import { endpoints as api } from '@mp/shared';
import type { AppDeps } from '../../../context';
import { send } from '../../../lib/contract';
import { parse } from '../../../lib/errors';
import { assertSelfOrAdmin, currentUser, requireAuth } from '../../../lib/session';
import { addToCart, getCart, removeCartItem, updateCartItem } from './cart.service';

/** Cart calls of spec section 7. The cart is always the session user's; body userId/discount are ignored. */
export function createCartRouter({ db }: AppDeps): Router {
  const r = Router();

  r.post('/shop/cart/add', requireAuth, async (req, res) => {
    const input = parse(api.addToCart.body.schema, req.body);
    const data = await addToCart(db, currentUser(req).id, input);
    send(res, api.addToCart, { message: 'Product added Successfully!', data });
  });

  r.get('/shop/cart/get/:userId', requireAuth, async (req, res) => {
    const { userId } = parse(api.getCart.params, req.params);
    assertSelfOrAdmin(req, userId);
    send(res, api.getCart, { data: await getCart(db, userId) });
  });

  r.put('/shop/cart/update-cart', requireAuth, async (req, res) => {
    const input = parse(api.updateCart.body.schema, req.body);
    const data = await updateCartItem(db, currentUser(req).id, input);
    send(res, api.updateCart, { message: 'Cart updated successfully!', data });
  });

  r.delete('/shop/cart/:userId/:productId', requireAuth, async (req, res) => {
    const { userId, productId } = parse(api.removeFromCart.params, req.params);
    assertSelfOrAdmin(req, userId);
    const data = await removeCartItem(db, userId, productId);
    send(res, api.removeFromCart, { message: 'Item removed from cart!', data });
  });

  return r;
}
