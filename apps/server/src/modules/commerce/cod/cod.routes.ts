/** Cash on delivery's calls (docs/money.md, "Cash on delivery"): the shopper's code, the admin's remittances. */
import type { Router } from 'express';
import { COD_REMITTANCE_MAX_BYTES, endpoints as api } from '@mp/shared';
import { csvUpload } from '../../../lib/csv-upload';
import type { AppDeps } from '../../../context';
import { contractRouter } from '../../../lib/route';
import { loadOrderDto } from '../orders/order-access';
import { confirmCodOrder } from './cod-confirm';
import { importRemittances, remittanceCsvOf } from './cod-remittances';
import { acceptsCodOf, setAcceptsCod } from './cod-settings';

export function createCodRouter(deps: AppDeps): Router {
  const { router, route } = contractRouter(deps.db);

  route(api.codConfirm, async ({ body, user, reply }) => {
    const order = await confirmCodOrder(deps, user.id, body);
    reply({
      message: 'Order placed. Pay the courier on delivery.',
      data: await loadOrderDto(deps.db, order),
    });
  });

  route(api.codRemittances, csvUpload(COD_REMITTANCE_MAX_BYTES), async ({ req, reply }) => {
    const rows = await importRemittances(deps, remittanceCsvOf(req));
    const matched = rows.filter((r) => r.outcome === 'matched').length;
    reply({ message: `${matched} of ${rows.length} rows matched`, data: rows });
  });

  route(api.sellerCod, async ({ req, reply }) => {
    reply({ data: { acceptsCod: await acceptsCodOf(deps.db, req.sellerId!) } });
  });

  route(api.updateSellerCod, async ({ req, body, reply }) => {
    const acceptsCod = await setAcceptsCod(deps.db, req.sellerId!, body.acceptsCod);
    reply({
      message: acceptsCod ? 'You take cash on delivery' : 'You no longer take cash on delivery',
      data: { acceptsCod },
    });
  });

  return router;
}
