import type { Router } from 'express';
import { endpoints as api } from '@mp/shared';
import type { AppDeps } from '../../../context';
import { contractRouter } from '../../../lib/route';

/** GET /api/shop/brands (public) and the admin's brand list, add and change. */
export function createBrandRouter(deps: AppDeps): Router {
  const svc = deps.brands;
  const { router, route } = contractRouter(deps.db);

  // kept in memory until a brand changes; browsers revalidate with the ETag like other shop reads
  route(api.listBrands, async ({ reply }) => {
    reply({ data: await svc.shopList() });
  });

  route(api.adminListBrands, async ({ reply }) => {
    reply({ data: await svc.listForAdmin() });
  });

  route(api.addBrand, async ({ body, reply }) => {
    reply({ message: 'Brand added', data: await svc.add(body.label) });
  });

  route(api.updateBrand, async ({ params, body, reply }) => {
    const { data, affected } = await svc.update(params.brandId, body);
    reply({ message: 'Brand updated', data, affected });
  });

  return router;
}
