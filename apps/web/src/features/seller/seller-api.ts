/** Seller order and dashboard calls (spec section 7, Seller orders; decisions.md dashboards). */
import type { SellerDashboardDto, SellerOrderDto, SellerOrderStatus } from '@mp/shared';
import { api } from '../../lib/api-client';

export const sellerApi = {
  orders: async () =>
    (await api.get<{ success: true; data: SellerOrderDto[] }>('/api/seller/orders/get')).data.data ?? [],
  orderDetails: async (id: string) =>
    (
      await api.get<{ success: true; data: SellerOrderDto }>(
        `/api/seller/orders/details/${encodeURIComponent(id)}`,
      )
    ).data.data,
  updateOrderStatus: async (id: string, orderStatus: SellerOrderStatus) =>
    (
      await api.put<{ success: true; message?: string; data?: SellerOrderDto }>(
        `/api/seller/orders/update/${encodeURIComponent(id)}`,
        { orderStatus },
      )
    ).data,
  dashboard: async () =>
    (await api.get<{ success: true; data: SellerDashboardDto }>('/api/seller/dashboard')).data.data,
};
