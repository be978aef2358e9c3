import { Router } from 'express';
import type { AppDeps } from '../../../context';
import { homeSections, shownOnHome } from './home.service';

export function createHomeRouter(deps: AppDeps): Router {
  const r = Router();
  r.get('/shop/home', async (_req, res) => {
    const data = await homeSections(deps.db, deps.catalogCache);
    res.locals.catalogAnswer = { kind: 'set', ids: shownOnHome(data).map((p) => p._id) };
    res.json({ success: true, data });
  });
  return r;
}
