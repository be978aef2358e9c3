/**
 * The courier a process talks to (docs/delivery.md, "The courier"): COURIER_API_KEY's aggregator; else, outside
 * production, the fake courier of src/fakes/courier started in-process on an ephemeral port (its webhooks go to
 * this server once it listens); else none — delivery is off and says so.
 */
import { randomBytes } from 'node:crypto';
import type { Config } from '../../config/env';
import type { Logger } from '../../lib/logger';
import { startCourierFake, type CourierFake } from './index';

export async function withLocalCourier<C extends Config>(
  config: C,
  logger: Logger,
): Promise<{ config: C; fake: CourierFake | undefined }> {
  if (config.courier) return { config, fake: undefined };
  if (config.isProduction) {
    logger.warn(
      'COURIER_API_KEY is not set: delivery is off (estimates and shipments answer 503, docs/delivery.md)',
    );
    return { config, fake: undefined };
  }
  const apiKey = randomBytes(12).toString('hex');
  const webhookSecret = randomBytes(24).toString('hex');
  // the demo's parcels move one status every COURIER_FAKE_ADVANCE_MS (a minute by default) until delivered
  const fake = await startCourierFake({
    apiKey,
    webhookSecret,
    autoAdvanceMs: config.courierFakeAdvanceMs || undefined,
  });
  logger.info(
    { url: fake.url },
    'COURIER_API_KEY is not set: using the local fake courier (docs/delivery.md)',
  );
  return { config: { ...config, courier: { apiBase: fake.url, apiKey, webhookSecret } }, fake };
}
