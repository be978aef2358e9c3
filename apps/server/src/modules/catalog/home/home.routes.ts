import type { Router } from 'express';
import { endpoints as api } from '@mp/shared';
import type { AppDeps } from '../../../context';
import { contractRouter } from '../../../lib/route';
import { sendRead } from '../catalog-reads';

export function createHomeRouter(deps: AppDeps): Router {
  const { router, route } = contractRouter(deps.db);
  route(api.home, async ({ res }) => {
    sendRead(res, await deps.catalogReads.home());
  });
  return router;
}
