/** The app on a real local port beside the Indian gateway's fake, which sends its signed webhooks back to it. */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll } from 'vitest';
import { startRazorpayFake } from '../src/fakes/razorpay';

type RazorpayFake = Awaited<ReturnType<typeof startRazorpayFake>>;
import { createTestContext } from './app';

/**
 * Starts the fake, builds the app with its keys (plus `env`, which may read the running fake) and listens on
 * 127.0.0.1; the fake's webhooks go to `webhookUrl`. Both are stopped after the file.
 */
export async function createRazorpayTestContext(
  env: (fake: RazorpayFake) => Record<string, string> = () => ({}),
) {
  const fake = await startRazorpayFake();
  const ctx = await createTestContext({
    RAZORPAY_KEY_ID: fake.keyId,
    RAZORPAY_KEY_SECRET: fake.keySecret,
    RAZORPAY_WEBHOOK_SECRET: fake.webhookSecret,
    RAZORPAY_API_BASE: fake.url,
    RAZORPAY_TIMEOUT_MS: '2000',
    ...env(fake),
  });
  const server = createServer(ctx.app);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const webhookUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/payments/razorpay/webhook`;
  fake.controls.setWebhookUrl(webhookUrl);
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
    await fake.stop();
  });
  return { fake, ctx, webhookUrl };
}
