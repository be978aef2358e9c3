import { createAsyncThunk, createSlice } from '@reduxjs/toolkit';
import type { AddressDto, AddressInput, Answer } from '@mp/shared';
import { api, apiErrorMessage } from '../../lib/api-client';
import { logoutUser, sessionCleared } from '../auth/auth-slice';

export interface AddressState {
  list: AddressDto[];
  isLoading: boolean;
  loaded: boolean;
}

const initialState: AddressState = { list: [], isLoading: false, loaded: false };
type ListAnswer = Answer<'listAddresses'>;

const load = async (userId: string) =>
  (await api.get<ListAnswer>(`/api/shop/address/get/${userId}`)).data.data;

export const fetchAddresses = createAsyncThunk('addresses/fetch', load);

export const addAddress = createAsyncThunk(
  'addresses/add',
  async ({ userId, input }: { userId: string; input: AddressInput }, { rejectWithValue }) => {
    try {
      const { data } = await api.post<Answer<'addAddress'>>('/api/shop/address/add', { userId, ...input });
      return { message: data.message, list: await load(userId) };
    } catch (err) {
      return rejectWithValue(apiErrorMessage(err, 'Failed to add address.'));
    }
  },
);

export const editAddress = createAsyncThunk(
  'addresses/edit',
  async (
    { userId, addressId, input }: { userId: string; addressId: string; input: AddressInput },
    { rejectWithValue },
  ) => {
    try {
      const { data } = await api.put<Answer<'updateAddress'>>(
        `/api/shop/address/update/${userId}/${addressId}`,
        input,
      );
      return { message: data.message, list: await load(userId) };
    } catch (err) {
      return rejectWithValue(apiErrorMessage(err, 'Failed to edit address.'));
    }
  },
);

export const deleteAddress = createAsyncThunk(
  'addresses/delete',
  async ({ userId, addressId }: { userId: string; addressId: string }, { rejectWithValue }) => {
    try {
      const { data } = await api.delete<Answer<'deleteAddress'>>(
        `/api/shop/address/delete/${userId}/${addressId}`,
      );
      return { message: data.message, list: await load(userId) };
    } catch (err) {
      return rejectWithValue(apiErrorMessage(err, 'Failed to delete address.'));
    }
  },
);

const addressSlice = createSlice({
  name: 'addresses',
  initialState,
  reducers: {},
  extraReducers: (b) => {
    b.addCase(fetchAddresses.pending, (s) => {
      s.isLoading = true;
    })
      .addCase(fetchAddresses.fulfilled, (s, a) => {
        s.list = a.payload;
        s.isLoading = false;
        s.loaded = true;
      })
      .addCase(fetchAddresses.rejected, (s) => {
        s.list = [];
        s.isLoading = false;
        s.loaded = true;
      });
    for (const thunk of [addAddress, editAddress, deleteAddress]) {
      b.addCase(thunk.fulfilled, (s, a) => {
        s.list = a.payload.list;
      });
    }
    b.addCase(logoutUser.fulfilled, () => initialState).addCase(sessionCleared, () => initialState);
  },
});

export default addressSlice;
