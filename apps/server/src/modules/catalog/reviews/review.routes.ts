import { Router } from 'express';
import { idSchema, reviewInputSchema } from '@mp/shared';
import { z } from 'zod';
import type { AppDeps } from '../../../context';
import { parse } from '../../../lib/errors';
import { currentUser, requireAuth } from '../../../lib/session';
import { createReviewService } from './review.service';

export function createReviewRouter(deps: AppDeps): Router {
  const svc = createReviewService(deps.db, deps.changes);
  const r = Router();

  // userId and username come from the session; any in the body are ignored.
  r.post('/shop/review/add', requireAuth, async (req, res) => {
    const input = parse(reviewInputSchema, req.body);
    const user = currentUser(req);
    const { review, created } = await svc.upsert({ id: user.id, username: user.username }, input);
    res
      .status(created ? 201 : 200)
      .json({ success: true, message: 'Review Added Successfully!', data: review });
  });

  r.get('/shop/review/:productId', async (req, res) => {
    const { productId } = parse(z.object({ productId: idSchema }), req.params);
    res.json({ success: true, data: await svc.listForProduct(productId) });
  });

  return r;
}
