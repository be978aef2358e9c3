import type { Router } from 'express';
import { endpoints as api } from '@mp/shared';
import type { AppDeps } from '../../../context';
import { contractRouter } from '../../../lib/route';
import { adminDashboard, sellerDashboard } from './dashboard.service';

/** The admin and seller dashboards, figures read from the database (docs/money.md, "Dashboards"). */
export function createDashboardRouter({ db }: AppDeps): Router {
  const { router, route } = contractRouter(db);

  route(api.adminDashboard, async ({ reply }) => {
    reply({ data: await adminDashboard(db) });
  });

  route(api.sellerDashboard, async ({ req, reply }) => {
    reply({ data: await sellerDashboard(db, req.sellerId!) });
  });

  return router;
}
