/**
 * The consoles' product lists through RTK Query: one page of the admin's (or a seller's own) products, searched
 * and filtered on the server (`q`, `category`, `brand`, `sellerId`, `page`; docs/api-contract.md's endpoint table).
 */
import type { Pagination, ProductDto } from '@mp/shared';
import { routes } from '@mp/shared/routes';
import { baseApi, call } from '../../lib/api';

export const CONSOLE_PAGE_SIZE = 24;

export interface ConsoleProductFilters {
  q: string;
  category: string;
  brand: string;
  /** admin only */
  sellerId: string;
  page: number;
}

export type ConsoleProductsArg = ConsoleProductFilters &
  ({ scope: 'admin' } | { scope: 'seller'; ownerId: string });

const params = (f: ConsoleProductFilters, admin: boolean) => ({
  page: f.page,
  limit: CONSOLE_PAGE_SIZE,
  ...(f.q.trim().length >= 2 ? { q: f.q.trim() } : {}),
  ...(f.category ? { category: f.category } : {}),
  ...(f.brand ? { brand: f.brand } : {}),
  ...(admin && f.sellerId ? { sellerId: f.sellerId } : {}),
});

const consoleProductsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    consoleProducts: build.query<{ data: ProductDto[]; pagination: Pagination }, ConsoleProductsArg>({
      query: (arg) => {
        const options = { query: params(arg, arg.scope === 'admin'), envelope: 'whole' } as const;
        return arg.scope === 'admin'
          ? call(routes.adminListProducts, options)
          : call(routes.sellerListProducts, { ...options, params: { sellerId: arg.ownerId } });
      },
      providesTags: (_r, _e, arg) => [arg.scope === 'admin' ? 'AdminProducts' : 'SellerProducts'],
    }),
  }),
});

export const { useConsoleProductsQuery } = consoleProductsApi;

/** The filters in the page's URL (so back, reload and links keep them). */
export function readConsoleFilters(p: URLSearchParams): ConsoleProductFilters {
  const page = Number(p.get('page') ?? '1');
  return {
    q: p.get('q') ?? '',
    category: p.get('category') ?? '',
    brand: p.get('brand') ?? '',
    sellerId: p.get('seller') ?? '',
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

export function writeConsoleFilters(f: ConsoleProductFilters): URLSearchParams {
  const p = new URLSearchParams();
  if (f.q) p.set('q', f.q);
  if (f.category) p.set('category', f.category);
  if (f.brand) p.set('brand', f.brand);
  if (f.sellerId) p.set('seller', f.sellerId);
  if (f.page > 1) p.set('page', String(f.page));
  return p;
}
