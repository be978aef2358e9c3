/**
 * MSW in the web tests: the axios instance really sends its requests and these handlers answer them. Answers are
 * typed by the shared endpoint table (`Answer<'id'>` for success, the error envelope for failures), so a test
 * cannot answer with something the server would never send.
 */
import { endpoints, type Answer, type ApiErrorBody, type ApiErrorCode, type EndpointId } from '@mp/shared';
import { http, HttpResponse, type DefaultBodyType, type StrictRequest } from 'msw';
import { setupServer } from 'msw/node';

/**
 * Default answers every test starts from (docs/delivery.md): an order has no parcels nor returns, a seller no
 * pickup settings and the shop no offer unless a test says so.
 */
export const server = setupServer(
  answer('orderTracking', ({ params }) => ({
    success: true,
    data: { orderId: String(params.orderId), parcels: [] },
  })),
  // no platform offer unless a test says so (docs/money.md, "Coupons")
  answer('shopOffers', { success: true, data: [] }),
  // an order has no returns unless a test says so (docs/returns.md)
  answer('shopReturns', { success: true, data: [], pagination: { page: 1, limit: 50, total: 0, pages: 0 } }),
  answer('sellerDeliverySettings', {
    success: true,
    data: { pickupAddress: null, pickupPincode: null, dispatchDays: 1, cutoff: '14:00' },
  }),
);

type Resolver<K extends EndpointId> = (info: {
  request: StrictRequest<DefaultBodyType>;
  params: Record<string, string | readonly string[] | undefined>;
}) => Answer<K> | Response | Promise<Answer<K> | Response>;

/**
 * A handler for the endpoint with this id (method and path from the table): answers `answer`, or what the
 * resolver returns for each request (an answer of that endpoint, or an HttpResponse such as `errorResponse`).
 */
export function answer<K extends EndpointId>(
  id: K,
  resolve: NoInfer<Resolver<K>>,
): ReturnType<typeof http.get>;
export function answer<K extends EndpointId>(id: K, answer: NoInfer<Answer<K>>): ReturnType<typeof http.get>;
export function answer<K extends EndpointId>(id: K, answer: Answer<K> | Resolver<K>) {
  const e = endpoints[id];
  return http[e.method](e.path, async (info) => {
    const out = typeof answer === 'function' ? await (answer as Resolver<K>)(info) : answer;
    return out instanceof Response ? out : HttpResponse.json(out as DefaultBodyType);
  });
}

/** A handler for the endpoint with this id answering the error envelope. */
export function fail(id: EndpointId, status: number, body: Omit<ApiErrorBody, 'success'>) {
  const e = endpoints[id];
  return http[e.method](e.path, () => HttpResponse.json({ success: false, ...body }, { status }));
}

/** The error envelope as an HttpResponse (for resolvers that decide per request). */
export const errorResponse = (status: number, body: Omit<ApiErrorBody, 'success'>) =>
  HttpResponse.json({ success: false, ...body }, { status });

/** The server refusing one field (400 with the error envelope's field errors), as the form primitive reads it. */
export const fieldRefusal = (code: ApiErrorCode, field: string, message: string) =>
  errorResponse(400, {
    code,
    message: `${field}: ${message}`,
    errors: { formErrors: [], fieldErrors: { [field]: [message] } },
  });
