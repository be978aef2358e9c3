import type { Router } from 'express';
import { endpoints as api } from '@mp/shared';
import type { AppDeps } from '../../../context';
import { contractRouter } from '../../../lib/route';
import { createReviewService } from './review.service';

export function createReviewRouter(deps: AppDeps): Router {
  const svc = createReviewService(deps.db, deps.changes);
  const { router, route } = contractRouter(deps.db);

  // userId and username come from the session; any in the body are ignored.
  route(api.addReview, async ({ body, user, reply }) => {
    const { review, created } = await svc.upsert({ id: user.id, username: user.username }, body);
    reply({ message: 'Review Added Successfully!', data: review }, created ? 201 : 200);
  });

  route(api.listReviews, async ({ params, reply }) => {
    reply({ data: await svc.listForProduct(params.productId) });
  });

  return router;
}
