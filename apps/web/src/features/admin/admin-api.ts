/** Admin seller-approval, banner and dashboard calls (spec section 7; decisions.md dashboards). */
import type { AdminDashboardDto, BannerDto, SellerDecision, SellerDto } from '@mp/shared';
import { api } from '../../lib/api-client';

export const adminApi = {
  sellers: async () =>
    (await api.get<{ success: true; data: SellerDto[] }>('/api/auth/sellerlist/get')).data.data ?? [],
  sellerDetails: async (id: string) =>
    (
      await api.get<{ success: true; data: SellerDto }>(
        `/api/auth/sellerlist/details/${encodeURIComponent(id)}`,
      )
    ).data.data,
  decideSeller: async (id: string, approvalstatus: SellerDecision) =>
    (
      await api.put<{ success: true; message?: string; data: SellerDto }>(
        `/api/auth/sellerlist/update/${encodeURIComponent(id)}`,
        { approvalstatus, isapproved: approvalstatus === 'approved' },
      )
    ).data,
  banners: async () =>
    (await api.get<{ success: true; data: BannerDto[] }>('/api/common/banner/get')).data.data ?? [],
  addBanner: async (image: string) =>
    (
      await api.post<{ success: true; message?: string; data?: BannerDto }>('/api/common/banner/add', {
        image,
      })
    ).data,
  deleteBanner: async (id: string) =>
    (
      await api.delete<{ success: true; message?: string }>(
        `/api/common/banner/delete/${encodeURIComponent(id)}`,
      )
    ).data,
  dashboard: async () =>
    (await api.get<{ success: true; data: AdminDashboardDto }>('/api/admin/dashboard')).data.data,
};
