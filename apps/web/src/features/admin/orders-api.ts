/**
 * The admin order desk's calls (issue 13 item 6, docs/money.md): one page of orders by filters, and a refund.
 * Injected from the lazily loaded admin console chunk.
 */
import type { Answer, AdminRefundInput } from '@mp/shared';
import { routes } from '@mp/shared/routes';
import { baseApi, call, type Whole } from '../../lib/api';

export interface AdminOrdersArgs {
  status?: string;
  paymentStatus?: string;
  paymentMethod?: string;
  sellerId?: string;
  from?: string;
  to?: string;
  number?: string;
  /** 'true': only orders with a late parcel */
  late?: string;
  page: number;
  limit: number;
}

type AdminOrdersPage = Whole<Answer<'adminOrders'>>;
type RefundAnswer = Whole<Answer<'adminRefund'>>;

/** The query's filters without the empty ones (the server reads an absent filter as "any"). */
const present = (args: AdminOrdersArgs) =>
  Object.fromEntries(Object.entries(args).filter(([, v]) => v !== undefined && v !== ''));

export const adminOrdersApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    adminOrders: build.query<AdminOrdersPage, AdminOrdersArgs>({
      query: (args) => call(routes.adminOrders, { query: present(args), envelope: 'whole' }),
      providesTags: (page) => [
        { type: 'AdminOrders', id: 'LIST' },
        ...(page?.data ?? []).map((o) => ({ type: 'AdminOrders' as const, id: o._id })),
      ],
    }),
    adminRefund: build.mutation<
      RefundAnswer,
      { orderId: string; input: AdminRefundInput; idempotencyKey: string }
    >({
      query: ({ orderId, input, idempotencyKey }) =>
        call(routes.adminRefund, {
          params: { orderId },
          body: input,
          headers: { 'Idempotency-Key': idempotencyKey },
          envelope: 'whole',
        }),
      // the shopper's and the seller's views of this order change too
      invalidatesTags: (_r, _e, { orderId }) => [
        { type: 'AdminOrders', id: orderId },
        { type: 'AdminOrders', id: 'LIST' },
        'Orders',
        'SellerOrders',
        'Dashboard',
        'Earnings',
      ],
    }),
  }),
});

export const { useAdminOrdersQuery, useAdminRefundMutation } = adminOrdersApi;
