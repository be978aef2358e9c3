/** Issue 27 item 19: the sellers' e-mails and the confirmation's price details (docs/seo-and-email.md). */
import { and, eq } from 'drizzle-orm';
import { computeTotals, priceDetails } from '@mp/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { createMailTestContext } from '../../../../test/smtp-inbox';
import { mailOutbox } from '../../../db/schema';
import { courierDelivers, menNotReturnable, paidOrder } from '../../commerce/__tests__/helpers';
import { sellerBody } from '../../sellers/__tests__/helpers';
import { mailWorkerFor } from '..';

const { inbox, ctx } = await createMailTestContext();
const admin = await ctx.loginAs('admin');
await menNotReturnable(admin);

beforeEach(async () => {
  inbox.clear();
  await ctx.db.delete(mailOutbox);
});

/** Sends what is due and answers the one message to `to` whose subject matches. */
async function mailTo(to: string, subject: RegExp) {
  await mailWorkerFor(ctx.deps).runOnce();
  const found = inbox.messages.filter((m) => m.to.includes(to) && subject.test(m.subject));
  expect(found, inbox.messages.map((m) => `${m.to} ${m.subject}`).join('\n')).toHaveLength(1);
  return found[0]!;
}

/** A seller's product (list ₹1,000, sale ₹800, 10 % more off), two of it paid for by a shopper. */
async function paidSareeOrder() {
  const seller = await ctx.loginAsSeller();
  const shopper = await paidOrder(ctx, [
    {
      title: 'Handloom Saree',
      sellerId: seller.sellerId,
      pricePaise: 100_000,
      salePricePaise: 80_000,
      discount: 10,
      quantity: 2,
    },
  ]);
  return { seller, shopper, product: shopper.products[0]!, orderId: shopper.orderId };
}

describe('seller e-mails', () => {
  it('when an order is paid, then the confirmation shows the checkout page’s price details', async () => {
    const { shopper } = await paidSareeOrder();
    const line = { price: 1000, salePrice: 800, discount: 10, quantity: 2 };
    const rows = priceDetails([line], computeTotals([line]));
    const mail = await mailTo(shopper.email, /confirmed/);
    for (const row of rows) {
      expect(mail.text).toContain(`${row.label}: ${row.shown}`);
      expect(mail.html).toContain(row.label);
    }
    expect(mail.text).toContain('Price (2 items): ₹2,000');
    expect(mail.text).toContain('Total Amount: ₹1,440');
  });

  it('when the shopper cancels a paid order, then its seller is told not to ship the lines', async () => {
    const { seller, shopper, orderId } = await paidSareeOrder();
    const res = await shopper.agent.post(`/api/shop/order/cancel/${orderId}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const mail = await mailTo(seller.email, /cancelled by the shopper/);
    expect(mail.text).toContain('Handloom Saree');
    expect(mail.text).toContain('do not ship');
  });

  it('when a refund is taken from the seller’s balance and a payout is made, then the seller hears of each', async () => {
    const { seller, orderId } = await paidSareeOrder();
    await courierDelivers(ctx.deps, orderId, seller.sellerId);
    const refund = await admin.agent
      .post(`/api/admin/orders/${orderId}/refund`)
      .send({ amount: 100, reason: 'damaged in transit' });
    expect(refund.status, JSON.stringify(refund.body)).toBeLessThan(300);
    const charged = await mailTo(seller.email, /from your balance/);
    expect(charged.text).toContain('Handloom Saree');
    expect(charged.subject).toContain('₹87.62'); // ₹100 refunded less its part of the commission, GST on it, TCS and TDS

    const payout = await admin.agent
      .post('/api/admin/payouts')
      .send({ sellerId: seller.sellerId, amount: 500, reference: 'NEFT-42' });
    expect(payout.status, JSON.stringify(payout.body)).toBe(201);
    const paid = await mailTo(seller.email, /Payout of ₹500/);
    expect(paid.text).toContain('NEFT-42');
  });

  it('when a seller registers, then the address in the form hears that the registration was received (bulk)', async () => {
    const email = `new.seller.${Date.now().toString(36)}@store.in`;
    const res = await ctx
      .anon()
      .post('/api/auth/seller/register-seller')
      .send(sellerBody({ email, storename: 'Weaves of Kanchi' }));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const [row] = await ctx.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, email), eq(mailOutbox.kind, 'seller-registration')));
    expect(row).toMatchObject({ priority: 1, recipientChosen: true });
    const mail = await mailTo(email, /received the registration/);
    expect(mail.text).toContain('Weaves of Kanchi');
  });
});
