/** Address actions with the spec's toasts, shared by checkout and the account page. */
import { useEffect, useState } from 'react';
import { toast } from 'react-toastify';
import type { AddressDto, AddressInput } from '@mp/shared';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { addressLimitWarning } from './address-rules';
import { addAddress, deleteAddress, editAddress, fetchAddresses } from './address-slice';

export type AddressFormMode = { kind: 'closed' } | { kind: 'add' } | { kind: 'edit'; address: AddressDto };

export function useAddressBook(userId: string) {
  const dispatch = useAppDispatch();
  const state = useAppSelector((s) => s.addresses);
  const [mode, setMode] = useState<AddressFormMode>({ kind: 'closed' });
  useEffect(() => {
    void dispatch(fetchAddresses(userId));
  }, [dispatch, userId]);

  const openAdd = () => {
    const warning = addressLimitWarning(state.list.length, false);
    if (warning) {
      toast.warn(warning);
      return;
    }
    setMode({ kind: 'add' });
  };

  const save = async (input: AddressInput): Promise<boolean> => {
    if (mode.kind === 'edit') {
      const r = await dispatch(editAddress({ userId, addressId: mode.address._id, input }));
      if (editAddress.fulfilled.match(r)) {
        toast.success('Edited Address successful!');
        setMode({ kind: 'closed' });
        return true;
      }
      toast.error(String(r.payload));
      return false;
    }
    const warning = addressLimitWarning(state.list.length, false);
    if (warning) {
      toast.warn(warning);
      return false;
    }
    const r = await dispatch(addAddress({ userId, input }));
    if (addAddress.fulfilled.match(r)) {
      toast.success('Added New Address successful!');
      setMode({ kind: 'closed' });
      return true;
    }
    toast.error(String(r.payload));
    return false;
  };

  const remove = async (a: AddressDto) => {
    const r = await dispatch(deleteAddress({ userId, addressId: a._id }));
    if (deleteAddress.fulfilled.match(r)) {
      toast.success('Address deleted successful!');
      if (mode.kind === 'edit' && mode.address._id === a._id) setMode({ kind: 'closed' });
    } else toast.error(String(r.payload));
  };

  return { ...state, mode, setMode, openAdd, save, remove };
}
