import type { Router } from 'express';
import { endpoints as api } from '@mp/shared';
import type { AppDeps } from '../../../context';
import { contractRouter } from '../../../lib/route';
import { getCart } from '../cart/cart.service';
import { applyCartCoupon, couponLinesOf, removeCartCouponByCode } from './cart-coupons';
import { cartLinesForCoupons, withCartCoupons } from './coupon-pricing';
import { changeCoupon, createCoupon, listOwnCoupons, type CouponOwner } from './coupon.service';
import { activeOffers, forgetOffers } from './offers';

/** Coupons (docs/money.md, "Coupons"): the admin's and sellers' consoles, the cart's codes, the public offers. */
export function createCouponRouter({ db }: AppDeps): Router {
  const { router, route } = contractRouter(db);
  const admin: CouponOwner = { kind: 'admin' };
  const seller = (sellerId: string): CouponOwner => ({ kind: 'seller', sellerId });

  route(api.adminCreateCoupon, async ({ body, reply }) => {
    const data = await createCoupon(db, admin, body);
    forgetOffers(db);
    reply({ message: `Coupon ${data.code} created`, data }, 201);
  });
  route(api.adminListCoupons, async ({ reply }) => {
    reply({ data: await listOwnCoupons(db, admin) });
  });
  route(api.adminUpdateCoupon, async ({ params, body, reply }) => {
    const data = await changeCoupon(db, admin, params.id, body);
    forgetOffers(db);
    reply({ message: `Coupon ${data.code} saved`, data });
  });
  route(api.sellerCreateCoupon, async ({ req, body, reply }) => {
    const data = await createCoupon(db, seller(req.sellerId!), body);
    reply({ message: `Coupon ${data.code} created`, data }, 201);
  });
  route(api.sellerListCoupons, async ({ req, reply }) => {
    reply({ data: await listOwnCoupons(db, seller(req.sellerId!)) });
  });
  route(api.sellerUpdateCoupon, async ({ req, params, body, reply }) => {
    const data = await changeCoupon(db, seller(req.sellerId!), params.id, body);
    reply({ message: `Coupon ${data.code} saved`, data });
  });

  route(api.applyCoupon, async ({ body, user, reply }) => {
    const { cart } = await getCart(db, user.id);
    await applyCartCoupon(db, user.id, body.code, await couponLinesOf(db, cartLinesForCoupons(cart)));
    reply({ message: `${body.code} applied`, data: await withCartCoupons(db, cart) });
  });
  route(api.removeCoupon, async ({ params, user, reply }) => {
    await removeCartCouponByCode(db, user.id, params.code);
    const { cart, couponIds } = await getCart(db, user.id);
    reply({ message: `${params.code} removed`, data: await withCartCoupons(db, cart, couponIds) });
  });
  route(api.shopOffers, async ({ res, reply }) => {
    res.setHeader('Cache-Control', 'public, max-age=30');
    reply({ data: await activeOffers(db) });
  });

  return router;
}
