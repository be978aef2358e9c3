import { createAsyncThunk, createSlice } from '@reduxjs/toolkit';
import type { ReviewDto, Answer } from '@mp/shared';
import { api, apiErrorMessage } from '../../lib/api-client';

export interface ReviewsState {
  productId: string | null;
  list: ReviewDto[];
  isLoading: boolean;
}

const initialState: ReviewsState = { productId: null, list: [], isLoading: false };

export const fetchReviews = createAsyncThunk('reviews/fetch', async (productId: string) => {
  const { data } = await api.get<Answer<'listReviews'>>(`/api/shop/review/${productId}`);
  return data.data;
});

export const addReview = createAsyncThunk(
  'reviews/add',
  async (
    input: { productId: string; userId: string; username: string; reviewMessage: string; reviewVal: number },
    { rejectWithValue },
  ) => {
    try {
      const { data } = await api.post<Answer<'addReview'>>('/api/shop/review/add', input);
      const list = await api.get<Answer<'listReviews'>>(`/api/shop/review/${input.productId}`);
      return { message: data.message, list: list.data.data };
    } catch (err) {
      return rejectWithValue(apiErrorMessage(err, 'Could not add the review.'));
    }
  },
);

/** The average rating computed from the list (spec section 7). */
export const averageRating = (list: readonly { reviewVal: number }[]): number =>
  list.length === 0 ? 0 : list.reduce((sum, r) => sum + r.reviewVal, 0) / list.length;

const reviewsSlice = createSlice({
  name: 'reviews',
  initialState,
  reducers: {},
  extraReducers: (b) => {
    b.addCase(fetchReviews.pending, (s, a) => {
      s.isLoading = true;
      if (s.productId !== a.meta.arg) s.list = [];
      s.productId = a.meta.arg;
    })
      .addCase(fetchReviews.fulfilled, (s, a) => {
        s.list = a.payload;
        s.isLoading = false;
      })
      .addCase(fetchReviews.rejected, (s) => {
        s.list = [];
        s.isLoading = false;
      })
      .addCase(addReview.fulfilled, (s, a) => {
        s.list = a.payload.list;
      });
  },
});

export default reviewsSlice;
