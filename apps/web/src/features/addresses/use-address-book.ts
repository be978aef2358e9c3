/** Address actions, each with a toast saying how it went, shared by checkout and the account page. */
import { useState } from 'react';
import { toast } from '../../lib/toast';
import type { AddressDto, AddressInput } from '@mp/shared';
import { errorMessage } from '../../lib/api';
import {
  useAddAddressMutation,
  useDeleteAddressMutation,
  useEditAddressMutation,
  useListAddressesQuery,
} from './address-api';
import { addressLimitWarning } from './address-rules';

export type AddressFormMode = { kind: 'closed' } | { kind: 'add' } | { kind: 'edit'; address: AddressDto };

export type AddressSaveResult = { ok: true } | { ok: false; error?: unknown };

export function useAddressBook(userId: string) {
  const {
    data: list = [],
    isLoading,
    isSuccess,
    isError,
  } = useListAddressesQuery(userId, {
    refetchOnMountOrArgChange: true,
  });
  const [add] = useAddAddressMutation();
  const [edit] = useEditAddressMutation();
  const [del] = useDeleteAddressMutation();
  const [mode, setMode] = useState<AddressFormMode>({ kind: 'closed' });

  const openAdd = () => {
    const warning = addressLimitWarning(list.length, false);
    if (warning) {
      toast.warn(warning);
      return;
    }
    setMode({ kind: 'add' });
  };

  /** saves the form; a refusal comes back so the form can show the server's field errors */
  const save = async (input: AddressInput): Promise<AddressSaveResult> => {
    if (mode.kind === 'edit') {
      const r = await edit({ userId, addressId: mode.address._id, input });
      if (!r.error) {
        toast.success('Edited Address successful!');
        setMode({ kind: 'closed' });
        return { ok: true };
      }
      toast.error(errorMessage(r.error, 'Failed to edit address.'));
      return { ok: false, error: r.error };
    }
    const warning = addressLimitWarning(list.length, false);
    if (warning) {
      toast.warn(warning);
      return { ok: false };
    }
    const r = await add({ userId, input });
    if (!r.error) {
      toast.success('Added New Address successful!');
      setMode({ kind: 'closed' });
      return { ok: true };
    }
    toast.error(errorMessage(r.error, 'Failed to add address.'));
    return { ok: false, error: r.error };
  };

  const remove = async (a: AddressDto) => {
    const r = await del({ userId, addressId: a._id });
    if (!r.error) {
      toast.success('Address deleted successful!');
      if (mode.kind === 'edit' && mode.address._id === a._id) setMode({ kind: 'closed' });
    } else toast.error(errorMessage(r.error, 'Failed to delete address.'));
  };

  return { list, isLoading, loaded: isSuccess || isError, mode, setMode, openAdd, save, remove };
}
