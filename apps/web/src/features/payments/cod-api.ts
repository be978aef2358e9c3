/** Cash on delivery's code (docs/money.md, "Cash on delivery"). */
import type { OrderDto } from '@mp/shared';
import { routes } from '@mp/shared/routes';
import { baseApi, call } from '../../lib/api';

export const codApi = baseApi.injectEndpoints({
  endpoints: (b) => ({
    confirmCod: b.mutation<OrderDto, { orderId: string; otp: string }>({
      query: (body) => call(routes.codConfirm, { body }),
      invalidatesTags: ['Orders', 'Cart'],
    }),
  }),
});

export const { useConfirmCodMutation } = codApi;
