import type { Router } from 'express';
import { endpoints as api } from '@mp/shared';
import type { AppDeps } from '../../../context';
import { contractRouter } from '../../../lib/route';

export function createBannerRouter(deps: AppDeps): Router {
  const svc = deps.banners;
  const { router, route } = contractRouter(deps.db);

  route(api.addBanner, async ({ body, reply }) => {
    reply({ message: 'Banner uploaded successfully!', data: await svc.add(body) });
  });

  route(api.listBanners, async ({ reply }) => {
    reply({ data: await svc.list() });
  });

  route(api.deleteBanner, async ({ params, reply }) => {
    reply({ message: 'Banner deleted successfully!', data: await svc.remove(params.id) });
  });

  return router;
}
