import { Router } from 'express';
import { endpoints as api } from '@mp/shared';
import type { AppDeps } from '../../../context';
import { send } from '../../../lib/contract';
import { parse } from '../../../lib/errors';
import { assertSelfOrAdmin, currentUser, requireAuth } from '../../../lib/session';
import { addAddress, deleteAddress, listAddresses, updateAddress } from './address.service';

/** Address calls of spec section 7. Addresses always belong to the session user (body userId ignored). */
export function createAddressRouter({ db }: AppDeps): Router {
  const r = Router();

  r.post('/shop/address/add', requireAuth, async (req, res) => {
    const input = parse(api.addAddress.body.schema, req.body);
    const data = await addAddress(db, currentUser(req).id, input);
    send(res, api.addAddress, { message: 'Added New Address successful!', data });
  });

  r.get('/shop/address/get/:userId', requireAuth, async (req, res) => {
    const { userId } = parse(api.listAddresses.params, req.params);
    assertSelfOrAdmin(req, userId);
    send(res, api.listAddresses, { data: await listAddresses(db, userId) });
  });

  r.put('/shop/address/update/:userId/:addressId', requireAuth, async (req, res) => {
    const { userId, addressId } = parse(api.updateAddress.params, req.params);
    assertSelfOrAdmin(req, userId);
    const input = parse(api.updateAddress.body.schema, req.body);
    const data = await updateAddress(db, userId, addressId, input);
    send(res, api.updateAddress, { message: 'Edited Address successful!', data });
  });

  r.delete('/shop/address/delete/:userId/:addressId', requireAuth, async (req, res) => {
    const { userId, addressId } = parse(api.deleteAddress.params, req.params);
    assertSelfOrAdmin(req, userId);
    await deleteAddress(db, userId, addressId);
    send(res, api.deleteAddress, {
      message: 'Address deleted successful!',
      data: await listAddresses(db, userId),
    });
  });

  return r;
}
