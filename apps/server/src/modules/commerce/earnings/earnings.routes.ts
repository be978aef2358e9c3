import { Router } from 'express';
import { endpoints as api, formatINR } from '@mp/shared';
import type { AppDeps } from '../../../context';
import { send } from '../../../lib/contract';
import { parse } from '../../../lib/errors';
import { currentUser, requireApprovedSeller, requireRole } from '../../../lib/session';

/** Seller earnings, commission rates and payouts (docs/money.md, "Seller earnings"). Mounted at /api. */
export function createEarningsRouter({ db, earnings }: AppDeps): Router {
  const r = Router();

  r.get('/seller/earnings', requireApprovedSeller(db), async (req, res) => {
    const q = parse(api.sellerEarnings.query, req.query);
    send(res, api.sellerEarnings, await earnings.statementOf(req.sellerId!, q.page, q.limit));
  });

  r.get('/admin/seller-accounts', requireRole('admin'), async (_req, res) => {
    send(res, api.adminSellerAccounts, { data: await earnings.accounts() });
  });

  r.put('/admin/sellers/:sellerId/commission', requireRole('admin'), async (req, res) => {
    const { sellerId } = parse(api.adminSetCommission.params, req.params);
    const { percent } = parse(api.adminSetCommission.body.schema, req.body);
    const data = await earnings.setCommission(sellerId, percent);
    send(res, api.adminSetCommission, {
      message:
        percent === null
          ? `${data.storename} now pays the platform rate (${data.commissionPercent}%)`
          : `${data.storename} now pays ${data.commissionPercent}% commission`,
      data,
    });
  });

  r.get('/admin/payouts', requireRole('admin'), async (req, res) => {
    const q = parse(api.adminPayouts.query, req.query);
    send(res, api.adminPayouts, await earnings.listPayouts(q));
  });

  r.post('/admin/payouts', requireRole('admin'), async (req, res) => {
    const input = parse(api.adminRecordPayout.body.schema, req.body);
    const { payout, created } = await earnings.recordPayout({ userId: currentUser(req).id }, input);
    send(
      res,
      api.adminRecordPayout,
      {
        message: created
          ? `Payout of ${formatINR(payout.amount)} to ${payout.storename} recorded`
          : 'This payout was already recorded',
        data: payout,
      },
      created ? 201 : 200,
    );
  });

  return r;
}
