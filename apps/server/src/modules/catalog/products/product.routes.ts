import type { Request, Router } from 'express';
import { LIMITS, endpoints as api } from '@mp/shared';
import type { AppDeps } from '../../../context';
import { forbidden } from '../../../lib/errors';
import { dbRateLimit } from '../../../lib/rate-limit';
import { contractRouter, type Route } from '../../../lib/route';
import { currentUser } from '../../../lib/session';
import { singleFileUpload, storeImageUpload } from '../../../lib/upload';
import { sendRead } from '../catalog-reads';
import type { Actor, ProductService } from './product.service';

function sellerActor(req: Request): Actor {
  if (currentUser(req).role === 'admin' || !req.sellerId) return { role: 'admin' };
  return { role: 'seller', sellerId: req.sellerId };
}

/** A management list: every product, or one page of them when `page` is given. */
const pageOf = <Q extends { page?: number; limit?: number }>(q: Q) =>
  q.page ? (q.limit ?? LIMITS.pageSizeDefault) : undefined;

/** Admin: every product. */
function adminRoutes(route: Route, svc: ProductService) {
  route(api.adminAddProduct, async ({ body, reply }) => {
    reply({ message: 'Product added Successfully!', data: await svc.create(body, null) });
  });

  route(api.adminListProducts, async ({ query, reply }) => {
    reply(await svc.listForManagement({ ...query, sellerOrUserId: query.sellerId, limit: pageOf(query) }));
  });

  route(api.adminEditProduct, async ({ params, body, reply }) => {
    const data = await svc.update(params.id, body, { role: 'admin' });
    reply({ message: 'Product updated Successfully!', data });
  });

  route(api.adminDeleteProduct, async ({ params, reply }) => {
    await svc.remove(params.id, { role: 'admin' });
    reply({ message: 'Product deleted Successfully!' });
  });
}

/** Approved sellers: their own products only; sellerId always comes from the session. */
function sellerRoutes(route: Route, svc: ProductService) {
  route(api.sellerAddProduct, async ({ req, body, reply }) => {
    reply({ message: 'Product added Successfully!', data: await svc.create(body, req.sellerId!) });
  });

  route(api.sellerListProducts, async (call) => {
    const { sellerId } = call.params;
    const { req, user } = call;
    if (user.role !== 'admin' && sellerId !== req.sellerId && sellerId !== user.id) {
      throw forbidden('You can only list your own products');
    }
    const q = call.query;
    const page = await svc.listForManagement({
      ...q,
      sellerOrUserId: user.role === 'admin' ? sellerId : req.sellerId!,
      limit: pageOf(q),
    });
    call.reply(page);
  });

  route(api.sellerEditProduct, async ({ req, params, body, reply }) => {
    const data = await svc.update(params.id, body, sellerActor(req));
    reply({ message: 'Product updated Successfully!', data });
  });

  route(api.sellerDeleteProduct, async ({ req, params, reply }) => {
    await svc.remove(params.id, sellerActor(req));
    reply({ message: 'Product deleted Successfully!' });
  });
}

/**
 * Shop: public. The answers come ready as JSON from the catalogue reads (catalog-reads.ts), which the HTTP fast
 * lane of app.ts also answers with; concurrent misses share one query. Searches count per client address
 * (docs/security.md, "Rate limits").
 */
function shopRoutes(route: Route, deps: AppDeps) {
  const reads = deps.catalogReads;
  const searchLimiter = deps.searchLimit.middleware;
  route(api.listProducts, async ({ req, res }) => {
    sendRead(res, await reads.list(req.query));
  });

  route(api.getProduct, async ({ req, res }) => {
    sendRead(res, await reads.detail(req.params));
  });

  route(api.searchProducts, searchLimiter, async ({ req, res }) => {
    sendRead(res, await reads.search(req.params, req.query));
  });

  // The header search box's suggestions: cached like searches (they are one, plus names from constants).
  route(api.searchSuggest, searchLimiter, async ({ req, res }) => {
    sendRead(res, await reads.suggest(req.query));
  });
}

export function createProductRouter(deps: AppDeps): Router {
  const { db } = deps;
  const svc = deps.products;
  const { router, route } = contractRouter(db);
  adminRoutes(route, svc);
  // Product and banner images: the admin and approved sellers. The guard runs before the file is read.
  // the answer's result.url is the stored image; width, height and variants come from the image pipeline (docs/images.md).
  const imageUploadLimiter = dbRateLimit(db, 'image-upload', {
    windowMs: 60 * 60_000,
    limit: deps.config.imageUploadRateLimit,
    keyGenerator: (req) => currentUser(req).id,
    message: 'Too many image uploads. Please try again later.',
  });
  route(api.uploadProductImage, imageUploadLimiter, singleFileUpload, async ({ req, reply }) => {
    const result = await storeImageUpload(req, deps.storage, { folder: 'products' });
    reply({ message: 'Image uploaded', result });
  });
  sellerRoutes(route, svc);
  shopRoutes(route, deps);
  return router;
}
