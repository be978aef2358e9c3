/**
 * Admin console state (products, sellers, seller detail, banners, dashboard). Injected lazily into the root reducer,
 * so the shop bundle never carries it. Failed list loads empty the list with no message (spec section 8).
 */
import { createAsyncThunk, createSlice, type WithSlice } from '@reduxjs/toolkit';
import type { AdminDashboardDto, BannerDto, ProductDto, SellerDecision, SellerDto } from '@mp/shared';
import { rootReducer } from '../../app/store';
import { apiErrorMessage } from '../../lib/api-client';
import { adminApi } from './admin-api';
import { adminProductEndpoints } from './shared/catalog-api';
import { remote, type Remote } from './shared/remote';

export interface AdminConsoleState {
  products: Remote<ProductDto[]>;
  sellers: Remote<SellerDto[]>;
  sellerDetails: Remote<SellerDto | null>;
  banners: Remote<BannerDto[]>;
  dashboard: Remote<AdminDashboardDto | null>;
}

const initialState: AdminConsoleState = {
  products: remote([]),
  sellers: remote([]),
  sellerDetails: remote(null),
  banners: remote([]),
  dashboard: remote(null),
};

export const fetchAdminProducts = createAsyncThunk('adminConsole/fetchProducts', () =>
  adminProductEndpoints.list(),
);
export const fetchSellers = createAsyncThunk('adminConsole/fetchSellers', () => adminApi.sellers());
export const fetchSellerDetails = createAsyncThunk('adminConsole/fetchSellerDetails', (id: string) =>
  adminApi.sellerDetails(id),
);
export const fetchBanners = createAsyncThunk('adminConsole/fetchBanners', () => adminApi.banners());
export const fetchAdminDashboard = createAsyncThunk('adminConsole/fetchDashboard', () =>
  adminApi.dashboard(),
);

/** Approves or rejects a seller, then reloads its detail and the seller list. */
export const decideSeller = createAsyncThunk(
  'adminConsole/decideSeller',
  async (input: { id: string; approvalstatus: SellerDecision }, { dispatch, rejectWithValue }) => {
    try {
      const answer = await adminApi.decideSeller(input.id, input.approvalstatus);
      await Promise.all([dispatch(fetchSellerDetails(input.id)), dispatch(fetchSellers())]);
      return answer;
    } catch (err) {
      return rejectWithValue(apiErrorMessage(err, 'Seller status update failed'));
    }
  },
);

export const adminConsoleSlice = createSlice({
  name: 'adminConsole',
  initialState,
  reducers: {
    sellerDetailsCleared(state) {
      state.sellerDetails = remote(null);
    },
  },
  extraReducers: (b) => {
    b.addCase(fetchAdminProducts.pending, (s) => {
      s.products.status = 'loading';
    })
      .addCase(fetchAdminProducts.fulfilled, (s, a) => {
        s.products = { data: a.payload, status: 'succeeded' };
      })
      .addCase(fetchAdminProducts.rejected, (s) => {
        s.products = { data: [], status: 'failed' };
      })
      .addCase(fetchSellers.pending, (s) => {
        s.sellers.status = 'loading';
      })
      .addCase(fetchSellers.fulfilled, (s, a) => {
        s.sellers = { data: a.payload, status: 'succeeded' };
      })
      .addCase(fetchSellers.rejected, (s) => {
        s.sellers = { data: [], status: 'failed' };
      })
      .addCase(fetchSellerDetails.pending, (s, a) => {
        if (s.sellerDetails.data?._id !== a.meta.arg) s.sellerDetails.data = null;
        s.sellerDetails.status = 'loading';
      })
      .addCase(fetchSellerDetails.fulfilled, (s, a) => {
        s.sellerDetails = { data: a.payload, status: 'succeeded' };
      })
      .addCase(fetchSellerDetails.rejected, (s) => {
        s.sellerDetails = { data: null, status: 'failed' };
      })
      .addCase(fetchBanners.pending, (s) => {
        s.banners.status = 'loading';
      })
      .addCase(fetchBanners.fulfilled, (s, a) => {
        s.banners = { data: a.payload, status: 'succeeded' };
      })
      .addCase(fetchBanners.rejected, (s) => {
        s.banners = { data: [], status: 'failed' };
      })
      .addCase(fetchAdminDashboard.pending, (s) => {
        s.dashboard.status = 'loading';
      })
      .addCase(fetchAdminDashboard.fulfilled, (s, a) => {
        s.dashboard = { data: a.payload, status: 'succeeded' };
      })
      .addCase(fetchAdminDashboard.rejected, (s) => {
        s.dashboard = { data: null, status: 'failed' };
      });
  },
});

declare module '../../app/store' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  export interface LazyLoadedSlices extends WithSlice<typeof adminConsoleSlice> {}
}

const injected = adminConsoleSlice.injectInto(rootReducer);
export const selectAdminConsole = injected.selectSlice;
export const { sellerDetailsCleared } = adminConsoleSlice.actions;
