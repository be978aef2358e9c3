/** Cash on delivery's code (docs/money.md, "Cash on delivery"). */
import type { OrderDto } from '@mp/shared';
import { routes } from '@mp/shared/routes';
import { baseApi, call } from '../../lib/api';

export const codApi = baseApi.injectEndpoints({
  endpoints: (b) => ({
    sellerCod: b.query<{ acceptsCod: boolean }, void>({
      query: () => call(routes.sellerCod),
    }),
    updateSellerCod: b.mutation<{ acceptsCod: boolean }, { acceptsCod: boolean }>({
      query: (body) => call(routes.updateSellerCod, { body }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled;
        dispatch(codApi.util.updateQueryData('sellerCod', undefined, () => data));
      },
    }),
    confirmCod: b.mutation<OrderDto, { orderId: string; otp: string }>({
      query: (body) => call(routes.codConfirm, { body }),
      invalidatesTags: ['Orders', 'Cart'],
    }),
  }),
});

export const { useConfirmCodMutation, useSellerCodQuery, useUpdateSellerCodMutation } = codApi;
