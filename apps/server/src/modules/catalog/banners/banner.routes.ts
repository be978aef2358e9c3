import { Router } from 'express';
import { endpoints as api } from '@mp/shared';
import type { AppDeps } from '../../../context';
import { send } from '../../../lib/contract';
import { parse } from '../../../lib/errors';
import { requireRole } from '../../../lib/session';

export function createBannerRouter(deps: AppDeps): Router {
  const svc = deps.banners;
  const r = Router();
  const adminOnly = requireRole('admin');

  r.post('/common/banner/add', adminOnly, async (req, res) => {
    const input = parse(api.addBanner.body.schema, req.body);
    send(res, api.addBanner, { message: 'Banner uploaded successfully!', data: await svc.add(input) });
  });

  r.get('/common/banner/get', async (_req, res) => {
    send(res, api.listBanners, { data: await svc.list() });
  });

  r.delete('/common/banner/delete/:id', adminOnly, async (req, res) => {
    const { id } = parse(api.deleteBanner.params, req.params);
    send(res, api.deleteBanner, { message: 'Banner deleted successfully!', data: await svc.remove(id) });
  });

  return r;
}
