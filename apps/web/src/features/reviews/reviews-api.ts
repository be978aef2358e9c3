/** Product reviews: adding one invalidates that product's list. */
import type { ReviewDto } from '@mp/shared';
import { routes } from '@mp/shared/routes';
import { baseApi, call } from '../../lib/api';

export interface ReviewInput {
  productId: string;
  userId: string;
  username: string;
  reviewMessage: string;
  reviewVal: number;
}

export const reviewsApi = baseApi.injectEndpoints({
  endpoints: (b) => ({
    listReviews: b.query<ReviewDto[], string>({
      query: (productId) => call(routes.listReviews, { params: { productId } }),
      providesTags: (_r, _e, productId) => [{ type: 'Reviews', id: productId }],
    }),
    addReview: b.mutation<ReviewDto, ReviewInput>({
      query: (body) => call(routes.addReview, { body }),
      // the product's average and count change with it
      invalidatesTags: (_r, _e, input) => [
        { type: 'Reviews', id: input.productId },
        { type: 'Product', id: input.productId },
      ],
    }),
  }),
});

/** The average rating computed from the list. */
export const averageRating = (list: readonly { reviewVal: number }[]): number =>
  list.length === 0 ? 0 : list.reduce((sum, r) => sum + r.reviewVal, 0) / list.length;

export const { useListReviewsQuery, useAddReviewMutation } = reviewsApi;
