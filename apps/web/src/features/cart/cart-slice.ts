import { createAsyncThunk, createSlice } from '@reduxjs/toolkit';
import type { CartViewDto, Answer } from '@mp/shared';
import { api, apiErrorMessage } from '../../lib/api-client';
import { logoutUser, sessionCleared } from '../auth/auth-slice';

export interface CartState {
  cart: CartViewDto | null;
  isLoading: boolean;
  /** productId of the line being changed */
  pendingProductId: string | null;
}

const initialState: CartState = { cart: null, isLoading: false, pendingProductId: null };

type CartAnswer = Answer<'getCart'> & { message?: string };

export const fetchCart = createAsyncThunk('cart/fetch', async (userId: string) => {
  const { data } = await api.get<CartAnswer>(`/api/shop/cart/get/${userId}`);
  return data.data;
});

export const addToCart = createAsyncThunk(
  'cart/add',
  async (
    input: { userId: string; productId: string; quantity?: number; discount?: number },
    { rejectWithValue },
  ) => {
    try {
      const { data } = await api.post<CartAnswer>('/api/shop/cart/add', { quantity: 1, ...input });
      return data.data;
    } catch (err) {
      return rejectWithValue(apiErrorMessage(err, 'Failed to add to cart.'));
    }
  },
);

export const updateCartQuantity = createAsyncThunk(
  'cart/update',
  async (
    input: { userId: string; productId: string; quantity: number; discount?: number },
    { rejectWithValue },
  ) => {
    try {
      const { data } = await api.put<CartAnswer>('/api/shop/cart/update-cart', input);
      return data.data;
    } catch (err) {
      return rejectWithValue(apiErrorMessage(err, 'Failed to update cart.'));
    }
  },
);

export const removeCartItem = createAsyncThunk(
  'cart/remove',
  async (input: { userId: string; productId: string }, { rejectWithValue }) => {
    try {
      const { data } = await api.delete<CartAnswer>(`/api/shop/cart/${input.userId}/${input.productId}`);
      return data.data;
    } catch (err) {
      return rejectWithValue(apiErrorMessage(err, 'Failed to remove item.'));
    }
  },
);

const cartSlice = createSlice({
  name: 'cart',
  initialState,
  reducers: {
    cartCleared: () => initialState,
  },
  extraReducers: (b) => {
    b.addCase(fetchCart.pending, (s) => {
      s.isLoading = true;
    })
      .addCase(fetchCart.fulfilled, (s, a) => {
        s.cart = a.payload;
        s.isLoading = false;
      })
      .addCase(fetchCart.rejected, (s) => {
        s.cart = null;
        s.isLoading = false;
      });
    for (const thunk of [addToCart, updateCartQuantity, removeCartItem]) {
      b.addCase(thunk.pending, (s, a) => {
        s.pendingProductId = a.meta.arg.productId;
      })
        .addCase(thunk.fulfilled, (s, a) => {
          s.cart = a.payload;
          s.pendingProductId = null;
        })
        .addCase(thunk.rejected, (s) => {
          s.pendingProductId = null;
        });
    }
    b.addCase(logoutUser.fulfilled, () => initialState).addCase(sessionCleared, () => initialState);
  },
});

export const { cartCleared } = cartSlice.actions;
/** The header badge: the number of distinct cart lines. */
export const selectCartLineCount = (s: { cart: CartState }) => s.cart.cart?.items.length ?? 0;
export default cartSlice;
