import { Router, type Request, type Response } from 'express';
import { LIMITS, endpoints as api, type ProductDto } from '@mp/shared';
import type { AppDeps } from '../../../context';
import { answerBody, send } from '../../../lib/contract';
import { forbidden, parse } from '../../../lib/errors';
import { currentUser, requireApprovedSeller, requireRole } from '../../../lib/session';
import { singleFileUpload, storeImageUpload } from '../../../lib/upload';
import type { EntryKind } from '../catalog-cache';
import { createProductService, type Actor } from './product.service';

// Catalogue writes and stock changes drop the cached answers they touch at once (catalog-cache.ts); the TTL only
// bounds ranking drift and what a change nobody published (a manual SQL fix) can leave stale.
const LIST_TTL_MS = 30_000;
const DETAIL_TTL_MS = 30_000;
const SEARCH_TTL_MS = 30_000;

/** A cached answer's body plus what it shows, so the HTTP micro-cache can drop it on the same changes. */
interface Answer {
  body: string;
  shown: ProductDto[];
}
const answer = (body: object, shown: ProductDto[]): Answer => ({ body: JSON.stringify(body), shown });
const shownBy = (a: Answer) => a.shown;

function sendCached(res: Response, kind: EntryKind, a: Answer) {
  res.locals.catalogAnswer = { kind, ids: a.shown.map((p) => p._id) };
  res.type('application/json').send(a.body);
}

function sellerActor(req: Request): Actor {
  if (currentUser(req).role === 'admin' || !req.sellerId) return { role: 'admin' };
  return { role: 'seller', sellerId: req.sellerId };
}

export function createProductRouter(deps: AppDeps): Router {
  const { db } = deps;
  const svc = createProductService(deps);
  const cache = deps.catalogCache;
  const r = Router();
  const adminOnly = requireRole('admin');
  const approvedSeller = requireApprovedSeller(db);
  const sellerOrAdmin = requireApprovedSeller(db, { allowAdmin: true });

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
  r.post('/admin/products/upload-image', sellerOrAdmin, singleFileUpload, async (req, res) => {
    const result = await storeImageUpload(req, deps.storage, { folder: 'products' });
    send(res, api.uploadProductImage, { message: 'Image uploaded', result });
  });

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

  // Shop: public.
  // Listing, detail and search answers are cached as ready JSON; concurrent misses share one query.
  r.get('/shop/products/get', async (req, res) => {
    const q = parse(api.listProducts.query, req.query);
    const key = `list:${[...new Set(q.category)].sort().join(',')}|${[...new Set(q.brand)].sort().join(',')}|${q.sortBy ?? ''}|${q.page}|${q.limit}`;
    const a = await cache.get(
      key,
      LIST_TTL_MS,
      async () => {
        const page = await svc.list(q);
        return answer(answerBody(api.listProducts, page), page.data);
      },
      { kind: 'set', products: shownBy },
    );
    sendCached(res, 'set', a);
  });

  r.get('/shop/products/get/:id', async (req, res) => {
    const { id } = parse(api.getProduct.params, req.params);
    const a = await cache.get(
      `detail:${id}`,
      DETAIL_TTL_MS,
      async () => {
        const data = await svc.detail(id);
        return answer(answerBody(api.getProduct, { data }), [data]);
      },
      { kind: 'item', products: shownBy },
    );
    sendCached(res, 'item', a);
  });

  r.get('/shop/product/search/search-product/:keyword', async (req, res) => {
    const { keyword } = parse(api.searchProducts.params, req.params);
    const { page, limit } = parse(api.searchProducts.query, req.query);
    const key = `search:${keyword.toLowerCase().replace(/\s+/g, ' ')}|${page}|${limit}`;
    const a = await cache.get(
      key,
      SEARCH_TTL_MS,
      async () => {
        const data = await svc.search(keyword, page, limit);
        return answer(answerBody(api.searchProducts, { data }), data);
      },
      { kind: 'set', products: shownBy },
    );
    sendCached(res, 'set', a);
  });

  return r;
}
