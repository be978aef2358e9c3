import { Router } from 'express';
import type { AppDeps } from '../../../context';
import { requireApprovedSeller, requireRole } from '../../../lib/session';
import { adminDashboard, sellerDashboard } from './dashboard.service';

/** Real figures for the admin and seller dashboards (decisions.md). */
export function createDashboardRouter({ db }: AppDeps): Router {
  const r = Router();

  r.get('/admin/dashboard', requireRole('admin'), async (_req, res) => {
    res.json({ success: true, data: await adminDashboard(db) });
  });

  r.get('/seller/dashboard', requireApprovedSeller(db), async (req, res) => {
    res.json({ success: true, data: await sellerDashboard(db, req.sellerId!) });
  });

  return r;
}
