import type { Router } from 'express';
import { endpoints as api } from '@mp/shared';
import type { AppDeps } from '../../../context';
import { contractRouter } from '../../../lib/route';
import { assertSelfOrAdmin } from '../../../lib/session';
import { addAddress, deleteAddress, listAddresses, updateAddress } from './address.service';

/** Address calls. Addresses always belong to the session user (body userId ignored). */
export function createAddressRouter({ db }: AppDeps): Router {
  const { router, route } = contractRouter(db);

  route(api.addAddress, async ({ body, user, reply }) => {
    const data = await addAddress(db, user.id, body);
    reply({ message: 'Added New Address successful!', data });
  });

  route(api.listAddresses, async ({ req, params, reply }) => {
    assertSelfOrAdmin(req, params.userId);
    reply({ data: await listAddresses(db, params.userId) });
  });

  route(api.updateAddress, async (call) => {
    const { userId, addressId } = call.params;
    assertSelfOrAdmin(call.req, userId);
    const data = await updateAddress(db, userId, addressId, call.body);
    call.reply({ message: 'Edited Address successful!', data });
  });

  route(api.deleteAddress, async ({ req, params, reply }) => {
    const { userId, addressId } = params;
    assertSelfOrAdmin(req, userId);
    await deleteAddress(db, userId, addressId);
    reply({ message: 'Address deleted successful!', data: await listAddresses(db, userId) });
  });

  return router;
}
