/**
 * The app of the delivery API tests with its own fake courier (docs/delivery.md): the fake's webhooks go straight
 * into the app (supertest), signed as the courier signs them; a seller with its pickup set.
 */
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, expect } from 'vitest';
import { startCourierFake } from '../../../fakes/courier';
import { createTestContext } from '../../../../test/app';
import { paidOrder as sandboxPaidOrder } from '../../commerce/__tests__/helpers';

const KEY = 'courier-test-key';

export async function courierTestContext(secret: string) {
  // the fake must be up before the app is made: its URL is configuration
  const fake = await startCourierFake({ apiKey: KEY, webhookSecret: secret });
  const ctx = await createTestContext({
    COURIER_API_BASE: fake.url,
    COURIER_API_KEY: KEY,
    COURIER_WEBHOOK_SECRET: secret,
  });
  beforeAll(() => {
    fake.controls.webhookUrl = undefined;
  });
  afterAll(() => fake.stop());

  /** the fake's webhooks sent since `from`, posted to the app; answers their statuses */
  async function deliverSent(from: number) {
    const statuses: number[] = [];
    for (const body of fake.controls.sent.slice(from)) {
      const sig = createHmac('sha256', secret).update(body).digest('hex');
      const res = await ctx
        .anon()
        .post('/api/couriers/webhook')
        .set('content-type', 'application/json')
        .set('x-courier-signature', sig)
        .send(body);
      statuses.push(res.status);
    }
    return statuses;
  }

  async function sellerWithPickup(pin = '110001') {
    const seller = await ctx.loginAsSeller();
    const res = await seller.agent.put('/api/seller/delivery/settings').send({
      pickupAddress: '4 Chandni Chowk, Delhi',
      pickupPincode: pin,
      dispatchDays: 1,
      cutoff: '14:00',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return seller;
  }

  /** a paid order of `units` of one ₹400 footwear product of `seller`, to PIN 560004 */
  async function paidOrderOf<S extends { sellerId: string }>(seller: S, units = 1) {
    const shopper = await sandboxPaidOrder(
      ctx,
      [{ sellerId: seller.sellerId, pricePaise: 40_000, category: 'footwear', quantity: units }],
      { pincode: '560004' },
    );
    return { seller, shopper, product: shopper.products[0]!, orderId: shopper.orderId };
  }

  /** the same from a new seller with its pickup set */
  const paidOrder = async (units = 1) => paidOrderOf(await sellerWithPickup(), units);

  return { fake, ctx, deliverSent, sellerWithPickup, paidOrder, paidOrderOf };
}
