/**
 * GST (docs/tax.md): the seller's tax profile, its documents and monthly statement, and an order's documents. The
 * console endpoints are injected from the lazily loaded chunks; the shopper's from the orders page.
 */
import type { Answer, TaxProfileInput } from '@mp/shared';
import { routes } from '@mp/shared/routes';
import { baseApi, call } from '../../lib/api';

export type TaxProfile = NonNullable<Answer<'sellerTaxProfile'>['data']>;
export type TaxDocument = Answer<'orderDocuments'>['data'][number];
export type DocumentPage = Omit<Answer<'sellerDocuments'>, 'success'>;
export type StatementMonth = Answer<'sellerTaxStatement'>['data'][number];

export const taxApi = baseApi.injectEndpoints({
  endpoints: (b) => ({
    sellerTaxProfile: b.query<TaxProfile | null, void>({
      query: () => call(routes.sellerTaxProfile),
      providesTags: ['Tax'],
    }),
    saveSellerTaxProfile: b.mutation<{ message: string; data: TaxProfile }, TaxProfileInput>({
      query: (body) => call(routes.updateSellerTaxProfile, { body, envelope: 'whole' }),
      invalidatesTags: ['Tax'],
    }),
    sellerDocuments: b.query<DocumentPage, { page: number; limit: number }>({
      query: (query) => call(routes.sellerDocuments, { query, envelope: 'whole' }),
      providesTags: ['Tax'],
    }),
    sellerTaxStatement: b.query<StatementMonth[], void>({
      query: () => call(routes.sellerTaxStatement),
      providesTags: ['Tax'],
    }),
    adminTaxProfiles: b.query<TaxProfile[], void>({
      query: () => call(routes.adminTaxProfiles),
      providesTags: ['Tax'],
    }),
    adminSellerTaxProfile: b.query<Omit<Answer<'adminSellerTaxProfile'>, 'success'>, string>({
      query: (sellerId) => call(routes.adminSellerTaxProfile, { params: { sellerId }, envelope: 'whole' }),
      providesTags: ['Tax'],
    }),
    correctTaxProfile: b.mutation<
      { message: string; data: TaxProfile },
      TaxProfileInput & { sellerId: string }
    >({
      query: ({ sellerId, ...body }) =>
        call(routes.adminUpdateSellerTaxProfile, { params: { sellerId }, body, envelope: 'whole' }),
      invalidatesTags: ['Tax'],
    }),
    adminDocuments: b.query<DocumentPage, RegisterFilter & { page: number; limit: number }>({
      query: (query) => call(routes.adminDocuments, { query, envelope: 'whole' }),
      providesTags: ['Tax'],
    }),
    orderDocuments: b.query<TaxDocument[], string>({
      query: (orderId) => call(routes.orderDocuments, { params: { orderId } }),
      providesTags: ['Tax'],
    }),
  }),
});

export type RegisterFilter = {
  kind?: TaxDocument['kind'];
  month?: string;
  number?: string;
};

export const {
  useSellerTaxProfileQuery,
  useSaveSellerTaxProfileMutation,
  useSellerDocumentsQuery,
  useSellerTaxStatementQuery,
  useOrderDocumentsQuery,
  useAdminTaxProfilesQuery,
  useAdminSellerTaxProfileQuery,
  useCorrectTaxProfileMutation,
  useAdminDocumentsQuery,
} = taxApi;

export const DOCUMENT_KIND_LABELS: Record<TaxDocument['kind'], string> = {
  invoice: 'Tax invoice',
  creditNote: 'Credit note',
  commissionInvoice: 'Commission invoice',
};
