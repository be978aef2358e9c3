import { createAsyncThunk, createSlice } from '@reduxjs/toolkit';
import type { WishlistItemDto, Answer } from '@mp/shared';
import { api } from '../../lib/api-client';
import { logoutUser, sessionCleared } from '../auth/auth-slice';

export interface WishlistState {
  items: WishlistItemDto[];
  isLoading: boolean;
  loaded: boolean;
  /** productIds being toggled */
  pending: string[];
}

const initialState: WishlistState = { items: [], isLoading: false, loaded: false, pending: [] };

type ListAnswer = Answer<'getWishlist'>;

export const fetchWishlist = createAsyncThunk('wishlist/fetch', async (userId: string) => {
  const { data } = await api.get<ListAnswer>(`/api/shop/account/wishlist/get/${userId}`);
  return data.data;
});

export const addToWishlist = createAsyncThunk(
  'wishlist/add',
  async ({ userId, productId }: { userId: string; productId: string }) => {
    await api.post('/api/shop/account/wishlist/add', { userId, productId });
    const { data } = await api.get<ListAnswer>(`/api/shop/account/wishlist/get/${userId}`);
    return data.data;
  },
);

export const removeFromWishlist = createAsyncThunk(
  'wishlist/remove',
  async ({ userId, productId }: { userId: string; productId: string }) => {
    await api.delete(`/api/shop/account/wishlist/${userId}/${productId}`);
    const { data } = await api.get<ListAnswer>(`/api/shop/account/wishlist/get/${userId}`);
    return data.data;
  },
);

const wishlistSlice = createSlice({
  name: 'wishlist',
  initialState,
  reducers: {},
  extraReducers: (b) => {
    b.addCase(fetchWishlist.pending, (s) => {
      s.isLoading = true;
    })
      .addCase(fetchWishlist.fulfilled, (s, a) => {
        s.items = a.payload;
        s.isLoading = false;
        s.loaded = true;
      })
      .addCase(fetchWishlist.rejected, (s) => {
        s.items = [];
        s.isLoading = false;
        s.loaded = true;
      });
    for (const thunk of [addToWishlist, removeFromWishlist]) {
      b.addCase(thunk.pending, (s, a) => {
        s.pending.push(a.meta.arg.productId);
      })
        .addCase(thunk.fulfilled, (s, a) => {
          s.items = a.payload;
          s.pending = s.pending.filter((id) => id !== a.meta.arg.productId);
        })
        .addCase(thunk.rejected, (s, a) => {
          s.pending = s.pending.filter((id) => id !== a.meta.arg.productId);
        });
    }
    b.addCase(logoutUser.fulfilled, () => initialState).addCase(sessionCleared, () => initialState);
  },
});

export default wishlistSlice;
