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
  if (config.razorpay) return { config, fake: undefined };
  if (config.isProduction) {
    logger.warn('UPI, card and netbanking payments are off: set RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET');
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
