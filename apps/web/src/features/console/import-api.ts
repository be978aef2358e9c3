/**
 * The seller's bulk product upload (docs/catalogue-import.md): the CSV upload (axios, for its progress) and the
 * job reads the import screen polls.
 */
import type { Answer, ImportJobQuery } from '@mp/shared';
import { routes } from '@mp/shared/routes';
import { api } from '../../lib/api-client';
import { baseApi, call } from '../../lib/api';

export type ImportJob = Answer<'sellerImportJobs'>['data'][number];
export type ImportJobPage = Omit<Answer<'sellerImportJob'>, 'success'>;

export const importApi = baseApi.injectEndpoints({
  endpoints: (b) => ({
    sellerImportJobs: b.query<ImportJob[], void>({
      query: () => call(routes.sellerImportJobs),
    }),
    sellerImportJob: b.query<ImportJobPage, { jobId: string } & ImportJobQuery>({
      query: ({ jobId, ...query }) =>
        call(routes.sellerImportJob, { params: { jobId }, query, envelope: 'whole' }),
    }),
  }),
});

export const { useSellerImportJobsQuery, useSellerImportJobQuery } = importApi;

/** POST multipart my_file; answers the queued job. Reports how much of the file was sent (0–1). */
export async function uploadProductCsv(
  file: File,
  signal?: AbortSignal,
  onProgress?: (fraction: number) => void,
): Promise<ImportJob> {
  const body = new FormData();
  body.append('my_file', file);
  const { data } = await api.post<Answer<'sellerImportProducts'>>(routes.sellerImportProducts.path, body, {
    signal,
    timeout: 120_000,
    onUploadProgress: onProgress && ((e) => onProgress(e.total ? e.loaded / e.total : 0)),
  });
  return data.data;
}
