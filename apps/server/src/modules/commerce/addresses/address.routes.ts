import { Router } from 'express';
import { z } from 'zod';
import { addressInputSchema, idSchema } from '@mp/shared';
import type { AppDeps } from '../../../context';
import { parse } from '../../../lib/errors';
import { assertSelfOrAdmin, currentUser, requireAuth } from '../../../lib/session';
import { addAddress, deleteAddress, listAddresses, updateAddress } from './address.service';

const userParams = z.object({ userId: idSchema });
const userAddressParams = z.object({ userId: idSchema, addressId: idSchema });

/** Address calls of spec section 7. Addresses always belong to the session user (body userId ignored). */
export function createAddressRouter({ db }: AppDeps): Router {
  const r = Router();

  r.post('/shop/address/add', requireAuth, async (req, res) => {
    const input = parse(addressInputSchema, req.body);
    const data = await addAddress(db, currentUser(req).id, input);
    res.status(201).json({ success: true, message: 'Added New Address successful!', data });
  });

  r.get('/shop/address/get/:userId', requireAuth, async (req, res) => {
    const { userId } = parse(userParams, req.params);
    assertSelfOrAdmin(req, userId);
    res.json({ success: true, data: await listAddresses(db, userId) });
  });

  r.put('/shop/address/update/:userId/:addressId', requireAuth, async (req, res) => {
    const { userId, addressId } = parse(userAddressParams, req.params);
    assertSelfOrAdmin(req, userId);
    const input = parse(addressInputSchema, req.body);
    const data = await updateAddress(db, userId, addressId, input);
    res.json({ success: true, message: 'Edited Address successful!', data });
  });

  r.delete('/shop/address/delete/:userId/:addressId', requireAuth, async (req, res) => {
    const { userId, addressId } = parse(userAddressParams, req.params);
    assertSelfOrAdmin(req, userId);
    await deleteAddress(db, userId, addressId);
    res.json({
      success: true,
      message: 'Address deleted successful!',
      data: await listAddresses(db, userId),
    });
  });

  return r;
}
