import type { Config } from '../../../config/env';
import type { Db } from '../../../db/client';
import { createUnconfiguredProvider, type PaymentProvider } from './payment-provider';
import { createPayPalProvider } from './paypal-provider';
import { createSandboxProvider } from './sandbox-provider';

/**
 * PayPal when PAYPAL_CLIENT_ID/SECRET are set, else the built-in sandbox (docs/operations.md) — in production
 * only when the operator allows it by name (ALLOW_SANDBOX_PAYMENTS, docs/security.md) — else no provider at all.
 */
export function createPaymentProvider(deps: { config: Config; db: Db }): PaymentProvider {
  const { config, db } = deps;
  switch (config.paymentProvider) {
    case 'paypal':
      return createPayPalProvider(config.paypal!, config.publicUrl);
    case 'sandbox':
      return createSandboxProvider(db, config.paypalCurrency);
    case 'none':
      return createUnconfiguredProvider();
  }
}
