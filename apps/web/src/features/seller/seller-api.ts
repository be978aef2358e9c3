/** Seller order and dashboard calls (spec section 7, Seller orders; decisions.md dashboards). */
import type { SellerOrderStatus, Answer } from '@mp/shared';
import { api } from '../../lib/api-client';

export const sellerApi = {
  orders: async () => (await api.get<Answer<'sellerOrders'>>('/api/seller/orders/get')).data.data ?? [],
  orderDetails: async (id: string) =>
    (await api.get<Answer<'sellerOrderDetails'>>(`/api/seller/orders/details/${encodeURIComponent(id)}`)).data
      .data,
  updateOrderStatus: async (id: string, orderStatus: SellerOrderStatus) =>
    (
      await api.put<Answer<'updateSellerOrder'>>(`/api/seller/orders/update/${encodeURIComponent(id)}`, {
        orderStatus,
      })
    ).data,
  dashboard: async () => (await api.get<Answer<'sellerDashboard'>>('/api/seller/dashboard')).data.data,
};
