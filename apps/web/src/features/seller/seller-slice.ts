/**
 * Seller console state (products, orders, order detail, dashboard). Injected lazily into the root reducer, so the
 * shop bundle never carries it. Failed list loads empty the list with no message (spec section 8).
 */
import { createAsyncThunk, createSlice, type WithSlice } from '@reduxjs/toolkit';
import type { ProductDto, SellerDashboardDto, SellerOrderDto, SellerOrderStatus } from '@mp/shared';
import { rootReducer } from '../../app/store';
import { apiErrorMessage } from '../../lib/api-client';
import { sellerProductEndpoints } from '../admin/shared/catalog-api';
import { remote, type Remote } from '../admin/shared/remote';
import { sellerApi } from './seller-api';

export interface SellerConsoleState {
  products: Remote<ProductDto[]>;
  orders: Remote<SellerOrderDto[]>;
  orderDetails: Remote<SellerOrderDto | null>;
  dashboard: Remote<SellerDashboardDto | null>;
}

const initialState: SellerConsoleState = {
  products: remote([]),
  orders: remote([]),
  orderDetails: remote(null),
  dashboard: remote(null),
};

export const fetchSellerProducts = createAsyncThunk('sellerConsole/fetchProducts', (sellerId: string) =>
  sellerProductEndpoints(sellerId).list(),
);
export const fetchSellerOrders = createAsyncThunk('sellerConsole/fetchOrders', () => sellerApi.orders());
export const fetchSellerOrderDetails = createAsyncThunk('sellerConsole/fetchOrderDetails', (id: string) =>
  sellerApi.orderDetails(id),
);
export const fetchSellerDashboard = createAsyncThunk('sellerConsole/fetchDashboard', () =>
  sellerApi.dashboard(),
);

/** Sets the seller's status on its own lines of an order, then refetches the detail and the list. */
export const updateSellerOrderStatus = createAsyncThunk(
  'sellerConsole/updateOrderStatus',
  async (input: { id: string; orderStatus: SellerOrderStatus }, { dispatch, rejectWithValue }) => {
    try {
      const answer = await sellerApi.updateOrderStatus(input.id, input.orderStatus);
      await Promise.all([dispatch(fetchSellerOrderDetails(input.id)), dispatch(fetchSellerOrders())]);
      return answer;
    } catch (err) {
      return rejectWithValue(apiErrorMessage(err, 'Order status update failed'));
    }
  },
);

export const sellerConsoleSlice = createSlice({
  name: 'sellerConsole',
  initialState,
  reducers: {
    orderDetailsCleared(state) {
      state.orderDetails = remote(null);
    },
  },
  extraReducers: (b) => {
    b.addCase(fetchSellerProducts.pending, (s) => {
      s.products.status = 'loading';
    })
      .addCase(fetchSellerProducts.fulfilled, (s, a) => {
        s.products = { data: a.payload, status: 'succeeded' };
      })
      .addCase(fetchSellerProducts.rejected, (s) => {
        s.products = { data: [], status: 'failed' };
      })
      .addCase(fetchSellerOrders.pending, (s) => {
        s.orders.status = 'loading';
      })
      .addCase(fetchSellerOrders.fulfilled, (s, a) => {
        s.orders = { data: a.payload, status: 'succeeded' };
      })
      .addCase(fetchSellerOrders.rejected, (s) => {
        s.orders = { data: [], status: 'failed' };
      })
      .addCase(fetchSellerOrderDetails.pending, (s, a) => {
        // keep showing the same order while it is refetched after a status change
        if (s.orderDetails.data?._id !== a.meta.arg) s.orderDetails.data = null;
        s.orderDetails.status = 'loading';
      })
      .addCase(fetchSellerOrderDetails.fulfilled, (s, a) => {
        s.orderDetails = { data: a.payload, status: 'succeeded' };
      })
      .addCase(fetchSellerOrderDetails.rejected, (s) => {
        s.orderDetails = { data: null, status: 'failed' };
      })
      .addCase(fetchSellerDashboard.pending, (s) => {
        s.dashboard.status = 'loading';
      })
      .addCase(fetchSellerDashboard.fulfilled, (s, a) => {
        s.dashboard = { data: a.payload, status: 'succeeded' };
      })
      .addCase(fetchSellerDashboard.rejected, (s) => {
        s.dashboard = { data: null, status: 'failed' };
      });
  },
});

declare module '../../app/store' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  export interface LazyLoadedSlices extends WithSlice<typeof sellerConsoleSlice> {}
}

const injected = sellerConsoleSlice.injectInto(rootReducer);
/** The console state, or its initial value before the first action reaches the injected reducer. */
export const selectSellerConsole = injected.selectSlice;
export const { orderDetailsCleared } = sellerConsoleSlice.actions;
