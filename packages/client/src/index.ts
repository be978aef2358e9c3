/**
 * A typed client of the marketplace API for integrators: openapi-fetch over the types generated from the
 * OpenAPI document (src/schema.d.ts). Paths, parameters, bodies and answers are checked by TypeScript.
 *
 *   const api = createMarketplaceClient({ baseUrl: 'https://shop.example.in' });
 *   const { data, error } = await api.GET('/api/shop/products/get', { params: { query: { category: ['men'] } } });
 */
import createClient, { type ClientOptions } from 'openapi-fetch';
import type { components, operations, paths } from './schema';

export type { components, operations, paths };
export type MarketplaceClient = ReturnType<typeof createClient<paths>>;
/** A named schema of the document, e.g. Schema<'Product'>. */
export type Schema<Name extends keyof components['schemas']> = components['schemas'][Name];

export function createMarketplaceClient(options: ClientOptions & { baseUrl: string }): MarketplaceClient {
  return createClient<paths>({
    // arrays in the query as the API reads them: ?category=men&category=women
    querySerializer: { array: { style: 'form', explode: true } },
    ...options,
  });
}
