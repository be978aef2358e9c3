/**
 * Product calls shared by the admin and seller consoles. The two consoles differ only in their paths, so each
 * console's hook builds a ProductEndpoints object and the product pages/forms work against that. Writes invalidate
 * the console's list and the shop's catalogue caches.
 */
import { useMemo } from 'react';
import type { Answer, ProductDto, ProductInput } from '@mp/shared';
import { api } from '../../lib/api-client';
import { routes } from '@mp/shared/routes';
import { baseApi, call, type TagType } from '../../lib/api';

type WriteAnswer = Omit<Answer<'adminEditProduct'>, 'success'>;

export interface ProductEndpoints {
  add: (input: ProductInput) => Promise<{ message?: string; data?: ProductDto }>;
  edit: (id: string, input: ProductInput) => Promise<{ message?: string; data?: ProductDto }>;
  remove: (id: string) => Promise<{ message?: string }>;
}

const shopTags: TagType[] = ['Products', 'Product', 'Home'];

export const catalogApi = baseApi.injectEndpoints({
  endpoints: (b) => ({
    adminAddProduct: b.mutation<WriteAnswer, ProductInput>({
      query: (body) => call(routes.adminAddProduct, { body, envelope: 'whole' }),
      invalidatesTags: ['AdminProducts', 'Dashboard', ...shopTags],
    }),
    adminEditProduct: b.mutation<WriteAnswer, { id: string; input: ProductInput }>({
      query: ({ id, input }) =>
        call(routes.adminEditProduct, { params: { id }, body: input, envelope: 'whole' }),
      invalidatesTags: ['AdminProducts', 'Dashboard', ...shopTags],
    }),
    adminDeleteProduct: b.mutation<{ message?: string }, string>({
      query: (id) => call(routes.adminDeleteProduct, { params: { id }, envelope: 'whole' }),
      invalidatesTags: ['AdminProducts', 'Dashboard', ...shopTags],
    }),
    sellerAddProduct: b.mutation<WriteAnswer, ProductInput & { sellerId: string }>({
      query: (body) => call(routes.sellerAddProduct, { body, envelope: 'whole' }),
      invalidatesTags: ['SellerProducts', 'Dashboard', ...shopTags],
    }),
    sellerEditProduct: b.mutation<WriteAnswer, { id: string; input: ProductInput }>({
      query: ({ id, input }) =>
        call(routes.sellerEditProduct, { params: { id }, body: input, envelope: 'whole' }),
      invalidatesTags: ['SellerProducts', 'Dashboard', ...shopTags],
    }),
    sellerDeleteProduct: b.mutation<{ message?: string }, string>({
      query: (id) => call(routes.sellerDeleteProduct, { params: { id }, envelope: 'whole' }),
      invalidatesTags: ['SellerProducts', 'Dashboard', ...shopTags],
    }),
  }),
});

/** The admin console's product writes. */
export function useAdminProductEndpoints(): ProductEndpoints {
  const [add] = catalogApi.useAdminAddProductMutation();
  const [edit] = catalogApi.useAdminEditProductMutation();
  const [remove] = catalogApi.useAdminDeleteProductMutation();
  return useMemo(
    () => ({
      add: (input) => add(input).unwrap(),
      edit: (id, input) => edit({ id, input }).unwrap(),
      remove: (id) => remove(id).unwrap(),
    }),
    [add, edit, remove],
  );
}

/** The seller console's product writes. */
export function useSellerProductEndpoints(sellerId: string): ProductEndpoints {
  const [add] = catalogApi.useSellerAddProductMutation();
  const [edit] = catalogApi.useSellerEditProductMutation();
  const [remove] = catalogApi.useSellerDeleteProductMutation();
  return useMemo(
    () => ({
      add: (input) => add({ ...input, sellerId }).unwrap(),
      edit: (id, input) => edit({ id, input }).unwrap(),
      remove: (id) => remove(id).unwrap(),
    }),
    [add, edit, remove, sellerId],
  );
}

/** POST multipart my_file; answers result.url (the main image; its variants follow from it). Products and banners.
 * A plain axios call: an upload is not server state, and it needs its own time-out and cancel signal. */
/** One image upload: the file, a way to stop it, and where to report how much was sent (0–1). */
export type UploadImage = (
  file: File,
  signal?: AbortSignal,
  onProgress?: (fraction: number) => void,
) => Promise<string>;

export const uploadProductImage: UploadImage = async (file, signal, onProgress) => {
  const body = new FormData();
  body.append('my_file', file);
  const { data } = await api.post<Answer<'uploadProductImage'>>(routes.uploadProductImage.path, body, {
    signal,
    timeout: 60_000,
    onUploadProgress: onProgress && ((e) => onProgress(e.total ? e.loaded / e.total : 0)),
  });
  const url = data.result?.url;
  if (!data.success || !url) throw new Error('Upload failed');
  return url;
};
