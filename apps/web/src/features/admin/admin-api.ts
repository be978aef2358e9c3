/** Admin seller-approval, banner and dashboard calls (spec section 7; decisions.md dashboards). */
import type { SellerDecision, Answer } from '@mp/shared';
import { api } from '../../lib/api-client';

export const adminApi = {
  sellers: async () => (await api.get<Answer<'listSellers'>>('/api/auth/sellerlist/get')).data.data ?? [],
  sellerDetails: async (id: string) =>
    (await api.get<Answer<'getSeller'>>(`/api/auth/sellerlist/details/${encodeURIComponent(id)}`)).data.data,
  decideSeller: async (id: string, approvalstatus: SellerDecision) =>
    (
      await api.put<Answer<'decideSeller'>>(`/api/auth/sellerlist/update/${encodeURIComponent(id)}`, {
        approvalstatus,
        isapproved: approvalstatus === 'approved',
      })
    ).data,
  banners: async () => (await api.get<Answer<'listBanners'>>('/api/common/banner/get')).data.data ?? [],
  addBanner: async (image: string) =>
    (
      await api.post<Answer<'addBanner'>>('/api/common/banner/add', {
        image,
      })
    ).data,
  deleteBanner: async (id: string) =>
    (await api.delete<Answer<'deleteBanner'>>(`/api/common/banner/delete/${encodeURIComponent(id)}`)).data,
  dashboard: async () => (await api.get<Answer<'adminDashboard'>>('/api/admin/dashboard')).data.data,
};
