import { Router } from 'express';
import type { AppDeps } from '../../../context';
import { homeSections } from './home.service';

export function createHomeRouter(deps: AppDeps): Router {
  const r = Router();
  r.get('/shop/home', async (_req, res) => {
    res.json({ success: true, data: await homeSections(deps.db) });
  });
  return r;
}
