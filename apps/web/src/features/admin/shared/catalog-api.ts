/**
 * Product calls shared by the admin and seller consoles. The two consoles differ only in their paths, so each
 * builds a ProductEndpoints object and the product pages/forms work against that.
 */
import type { ProductDto, ProductInput, Answer } from '@mp/shared';
import { api } from '../../../lib/api-client';

export interface ProductEndpoints {
  list: () => Promise<ProductDto[]>;
  add: (input: ProductInput) => Promise<{ message?: string; data?: ProductDto }>;
  edit: (id: string, input: ProductInput) => Promise<{ message?: string; data?: ProductDto }>;
  remove: (id: string) => Promise<{ message?: string }>;
}

type ListAnswer = Answer<'adminListProducts'>;
type WriteAnswer = Answer<'adminEditProduct'>;

export const adminProductEndpoints: ProductEndpoints = {
  list: async () => (await api.get<ListAnswer>('/api/admin/products/get')).data.data ?? [],
  add: async (input) => (await api.post<WriteAnswer>('/api/admin/products/add', input)).data,
  edit: async (id, input) =>
    (await api.put<WriteAnswer>(`/api/admin/products/edit/${encodeURIComponent(id)}`, input)).data,
  remove: async (id) =>
    (await api.delete<Answer<'adminDeleteProduct'>>(`/api/admin/products/delete/${encodeURIComponent(id)}`))
      .data,
};

/** The seller's own products. sellerId is the seller record's _id (the server takes it from the session anyway). */
export function sellerProductEndpoints(sellerId: string): ProductEndpoints {
  return {
    list: async () =>
      (await api.get<ListAnswer>(`/api/seller/products/get/${encodeURIComponent(sellerId)}`)).data.data ?? [],
    add: async (input) =>
      (await api.post<WriteAnswer>('/api/seller/products/add', { ...input, sellerId })).data,
    edit: async (id, input) =>
      (await api.put<WriteAnswer>(`/api/seller/products/edit/${encodeURIComponent(id)}`, input)).data,
    remove: async (id) =>
      (
        await api.delete<Answer<'sellerDeleteProduct'>>(
          `/api/seller/products/delete/${encodeURIComponent(id)}`,
        )
      ).data,
  };
}

/** POST multipart my_file; answers result.url (the main image; its variants follow from it). Products and banners. */
export async function uploadProductImage(file: File, signal?: AbortSignal): Promise<string> {
  const body = new FormData();
  body.append('my_file', file);
  const { data } = await api.post<Answer<'uploadProductImage'>>('/api/admin/products/upload-image', body, {
    signal,
    timeout: 60_000,
  });
  const url = data.result?.url;
  if (!data.success || !url) throw new Error('Upload failed');
  return url;
}
