import type { Router } from 'express';
import { endpoints as api } from '@mp/shared';
import type { AppDeps } from '../../../context';
import { contractRouter } from '../../../lib/route';
import { listReturnPolicies, setReturnPolicy } from './return-policy';

/** Return policy per category (docs/money.md, "Return window"). Mounted at the root. */
export function createReturnPolicyRouter({ db }: AppDeps): Router {
  const { router, route } = contractRouter(db);

  route(api.returnPolicies, async ({ reply }) => {
    reply({ data: await listReturnPolicies(db) });
  });

  route(api.adminSetReturnPolicy, async ({ params, body, reply }) => {
    const data = await setReturnPolicy(db, params.category, body.windowDays);
    reply({ message: `${data.label}: ${data.policy}`, data });
  });

  return router;
}
