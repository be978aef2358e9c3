/**
 * The seller's store page settings (docs/seo-and-email.md, "Store pages"). Injected from the lazily loaded seller
 * console, so shoppers never download it. The logo and banner uploads are plain axios calls (progress, cancel),
 * like the product image uploads.
 */
import type { Answer, StoreImageKind, StoreSettingsDto } from '@mp/shared';
import { pathOf, routes } from '@mp/shared/routes';
import { api } from '../../lib/api-client';
import { baseApi, call } from '../../lib/api';

export const storeSettingsApi = baseApi.injectEndpoints({
  endpoints: (b) => ({
    sellerStore: b.query<StoreSettingsDto, void>({
      query: () => call(routes.sellerStore),
      providesTags: ['Store'],
    }),
    removeStoreImage: b.mutation<StoreSettingsDto, StoreImageKind>({
      query: (kind) => call(routes.removeStoreImage, { params: { kind } }),
      invalidatesTags: ['Store'],
    }),
  }),
});

export const { useSellerStoreQuery, useRemoveStoreImageMutation } = storeSettingsApi;

/** Uploads the logo or banner (multipart my_file) and answers the saved settings. */
export async function uploadStoreImage(
  kind: StoreImageKind,
  file: File,
  signal?: AbortSignal,
): Promise<StoreSettingsDto> {
  const body = new FormData();
  body.append('my_file', file);
  const { data } = await api.post<Answer<'uploadStoreImage'>>(
    pathOf(routes.uploadStoreImage.path, { kind }),
    body,
    { signal, timeout: 60_000 },
  );
  return data.data;
}
