/**
 * `pnpm start` without gateway keys outside production (docs/money.md, "UPI, cards and netbanking"): the fake
 * gateway is started in-process on an ephemeral port and the server is configured to use it; in production a
 * missing key turns UPI, cards and netbanking off with a message instead.
 */
import type { Config } from '../../config/env';
import type { Logger } from '../../lib/logger';
import { startRazorpayFake, type RazorpayFake } from './index';

export async function withLocalGateway(
  config: Config,
  logger: Logger,
): Promise<{ config: Config; fake: RazorpayFake | undefined }> {
  if (config.razorpay) {
    // refunds of cash-on-delivery returns are paid out from the RazorpayX account (docs/money.md)
    if (!config.razorpay.payoutAccountNumber)
      logger.warn(
        'Returns of cash-on-delivery orders are off: set RAZORPAYX_ACCOUNT_NUMBER to pay their refunds out',
      );
    return { config, fake: undefined };
  }
  if (config.isProduction) {
    logger.warn(
      'UPI, card and netbanking payments and returns of cash-on-delivery orders are off: set RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET and RAZORPAYX_ACCOUNT_NUMBER',
    );
    return { config, fake: undefined };
  }
  const fake = await startRazorpayFake();
  logger.info({ url: fake.url }, 'no payment gateway keys: using the local test gateway (no real money)');
  const razorpay = {
    keyId: fake.keyId,
    keySecret: fake.keySecret,
    webhookSecret: fake.webhookSecret,
    apiBase: fake.url,
    timeoutMs: 10_000,
    // refunds of cash-on-delivery returns are paid out from the fake's RazorpayX account
    payoutAccountNumber: fake.payoutAccountNumber,
  };
  return { config: Object.freeze({ ...config, razorpay }), fake };
}
