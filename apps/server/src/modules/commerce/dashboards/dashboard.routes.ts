import { Router } from 'express';
import { endpoints as api } from '@mp/shared';
import type { AppDeps } from '../../../context';
import { send } from '../../../lib/contract';
import { requireApprovedSeller, requireRole } from '../../../lib/session';
import { adminDashboard, sellerDashboard } from './dashboard.service';

/** Real figures for the admin and seller dashboards (decisions.md). */
export function createDashboardRouter({ db }: AppDeps): Router {
  const r = Router();

  r.get('/admin/dashboard', requireRole('admin'), async (_req, res) => {
    send(res, api.adminDashboard, { data: await adminDashboard(db) });
  });

  r.get('/seller/dashboard', requireApprovedSeller(db), async (req, res) => {
    send(res, api.sellerDashboard, { data: await sellerDashboard(db, req.sellerId!) });
  });

  return r;
}
