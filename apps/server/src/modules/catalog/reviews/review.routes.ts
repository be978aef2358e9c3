import { Router } from 'express';
import { endpoints as api } from '@mp/shared';
import type { AppDeps } from '../../../context';
import { send } from '../../../lib/contract';
import { parse } from '../../../lib/errors';
import { currentUser, requireAuth } from '../../../lib/session';
import { createReviewService } from './review.service';

export function createReviewRouter(deps: AppDeps): Router {
  const svc = createReviewService(deps.db, deps.changes);
  const r = Router();

  // userId and username come from the session; any in the body are ignored.
  r.post('/shop/review/add', requireAuth, async (req, res) => {
    const input = parse(api.addReview.body.schema, req.body);
    const user = currentUser(req);
    const { review, created } = await svc.upsert({ id: user.id, username: user.username }, input);
    send(res, api.addReview, { message: 'Review Added Successfully!', data: review }, created ? 201 : 200);
  });

  r.get('/shop/review/:productId', async (req, res) => {
    const { productId } = parse(api.listReviews.params, req.params);
    send(res, api.listReviews, { data: await svc.listForProduct(productId) });
  });

  return r;
}
