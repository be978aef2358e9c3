import type { Router } from 'express';
import { endpoints as api } from '@mp/shared';
import type { AppDeps } from '../../../context';
import { contractRouter } from '../../../lib/route';
import { assertSelfOrAdmin } from '../../../lib/session';
import { addToCart, getCart, removeCartItem, updateCartItem } from './cart.service';
import { withCartCoupons } from '../coupons/coupon-pricing';

/** Cart calls. The cart is always the session user's; body userId/discount are ignored. */
export function createCartRouter({ db }: AppDeps): Router {
  const { router, route } = contractRouter(db);

  route(api.addToCart, async ({ body, user, reply }) => {
    const { cart, couponIds } = await addToCart(db, user.id, body);
    const data = await withCartCoupons(db, cart, couponIds);
    reply({ message: 'Product added Successfully!', data });
  });

  route(api.getCart, async ({ req, params, reply }) => {
    assertSelfOrAdmin(req, params.userId);
    const { cart, couponIds } = await getCart(db, params.userId);
    reply({ data: await withCartCoupons(db, cart, couponIds) });
  });

  route(api.updateCart, async ({ body, user, reply }) => {
    const { cart, couponIds } = await updateCartItem(db, user.id, body);
    const data = await withCartCoupons(db, cart, couponIds);
    reply({ message: 'Cart updated successfully!', data });
  });

  route(api.removeFromCart, async ({ req, params, reply }) => {
    const { userId, productId } = params;
    assertSelfOrAdmin(req, userId);
    const { cart, couponIds } = await removeCartItem(db, userId, productId);
    const data = await withCartCoupons(db, cart, couponIds);
    reply({ message: 'Item removed from cart!', data });
  });

  return router;
}
