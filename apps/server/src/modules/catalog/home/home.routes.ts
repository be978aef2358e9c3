import { Router } from 'express';
import { endpoints as api } from '@mp/shared';
import type { AppDeps } from '../../../context';
import { send } from '../../../lib/contract';
import { homeSections, shownOnHome } from './home.service';

export function createHomeRouter(deps: AppDeps): Router {
  const r = Router();
  r.get('/shop/home', async (_req, res) => {
    const data = await homeSections(deps.db, deps.catalogCache);
    res.locals.catalogAnswer = { kind: 'set', ids: shownOnHome(data).map((p) => p._id) };
    send(res, api.home, { data });
  });
  return r;
}
