import { Router } from 'express';
import type { AppDeps } from '../../context';
import { createBannerRouter } from './banners/banner.routes';
import { createBrandRouter } from './brands/brand.routes';
import { createHomeRouter } from './home/home.routes';
import { createImportRouter } from './import/import.routes';
import { createProductRouter } from './products/product.routes';
import { createReviewRouter } from './reviews/review.routes';
import { createWishlistRouter } from './wishlist/wishlist.routes';

/**
 * Products (admin, seller, shop), the sellers' bulk upload, images, banners, brands, reviews, wishlist, home
 * sections. Mounted at the root: the paths come from the endpoint table.
 */
export function createCatalogRouter(deps: AppDeps): Router {
  const r = Router();
  r.use(createProductRouter(deps));
  r.use(createImportRouter(deps));
  r.use(createHomeRouter(deps));
  r.use(createReviewRouter(deps));
  r.use(createWishlistRouter(deps));
  r.use(createBannerRouter(deps));
  r.use(createBrandRouter(deps));
  return r;
}
