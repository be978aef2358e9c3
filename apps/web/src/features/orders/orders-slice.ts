import { createAsyncThunk, createSlice } from '@reduxjs/toolkit';
import type { OrderDto, Answer } from '@mp/shared';
import { api, apiErrorMessage } from '../../lib/api-client';
import { STORAGE_KEYS } from '../../lib/storage';
import { logoutUser, sessionCleared } from '../auth/auth-slice';

export interface OrdersState {
  list: OrderDto[];
  isLoading: boolean;
  loaded: boolean;
  details: OrderDto | null;
  detailsLoading: boolean;
  /** order creation in flight (DELIVER HERE disabled) */
  isProcessing: boolean;
}

const initialState: OrdersState = {
  list: [],
  isLoading: false,
  loaded: false,
  details: null,
  detailsLoading: false,
  isProcessing: false,
};

export const fetchOrders = createAsyncThunk('orders/fetch', async (userId: string) => {
  const { data } = await api.get<Answer<'listOrders'>>(`/api/shop/order/list/${userId}`);
  return data.data;
});

export const fetchOrderDetails = createAsyncThunk('orders/details', async (id: string) => {
  const { data } = await api.get<Answer<'getOrder'>>(`/api/shop/order/details/${id}`);
  return data.data;
});

export type CreateOrderAnswer = Answer<'createOrder'>;

/** A new checkout attempt's key (crypto.randomUUID needs a secure context; getRandomValues does not). */
export function newCheckoutKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * Creates the order for the chosen address, keeps its id in sessionStorage and answers the approval URL. The
 * checkout attempt's key goes in Idempotency-Key: the same attempt sent twice makes one order
 * (docs/orders-and-stock.md).
 */
export const createOrder = createAsyncThunk(
  'orders/create',
  async (
    payload: {
      userId: string;
      addressInfo: Record<string, unknown> & { addressId: string };
      idempotencyKey: string;
    },
    { rejectWithValue },
  ) => {
    try {
      const { data } = await api.post<CreateOrderAnswer>(
        '/api/shop/order/create',
        {
          userId: payload.userId,
          addressId: payload.addressInfo.addressId,
          addressInfo: payload.addressInfo,
        },
        { headers: { 'Idempotency-Key': payload.idempotencyKey } },
      );
      sessionStorage.setItem(STORAGE_KEYS.currentOrderId, JSON.stringify(data.orderId));
      return data;
    } catch (err) {
      return rejectWithValue(apiErrorMessage(err, 'Could not create the order.'));
    }
  },
);

const ordersSlice = createSlice({
  name: 'orders',
  initialState,
  reducers: {
    orderDetailsClosed(s) {
      s.details = null;
    },
  },
  extraReducers: (b) => {
    b.addCase(fetchOrders.pending, (s) => {
      s.isLoading = true;
    })
      .addCase(fetchOrders.fulfilled, (s, a) => {
        s.list = a.payload;
        s.isLoading = false;
        s.loaded = true;
      })
      .addCase(fetchOrders.rejected, (s) => {
        s.list = [];
        s.isLoading = false;
        s.loaded = true;
      })
      .addCase(fetchOrderDetails.pending, (s) => {
        s.detailsLoading = true;
      })
      .addCase(fetchOrderDetails.fulfilled, (s, a) => {
        s.details = a.payload;
        s.detailsLoading = false;
      })
      .addCase(fetchOrderDetails.rejected, (s) => {
        s.details = null;
        s.detailsLoading = false;
      })
      .addCase(createOrder.pending, (s) => {
        s.isProcessing = true;
      })
      .addCase(createOrder.rejected, (s) => {
        s.isProcessing = false;
      })
      // stays processing on success: the browser is leaving for the approval page
      .addCase(logoutUser.fulfilled, () => initialState)
      .addCase(sessionCleared, () => initialState);
  },
});

export const { orderDetailsClosed } = ordersSlice.actions;
export default ordersSlice;
