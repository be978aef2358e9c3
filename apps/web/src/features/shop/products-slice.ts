/** Shop products: home sections, the listing (with facets and pagination), search results, the detail. */
import { createAsyncThunk, createSlice } from '@reduxjs/toolkit';
import type { HomeSections, Pagination, ProductDto, ProductFacets, Answer } from '@mp/shared';
import { api } from '../../lib/api-client';

export interface ListingQuery {
  category: string[];
  brand: string[];
  sortBy: string;
  page: number;
}

export interface ProductsState {
  home: HomeSections | null;
  homeLoading: boolean;
  list: ProductDto[];
  pagination: Pagination | null;
  facets: ProductFacets | null;
  listLoading: boolean;
  search: ProductDto[];
  searchKeyword: string;
  searchLoading: boolean;
  details: ProductDto | null;
  detailsLoading: boolean;
  detailsError: boolean;
}

const initialState: ProductsState = {
  home: null,
  homeLoading: false,
  list: [],
  pagination: null,
  facets: null,
  listLoading: false,
  search: [],
  searchKeyword: '',
  searchLoading: false,
  details: null,
  detailsLoading: false,
  detailsError: false,
};

export const fetchHome = createAsyncThunk('products/home', async () => {
  const { data } = await api.get<Answer<'home'>>('/api/shop/home');
  return data.data;
});

export const fetchProducts = createAsyncThunk('products/list', async (q: ListingQuery) => {
  const params: Record<string, string | number> = { sortBy: q.sortBy, page: q.page };
  if (q.category.length) params.category = q.category.join(',');
  if (q.brand.length) params.brand = q.brand.join(',');
  const { data } = await api.get<Answer<'listProducts'>>('/api/shop/products/get', { params });
  return data;
});

export const searchProducts = createAsyncThunk('products/search', async (keyword: string) => {
  const { data } = await api.get<Answer<'searchProducts'>>(
    `/api/shop/product/search/search-product/${encodeURIComponent(keyword)}`,
  );
  return data.data;
});

export const fetchProductDetails = createAsyncThunk('products/details', async (id: string) => {
  const { data } = await api.get<Answer<'getProduct'>>(`/api/shop/products/get/${id}`);
  return data.data;
});

const productsSlice = createSlice({
  name: 'products',
  initialState,
  reducers: {
    searchCleared(s) {
      s.search = [];
      s.searchKeyword = '';
      s.searchLoading = false;
    },
  },
  extraReducers: (b) => {
    b.addCase(fetchHome.pending, (s) => {
      s.homeLoading = true;
    })
      .addCase(fetchHome.fulfilled, (s, a) => {
        s.home = a.payload;
        s.homeLoading = false;
      })
      .addCase(fetchHome.rejected, (s) => {
        s.home = { bestDeals: [], electronicsOffers: [], topDiscounts: [], topSelection: [] };
        s.homeLoading = false;
      })
      .addCase(fetchProducts.pending, (s) => {
        s.listLoading = true;
      })
      .addCase(fetchProducts.fulfilled, (s, a) => {
        s.list = a.payload.data;
        s.pagination = a.payload.pagination ?? null;
        s.facets = a.payload.facets ?? null;
        s.listLoading = false;
      })
      .addCase(fetchProducts.rejected, (s) => {
        s.list = [];
        s.pagination = null;
        s.listLoading = false;
      })
      .addCase(searchProducts.pending, (s, a) => {
        s.searchLoading = true;
        s.searchKeyword = a.meta.arg;
      })
      .addCase(searchProducts.fulfilled, (s, a) => {
        if (s.searchKeyword !== a.meta.arg) return; // a newer search is running
        s.search = a.payload;
        s.searchLoading = false;
      })
      .addCase(searchProducts.rejected, (s, a) => {
        if (s.searchKeyword !== a.meta.arg) return;
        s.search = [];
        s.searchLoading = false;
      })
      .addCase(fetchProductDetails.pending, (s, a) => {
        s.detailsLoading = true;
        s.detailsError = false;
        if (s.details?._id !== a.meta.arg) s.details = null;
      })
      .addCase(fetchProductDetails.fulfilled, (s, a) => {
        s.details = a.payload;
        s.detailsLoading = false;
      })
      .addCase(fetchProductDetails.rejected, (s) => {
        s.details = null;
        s.detailsLoading = false;
        s.detailsError = true;
      });
  },
});

export const { searchCleared } = productsSlice.actions;
export default productsSlice;
