import { Router } from 'express';
import type { AppDeps } from '../../context';

/** Products (admin, seller, shop), images, banners, reviews, wishlist, home sections. Mounted at /api. */
export function createCatalogRouter(_deps: AppDeps): Router {
  return Router();
}
