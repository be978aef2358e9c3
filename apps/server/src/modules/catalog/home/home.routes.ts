import { Router } from 'express';
import type { AppDeps } from '../../../context';
import { sendRead } from '../catalog-reads';

export function createHomeRouter(deps: AppDeps): Router {
  const r = Router();
  r.get('/shop/home', async (_req, res) => {
    sendRead(res, await deps.catalogReads.home());
  });
  return r;
}
