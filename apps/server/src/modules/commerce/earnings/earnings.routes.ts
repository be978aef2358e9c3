import type { Router } from 'express';
import { endpoints as api, formatINR } from '@mp/shared';
import type { AppDeps } from '../../../context';
import { contractRouter } from '../../../lib/route';

/** Seller earnings, commission rates and payouts (docs/money.md, "Seller earnings"). Mounted at the root. */
export function createEarningsRouter({ db, earnings }: AppDeps): Router {
  const { router, route } = contractRouter(db);

  route(api.sellerEarnings, async ({ req, query, reply }) => {
    reply(await earnings.statementOf(req.sellerId!, query.page, query.limit));
  });

  route(api.adminSellerAccounts, async ({ reply }) => {
    reply({ data: await earnings.accounts() });
  });

  route(api.adminSetCommission, async ({ params, body, reply }) => {
    const { percent } = body;
    const data = await earnings.setCommission(params.sellerId, percent);
    reply({
      message:
        percent === null
          ? `${data.storename} now pays the platform rate (${data.commissionPercent}%)`
          : `${data.storename} now pays ${data.commissionPercent}% commission`,
      data,
    });
  });

  route(api.adminPayouts, async ({ query, reply }) => {
    reply(await earnings.listPayouts(query));
  });

  route(api.adminRecordPayout, async ({ body, user, reply }) => {
    const { payout, created } = await earnings.recordPayout({ userId: user.id }, body);
    reply(
      {
        message: created
          ? `Payout of ${formatINR(payout.amount)} to ${payout.storename} recorded`
          : 'This payout was already recorded',
        data: payout,
      },
      created ? 201 : 200,
    );
  });

  return router;
}
