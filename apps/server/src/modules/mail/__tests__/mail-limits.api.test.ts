/** Issue 27 item 6: mail floods (docs/seo-and-email.md, "Priority and limits"). */
import { eq } from 'drizzle-orm';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext } from '../../../../test/app';
import { startSmtpInbox } from '../../../../test/smtp-inbox';
import { mailOutbox, orders } from '../../../db/schema';
import { createLogger } from '../../../lib/logger';
import { addAddress, addToCart, insertProduct, sandboxCheckout } from '../../commerce/__tests__/helpers';
import { enqueueMails, type OutboxMail } from '../mail-outbox';
import { createMailTransport } from '../mail-transport';
import { createMailWorker } from '../mail-worker';

const inbox = await startSmtpInbox();
const ctx = await createTestContext({
  SMTP_URL: inbox.url,
  MAIL_PER_RECIPIENT_PER_HOUR: '3',
  MAIL_PER_CLIENT_PER_HOUR: '8',
});
afterAll(() => inbox.close());

beforeEach(async () => {
  inbox.clear();
  await ctx.db.delete(mailOutbox);
});

/** A shopper with an address; each paid order is one product the marketplace lists itself (one mail each). */
async function shopper() {
  const s = await ctx.loginAs('user');
  const addressId = await addAddress(s.agent);
  return {
    ...s,
    async pay() {
      const p = await insertProduct(ctx.db, { totalStock: 10 });
      await addToCart(s.agent, p.id, 1);
      return sandboxCheckout(s.agent, addressId);
    },
  };
}

const confirmationsTo = async (email: string) =>
  (await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email))).filter(
    (m) => m.kind === 'order-confirmation',
  );

describe('mail limits', () => {
  it('when one account pays more orders in an hour than its address may be mailed, then the orders are paid and the extra mails are not queued', async () => {
    const s = await shopper();
    const paid = [];
    for (let i = 0; i < 5; i++) paid.push(await s.pay());
    for (const { orderId } of paid) {
      const [o] = await ctx.db.select().from(orders).where(eq(orders.id, orderId));
      expect(o!.paymentStatus).toBe('paid');
    }
    expect(await confirmationsTo(s.email)).toHaveLength(3);
  });

  it('when one client floods through several accounts, then it causes at most its hourly number of mails', async () => {
    const accounts = [await shopper(), await shopper(), await shopper(), await shopper()];
    for (const s of accounts) {
      for (let i = 0; i < 3; i++) await s.pay(); // 12 paid orders from one client address
    }
    const queued = await ctx.db.select().from(mailOutbox);
    expect(queued).toHaveLength(8);
    expect(new Set(queued.map((m) => m.clientAddress)).size).toBe(1);
    expect(queued[0]!.clientAddress).toBeTruthy();
  });

  it('when a real order mail is queued behind 500 bulk ones, then it is sent first', async () => {
    const bulk: OutboxMail[] = Array.from({ length: 500 }, (_, i) => ({
      dedupeKey: `test-bulk:${i}`,
      to: `seller${i}@test.in`,
      payload: { kind: 'seller-decision', storename: `Store ${i}`, decision: 'approved' },
    }));
    await enqueueMails(ctx.db, bulk);
    const s = await shopper();
    const { orderId } = await s.pay();

    const worker = createMailWorker({
      db: ctx.db,
      transport: createMailTransport({ smtpUrl: inbox.url, mailDir: '' }),
      from: 'shop@test.in',
      publicUrl: 'https://shop.example.in',
      logger: createLogger('silent'),
      batchSize: 1,
    });
    expect(await worker.runOnce()).toEqual({ sent: 1, failed: 0 });
    expect(inbox.messages).toHaveLength(1);
    expect(inbox.messages[0]!.to).toContain(s.email);
    expect(inbox.messages[0]!.subject).toMatch(/confirmed/); // the confirmation, not a seller decision
    const [row] = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.status, 'sent'));
    expect(row!.dedupeKey).toBe(`order-confirmation:${orderId}`);
  });
});
