import { Router, type Request } from 'express';
import { LIMITS, endpoints as api } from '@mp/shared';
import type { AppDeps } from '../../../context';
import { send } from '../../../lib/contract';
import { forbidden, parse } from '../../../lib/errors';
import { dbRateLimit } from '../../../lib/rate-limit';
import { currentUser, requireApprovedSeller, requireRole } from '../../../lib/session';
import { singleFileUpload, storeImageUpload } from '../../../lib/upload';
import { sendRead } from '../catalog-reads';
import { createProductService, type Actor } from './product.service';

function sellerActor(req: Request): Actor {
  if (currentUser(req).role === 'admin' || !req.sellerId) return { role: 'admin' };
  return { role: 'seller', sellerId: req.sellerId };
}

export function createProductRouter(deps: AppDeps): Router {
  const { db } = deps;
  const svc = createProductService(deps);
  const reads = deps.catalogReads;
  const r = Router();
  const adminOnly = requireRole('admin');
  const approvedSeller = requireApprovedSeller(db);
  const sellerOrAdmin = requireApprovedSeller(db, { allowAdmin: true });
  // searches per client address, image uploads per user (docs/security.md, "Rate limits")
  const searchLimiter = deps.searchLimit.middleware;
  const imageUploadLimiter = dbRateLimit(db, 'image-upload', {
    windowMs: 60 * 60_000,
    limit: deps.config.imageUploadRateLimit,
    keyGenerator: (req) => currentUser(req).id,
    message: 'Too many image uploads. Please try again later.',
  });

  // Admin: every product.
  r.post('/admin/products/add', adminOnly, async (req, res) => {
    const input = parse(api.adminAddProduct.body.schema, req.body);
    const data = await svc.create(input, null);
    send(res, api.adminAddProduct, { message: 'Product added Successfully!', data });
  });

  r.get('/admin/products/get', adminOnly, async (req, res) => {
    const q = parse(api.adminListProducts.query, req.query);
    const page = await svc.listForManagement({
      ...q,
      sellerOrUserId: q.sellerId,
      limit: q.page ? (q.limit ?? LIMITS.pageSizeDefault) : undefined,
    });
    send(res, api.adminListProducts, page);
  });

  r.put('/admin/products/edit/:id', adminOnly, async (req, res) => {
    const { id } = parse(api.adminEditProduct.params, req.params);
    const input = parse(api.adminEditProduct.body.schema, req.body);
    const data = await svc.update(id, input, { role: 'admin' });
    send(res, api.adminEditProduct, { message: 'Product updated Successfully!', data });
  });

  r.delete('/admin/products/delete/:id', adminOnly, async (req, res) => {
    const { id } = parse(api.adminDeleteProduct.params, req.params);
    await svc.remove(id, { role: 'admin' });
    send(res, api.adminDeleteProduct, { message: 'Product deleted Successfully!' });
  });

  // Product and banner images: the admin and approved sellers. The role check runs before the file is read.
  // result.url is the spec's field; width, height and variants come from the image pipeline (docs/images.md).
  r.post(
    '/admin/products/upload-image',
    sellerOrAdmin,
    imageUploadLimiter,
    singleFileUpload,
    async (req, res) => {
      const result = await storeImageUpload(req, deps.storage, { folder: 'products' });
      send(res, api.uploadProductImage, { message: 'Image uploaded', result });
    },
  );

  // Approved sellers: their own products only; sellerId always comes from the session.
  r.post('/seller/products/add', approvedSeller, async (req, res) => {
    const input = parse(api.sellerAddProduct.body.schema, req.body);
    const data = await svc.create(input, req.sellerId!);
    send(res, api.sellerAddProduct, { message: 'Product added Successfully!', data });
  });

  r.get('/seller/products/get/:sellerId', sellerOrAdmin, async (req, res) => {
    const { sellerId } = parse(api.sellerListProducts.params, req.params);
    const user = currentUser(req);
    if (user.role !== 'admin' && sellerId !== req.sellerId && sellerId !== user.id) {
      throw forbidden('You can only list your own products');
    }
    const q = parse(api.sellerListProducts.query, req.query);
    const page = await svc.listForManagement({
      ...q,
      sellerOrUserId: user.role === 'admin' ? sellerId : req.sellerId!,
      limit: q.page ? (q.limit ?? LIMITS.pageSizeDefault) : undefined,
    });
    send(res, api.sellerListProducts, page);
  });

  r.put('/seller/products/edit/:id', approvedSeller, async (req, res) => {
    const { id } = parse(api.sellerEditProduct.params, req.params);
    const input = parse(api.sellerEditProduct.body.schema, req.body);
    const data = await svc.update(id, input, sellerActor(req));
    send(res, api.sellerEditProduct, { message: 'Product updated Successfully!', data });
  });

  r.delete('/seller/products/delete/:id', approvedSeller, async (req, res) => {
    const { id } = parse(api.sellerDeleteProduct.params, req.params);
    await svc.remove(id, sellerActor(req));
    send(res, api.sellerDeleteProduct, { message: 'Product deleted Successfully!' });
  });

  // Shop: public. The answers come ready as JSON from the catalogue reads (catalog-reads.ts), which the HTTP
  // fast lane of app.ts also answers with; concurrent misses share one query.
  r.get('/shop/products/get', async (req, res) => {
    sendRead(res, await reads.list(req.query));
  });

  r.get('/shop/products/get/:id', async (req, res) => {
    sendRead(res, await reads.detail(req.params));
  });

  r.get('/shop/product/search/search-product/:keyword', searchLimiter, async (req, res) => {
    sendRead(res, await reads.search(req.params, req.query));
  });

  // The header search box's suggestions: cached like searches (they are one, plus names from constants).
  r.get('/shop/search/suggest', searchLimiter, async (req, res) => {
    sendRead(res, await reads.suggest(req.query));
  });

  return r;
}
