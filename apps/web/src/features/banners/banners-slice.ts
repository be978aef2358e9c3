import { createAsyncThunk, createSlice } from '@reduxjs/toolkit';
import type { BannerDto, Answer } from '@mp/shared';
import { api } from '../../lib/api-client';

export interface BannersState {
  list: BannerDto[];
  isLoading: boolean;
  loaded: boolean;
}

const initialState: BannersState = { list: [], isLoading: false, loaded: false };

export const fetchBanners = createAsyncThunk('banners/fetch', async () => {
  const { data } = await api.get<Answer<'listBanners'>>('/api/common/banner/get');
  return data.data;
});

const bannersSlice = createSlice({
  name: 'banners',
  initialState,
  reducers: {},
  extraReducers: (b) => {
    b.addCase(fetchBanners.pending, (s) => {
      s.isLoading = true;
    })
      .addCase(fetchBanners.fulfilled, (s, a) => {
        s.list = a.payload;
        s.isLoading = false;
        s.loaded = true;
      })
      .addCase(fetchBanners.rejected, (s) => {
        s.list = [];
        s.isLoading = false;
        s.loaded = true;
      });
  },
});

export default bannersSlice;
