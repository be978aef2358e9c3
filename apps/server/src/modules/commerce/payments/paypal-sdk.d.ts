/** Just the parts of @paypal/checkout-server-sdk (untyped CommonJS) this module uses. */
/* eslint-disable @typescript-eslint/no-unused-vars -- ambient module declarations */
declare module '@paypal/checkout-server-sdk' {
  export interface PayPalRequest {
    path: string;
    verb: string;
    body?: unknown;
    headers: Record<string, string>;
  }
  export interface PayPalResponse<T = unknown> {
    statusCode: number;
    headers: Record<string, string>;
    result: T;
  }
  namespace core {
    class PayPalEnvironment {
      constructor(clientId: string, clientSecret: string, baseUrl: string, webUrl: string);
      baseUrl: string;
    }
    class PayPalHttpClient {
      constructor(environment: PayPalEnvironment);
      execute<T = unknown>(request: PayPalRequest): Promise<PayPalResponse<T>>;
      getTimeout(): number;
    }
  }
  namespace orders {
    class OrdersCreateRequest implements PayPalRequest {
      path: string;
      verb: string;
      body?: unknown;
      headers: Record<string, string>;
      prefer(value: string): this;
      requestBody(body: unknown): this;
    }
    class OrdersCaptureRequest implements PayPalRequest {
      constructor(orderId: string);
      path: string;
      verb: string;
      body?: unknown;
      headers: Record<string, string>;
      prefer(value: string): this;
      payPalRequestId(id: string): this;
      requestBody(body: unknown): this;
    }
    class OrdersGetRequest implements PayPalRequest {
      constructor(orderId: string);
      path: string;
      verb: string;
      body?: unknown;
      headers: Record<string, string>;
    }
  }
  const sdk: { core: typeof core; orders: typeof orders };
  export default sdk;
}
