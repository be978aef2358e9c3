/**
 * The SMS gateway adapter against the local fake (real HTTP; docs/money.md, "Cash on delivery"): a COD checkout's
 * code reaches the gateway; a gateway failure leaves the message in the durable outbox, and the sweeper sends it.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { smsOutbox } from '../../../db/schema';
import { createTestContext } from '../../../../test/app';
import { startSmsFake } from '../../../fakes/sms';
import { codCheckout } from '../../commerce/__tests__/helpers';

const fake = await startSmsFake();
afterAll(() => fake.stop());
const ctx = await createTestContext({
  SMS_API_URL: fake.url,
  SMS_API_KEY: fake.authKey,
  SMS_SENDER_ID: 'MKTPLC',
});
const seller = await ctx.loginAsSeller();

async function checkout() {
  const o = await codCheckout(ctx, [{ sellerId: seller.sellerId, pricePaise: 50_000 }]);
  expect(o.res.status, JSON.stringify(o.res.body)).toBe(201);
  return o;
}
const rowsOf = () => ctx.db.select().from(smsOutbox);

describe('SMS through the gateway', () => {
  it('when a COD order is created, then its code reaches the gateway and confirms the order', async () => {
    const before = fake.controls.messages.length;
    const o = await checkout();
    expect(fake.controls.messages.slice(before)).toEqual([
      expect.objectContaining({ sender: 'MKTPLC', message: expect.stringMatching(/^\d{6} is your code/) }),
    ]);
    const otp = /(\d{6})/.exec(fake.controls.messages.at(-1)!.message)![1]!;
    const res = await o.agent.post('/api/shop/order/cod/confirm').send({ orderId: o.orderId, otp });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await rowsOf()).every((r) => r.state === 'sent' && r.body === '')).toBe(true); // no code kept
  });

  it('when the gateway fails, then the checkout still stands and the outbox sends the code on a later try', async () => {
    const before = fake.controls.messages.length;
    fake.controls.failNext(2);
    const o = await checkout();
    expect(fake.controls.messages.length).toBe(before);
    const [pending] = (await rowsOf()).filter((r) => r.state === 'pending');
    expect(pending).toMatchObject({ attempts: 1, lastError: expect.stringContaining('could not be sent') });
    // not due yet: the sweeper leaves it; once due, it is tried again (fails once more), then sent
    expect(await ctx.deps.smsOutbox.sendDue()).toBe(0);
    for (let i = 0; i < 2; i++) {
      await ctx.db
        .update(smsOutbox)
        .set({ nextAttemptAt: new Date(0) })
        .where(eq(smsOutbox.id, pending!.id));
      await ctx.deps.smsOutbox.sendDue();
    }
    expect(fake.controls.messages.slice(before)).toHaveLength(1);
    const [sent] = await ctx.db.select().from(smsOutbox).where(eq(smsOutbox.id, pending!.id));
    expect(sent).toMatchObject({ state: 'sent', attempts: 3, body: '' });
    const otp = /(\d{6})/.exec(fake.controls.messages.at(-1)!.message)![1]!;
    const res = await o.agent.post('/api/shop/order/cod/confirm').send({ orderId: o.orderId, otp });
    expect(res.status).toBe(200);
  });

  it("when a message is past its code's 10 minutes, then it is never sent and its text is blanked", async () => {
    const before = fake.controls.messages.length;
    fake.controls.failNext(1);
    await checkout();
    const [pending] = (await rowsOf()).filter((r) => r.state === 'pending');
    await ctx.db
      .update(smsOutbox)
      .set({ nextAttemptAt: new Date(0), expiresAt: new Date(Date.now() - 1000) })
      .where(eq(smsOutbox.id, pending!.id));
    await ctx.deps.smsOutbox.sendDue();
    expect(fake.controls.messages.length).toBe(before);
    const [row] = await ctx.db.select().from(smsOutbox).where(eq(smsOutbox.id, pending!.id));
    expect(row).toMatchObject({ state: 'expired', body: '' });
  });
});
