/**
 * Refunds of cash-on-delivery returns against the fake gateway's RazorpayX payouts, real HTTP both ways (docs/money.md,
 * "Refunds of cash-on-delivery returns"): the shopper's UPI id or bank account checked by the gateway's validation,
 * one payout per return whatever is retried (the gateway down, a lost answer), its signed `payout.*` webhook (replayed,
 * reversed, forged) and the polling of a payout on its way.
 */
import { eq, like, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { codRefundPayouts, gatewayEvents, mailOutbox } from '../../../../db/schema';
import { renderMail, type MailPayload } from '../../../mail/mail-payloads';
import { createLogger } from '../../../../lib/logger';
import { createRazorpayTestContext } from '../../../../../test/razorpay';
import { codCheckout, courierDelivers, deliveredOrder } from '../../__tests__/helpers';
import { createCodReturnRefunds } from '..';
import { rowOfReference } from '../pay-cod-refunds';
import type { RefundToInput } from '@mp/shared';

const { fake, ctx, webhookUrl } = await createRazorpayTestContext((f) => ({
  RAZORPAYX_ACCOUNT_NUMBER: f.payoutAccountNumber,
}));
beforeEach(() => {
  fake.controls.reset();
  fake.controls.setWebhookUrl(webhookUrl);
  fake.controls.payouts.planPayouts('processed');
});

const refunds = ctx.deps.codReturnRefunds;
const UPI: RefundToInput = { kind: 'upi', vpa: 'asha@okaxis' };

const rowOf = async (returnId: string) =>
  (await ctx.db.select().from(codRefundPayouts).where(eq(codRefundPayouts.returnId, returnId)))[0]!;
const makeDue = (returnId: string) =>
  ctx.db
    .update(codRefundPayouts)
    .set({ nextAttemptAt: sql`now()` })
    .where(eq(codRefundPayouts.returnId, returnId));
const payoutsTo = (fundAccountId: string | null) =>
  [...fake.controls.payouts.payouts.values()].filter((p) => p.fund_account_id === fundAccountId);

async function until(what: () => Promise<boolean>, ms = 3000) {
  const end = Date.now() + ms;
  while (!(await what())) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** a return requested of a delivered order (the returns core's row the payout belongs to) */
async function aReturn(): Promise<string> {
  const seller = await ctx.loginAsSeller();
  const shopper = await deliveredOrder(ctx, [
    { sellerId: seller.sellerId, pricePaise: 100_000, totalStock: 5 },
  ]);
  const { orderId, order } = shopper;
  const res = await shopper.agent
    .post('/api/shop/returns')
    .send({ orderId, lines: [{ lineId: order.cartItems[0]._id, quantity: 1 }], reason: 'changed_mind' });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data[0].id as string;
}

/** the returns core's refund step of a COD return: the port, in its transaction */
async function refunded(amountPaise: number, refundTo: RefundToInput = UPI) {
  const returnId = await aReturn();
  await ctx.db.transaction((tx) => refunds.send(tx, { returnId, refundTo, amountPaise }));
  return returnId;
}

/** a cash-on-delivery order of `quantity` units, confirmed by its OTP and delivered (the courier collected the cash) */
async function deliveredCodOrder(quantity: number) {
  const seller = await ctx.loginAsSeller();
  const o = await codCheckout(ctx, [{ sellerId: seller.sellerId, pricePaise: 100_000, quantity }]);
  const otp = /(\d{6})/.exec(ctx.deps.sms.sent.at(-1)!.text)![1]!;
  const placed = await o.agent.post('/api/shop/order/cod/confirm').send({ orderId: o.orderId, otp });
  expect(placed.status, JSON.stringify(placed.body)).toBe(200);
  await courierDelivers(ctx.deps, o.orderId, seller.sellerId);
  return { seller, o, lineId: placed.body.data.cartItems[0]._id as string };
}

describe('checking where a COD return is refunded', () => {
  it('refuses a malformed UPI id, IFSC or account number before asking the gateway', async () => {
    for (const bad of [
      { kind: 'upi', vpa: 'no-at-sign' },
      { kind: 'bank', accountNumber: '12345678', ifsc: 'HDFC0001234', name: 'Asha' },
      { kind: 'bank', accountNumber: '123456789012', ifsc: 'HDFC1001234', name: 'Asha' },
    ]) {
      const r = await refunds.check(bad);
      expect(r).toMatchObject({ ok: false, code: 'VALIDATION_FAILED' });
    }
    expect(fake.controls.calls).toEqual([]);
  });

  it("answers the gateway's registered name for a live UPI id or account, 422 for one it says is invalid", async () => {
    fake.controls.payouts.registerName('asha@okaxis', 'ASHA RAO');
    expect(await refunds.check(UPI)).toEqual({ ok: true, registeredName: 'ASHA RAO' });
    const bank = { kind: 'bank', accountNumber: '123456789012', ifsc: 'hdfc0001234', name: 'Asha Rao' };
    expect(await refunds.check(bank)).toEqual({ ok: true, registeredName: 'Asha Rao' });
    expect(fake.controls.calls.map((c) => c.path)).toContain('/v1/fund_accounts/validations');
    fake.controls.payouts.markInvalid('gone@okicici');
    const bad = await refunds.check({ kind: 'upi', vpa: 'gone@okicici' });
    expect(bad).toMatchObject({ ok: false, code: 'REFUND_DESTINATION_INVALID' });
    await expect(refunds.assertValid({ kind: 'upi', vpa: 'gone@okicici' })).rejects.toMatchObject({
      status: 422,
      code: 'REFUND_DESTINATION_INVALID',
    });
  });

  it('without a payout account the capability is off and says so (503)', async () => {
    const off = createCodReturnRefunds({ db: ctx.db, logger: createLogger('silent'), gateway: undefined });
    expect(off.available).toBe(false);
    await expect(off.assertValid(UPI)).rejects.toMatchObject({
      status: 503,
      code: 'COD_RETURNS_UNAVAILABLE',
    });
  });
});

describe('paying a COD return refund out', () => {
  it("a COD order's return the seller receives: the refund is paid once to the shopper's UPI id", async () => {
    const { seller, o, lineId } = await deliveredCodOrder(2);
    // a UPI id the gateway says is not live: refused at request time, nothing recorded
    fake.controls.payouts.markInvalid('closed@okicici');
    const refused = await o.agent.post('/api/shop/returns').send({
      orderId: o.orderId,
      lines: [{ lineId, quantity: 1 }],
      reason: 'changed_mind',
      refundTo: { kind: 'upi', vpa: 'closed@okicici' },
    });
    expect([refused.status, refused.body.code]).toEqual([422, 'REFUND_DESTINATION_INVALID']);
    expect((await o.agent.get('/api/shop/returns')).body.data).toEqual([]);
    const asked = await o.agent
      .post('/api/shop/returns')
      .send({ orderId: o.orderId, lines: [{ lineId, quantity: 1 }], reason: 'changed_mind', refundTo: UPI });
    expect(asked.status, JSON.stringify(asked.body)).toBe(201);
    const ret = asked.body.data[0];
    for (const action of ['approve', 'received'])
      expect((await seller.agent.put(`/api/seller/returns/${ret.id}`).send({ action })).status).toBe(200);
    const row = await rowOf(ret.id);
    expect(row).toMatchObject({ state: 'queued', amountPaise: Math.round(ret.refundAmount * 100) });
    expect(row.destination).toEqual(UPI);
    await refunds.runQueue();
    await fake.controls.settled();
    await until(async () => (await rowOf(ret.id)).state === 'processed');
    expect(payoutsTo((await rowOf(ret.id)).fundAccountId)).toEqual([
      expect.objectContaining({ amount: row.amountPaise, mode: 'UPI', status: 'processed' }),
    ]);
  });

  it('a failed payout: the shopper sees why and gives another account, which is checked and paid once', async () => {
    const { seller, o, lineId } = await deliveredCodOrder(1);
    const asked = await o.agent
      .post('/api/shop/returns')
      .send({ orderId: o.orderId, lines: [{ lineId, quantity: 1 }], reason: 'changed_mind', refundTo: UPI });
    expect(asked.status, JSON.stringify(asked.body)).toBe(201);
    const returnId = asked.body.data[0].id as string;
    const change = (refundTo: unknown, agent = o.agent) =>
      agent.put(`/api/shop/returns/${returnId}`).send({ action: 'refundTo', refundTo });
    const bank: RefundToInput = {
      kind: 'bank',
      name: 'Asha Rao',
      accountNumber: '123456789012',
      ifsc: 'HDFC0001234',
    };
    // not refunded yet: nothing to pay again
    expect((await change(bank)).body.code).toBe('RETURN_STATE_CONFLICT');
    fake.controls.payouts.planPayouts('failed');
    for (const action of ['approve', 'received'])
      expect((await seller.agent.put(`/api/seller/returns/${returnId}`).send({ action })).status).toBe(200);
    await refunds.runQueue();
    await fake.controls.settled();
    await until(async () => (await rowOf(returnId)).state === 'failed');
    const failed = await rowOf(returnId);
    const mine = async () =>
      ((await o.agent.get('/api/shop/returns')).body.data as { id: string }[]).find((r) => r.id === returnId);
    expect(await mine()).toMatchObject({
      refundPayout: { state: 'failed', failureReason: failed.failureReason },
    });
    // and is told by mail, once, with the bank's reason and where it went
    const failedMails = async () =>
      ctx.db
        .select({ key: mailOutbox.dedupeKey, payload: mailOutbox.payload })
        .from(mailOutbox)
        .where(like(mailOutbox.dedupeKey, `return:${returnId}:refund_failed%`));
    const [told] = await failedMails();
    expect(told?.key).toBe(`return:${returnId}:refund_failed`);
    const mail = renderMail(told!.payload as MailPayload, 'https://shop.example');
    expect(mail.subject).toContain('refund not paid');
    expect(mail.text).toContain(`to as•••@okaxis.`);
    expect(mail.text).toContain(`The bank said: ${failed.failureReason}`);

    // another shopper cannot; an account the gateway says is not live is refused and changes nothing
    expect((await change(bank, (await ctx.loginAs('user')).agent)).status).toBe(404);
    fake.controls.payouts.markInvalid('gone@okicici');
    const refused = await change({ kind: 'upi', vpa: 'gone@okicici' });
    expect([refused.status, refused.body.code]).toEqual([422, 'REFUND_DESTINATION_INVALID']);
    expect(await rowOf(returnId)).toMatchObject({ state: 'failed', destination: UPI, round: 0 });

    fake.controls.payouts.planPayouts('processed');
    const again = await change(bank);
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.data.refundTo).toEqual({
      kind: 'bank',
      display: 'Asha Rao · A/c •••9012 · HDFC0001234',
    });
    expect(again.body.data.refundPayout).toEqual({ state: 'queued', failureReason: null });
    expect(again.body.data.history.at(-1)).toMatchObject({ kind: 'refund_to_changed', actor: 'shopper' });
    await refunds.runQueue();
    await fake.controls.settled();
    await until(async () => (await rowOf(returnId)).state === 'processed');
    const paid = await rowOf(returnId);
    // a new payout (a key of its own) to the bank account, for the same amount; the failed one stays failed
    expect(paid).toMatchObject({ round: 1, destination: bank, amountPaise: failed.amountPaise });
    expect(paid.payoutId).not.toBe(failed.payoutId);
    expect(payoutsTo(paid.fundAccountId)).toEqual([
      expect.objectContaining({ amount: failed.amountPaise, mode: 'IMPS', status: 'processed' }),
    ]);
    expect(payoutsTo(failed.fundAccountId)).toEqual([expect.objectContaining({ status: 'failed' })]);
    // paid: nothing waits for another account any more, and no second mail
    expect((await change(UPI)).body.code).toBe('RETURN_STATE_CONFLICT');
    expect(await failedMails()).toHaveLength(1);
  });

  it('one payout per return, by UPI, processed through its signed webhook', async () => {
    const returnId = await refunded(39_900);
    // the refund step reported twice: still one payout row
    await ctx.db.transaction((tx) => refunds.send(tx, { returnId, refundTo: UPI, amountPaise: 39_900 }));
    expect(
      await ctx.db.select().from(codRefundPayouts).where(eq(codRefundPayouts.returnId, returnId)),
    ).toHaveLength(1);
    await refunds.runQueue();
    await fake.controls.settled();
    await until(async () => (await rowOf(returnId)).state === 'processed');
    const row = await rowOf(returnId);
    const made = payoutsTo(row.fundAccountId);
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({ amount: 39_900, mode: 'UPI', purpose: 'refund', status: 'processed' });
    expect(row.processedAt).not.toBeNull();
    expect((await refunds.viewOf([returnId])).get(returnId)).toEqual({
      state: 'processed',
      failureReason: null,
    });
    // nothing left to pay: the queue makes no second payout
    await makeDue(returnId);
    await refunds.runQueue();
    expect(payoutsTo(row.fundAccountId)).toHaveLength(1);
  });

  it('two workers at once (two instances): one payout call', async () => {
    const returnId = await refunded(4_400);
    await Promise.all([refunds.runQueue(), refunds.runQueue()]);
    await fake.controls.settled();
    expect(fake.controls.calls.filter((c) => c.path === '/v1/payouts')).toHaveLength(1);
    await until(async () => (await rowOf(returnId)).state === 'processed');
  });

  it('the gateway down: tried again later with the same key, paid once', async () => {
    const returnId = await refunded(12_300, {
      kind: 'bank',
      accountNumber: '987654321098',
      ifsc: 'SBIN0000456',
      name: 'Ravi K',
    });
    fake.controls.failNext(1);
    await refunds.runQueue();
    const waiting = await rowOf(returnId);
    expect(waiting).toMatchObject({ state: 'queued', attempts: 1, payoutId: null });
    expect(waiting.lastError).toBeTruthy();
    expect(waiting.nextAttemptAt!.getTime()).toBeGreaterThan(Date.now());
    await makeDue(returnId);
    await refunds.runQueue();
    await fake.controls.settled();
    await until(async () => (await rowOf(returnId)).state === 'processed');
    const row = await rowOf(returnId);
    expect(payoutsTo(row.fundAccountId)).toEqual([expect.objectContaining({ amount: 12_300, mode: 'IMPS' })]);
  });

  it('a payout made whose answer was lost: the retry with the same key is the same payout', async () => {
    fake.controls.payouts.planPayouts('hold');
    const returnId = await refunded(5_000);
    const row = await rowOf(returnId);
    // an earlier attempt reached the gateway and the process died before recording the answer
    const gateway = (await import('../razorpayx-payouts')).createRazorpayXPayouts({
      ...ctx.config.razorpay!,
      payoutAccountNumber: fake.payoutAccountNumber,
    });
    const fundAccountId = await gateway.fundAccount(UPI, row.id);
    const first = await gateway.payout({
      key: row.id,
      fundAccountId,
      amountPaise: 5_000,
      upi: true,
      reference: row.id,
    });
    await refunds.runQueue();
    expect(await rowOf(returnId)).toMatchObject({ state: 'processing', payoutId: first.id });
    expect(payoutsTo(fundAccountId)).toHaveLength(1);
  });

  it("a payout's event read while the worker records it still finds its row by the reference, for that payout only", async () => {
    fake.controls.payouts.planPayouts('hold');
    const returnId = await refunded(6_600);
    await refunds.runQueue();
    const row = await rowOf(returnId);
    expect(row).toMatchObject({ state: 'processing' });
    // the webhook's look-up by payout id ran just before the worker's answer committed: the reference still names
    // the row for this payout, never for another one
    expect((await rowOfReference(ctx.db, row.id, row.payoutId!))?.id).toBe(row.id);
    expect(await rowOfReference(ctx.db, row.id, 'pout_someoneelse')).toBeUndefined();
    expect(await rowOfReference(ctx.db, `${row.id}:1`, row.payoutId!)).toBeUndefined();
  });

  it('a reversed payout (webhook replayed) is failed with the reason for the admin, once', async () => {
    fake.controls.payouts.planPayouts('reversed');
    fake.controls.planWebhooks({ replay: 3 });
    const returnId = await refunded(7_700);
    await refunds.runQueue();
    await fake.controls.settled();
    await until(async () => (await rowOf(returnId)).state === 'failed');
    const row = await rowOf(returnId);
    expect(row.failureReason).toContain('rejected');
    expect((await refunds.viewOf([returnId])).get(returnId)).toEqual({
      state: 'failed',
      failureReason: row.failureReason,
    });
    const stored = await ctx.db
      .select()
      .from(gatewayEvents)
      .where(eq(gatewayEvents.eventType, 'payout.reversed'));
    expect(stored).toHaveLength(1);
    expect(payoutsTo(row.fundAccountId)).toHaveLength(1);
  });

  it('a payout whose webhook never came is asked about until processed', async () => {
    fake.controls.payouts.planPayouts('hold');
    fake.controls.setWebhookUrl(undefined);
    const returnId = await refunded(2_500);
    await refunds.runQueue();
    const row = await rowOf(returnId);
    expect(row.state).toBe('processing');
    await fake.controls.payouts.settle(row.payoutId!, 'processed');
    await refunds.runQueue(); // not due yet
    expect((await rowOf(returnId)).state).toBe('processing');
    await makeDue(returnId);
    await refunds.runQueue();
    expect((await rowOf(returnId)).state).toBe('processed');
  });

  it("a payout's event that comes before the worker recorded the payout finds the row by its reference, this round's only", async () => {
    const returnId = await refunded(5_500);
    const row = await rowOf(returnId);
    // an earlier round's payout (the plain id once the row is in round 1) and a stranger's reference: unknown
    await ctx.db.update(codRefundPayouts).set({ round: 1 }).where(eq(codRefundPayouts.id, row.id));
    const event = (reference: string) => ({
      id: `pout_early_${reference.length}`,
      status: 'processed',
      reference_id: reference,
    });
    expect(await refunds.applyPayoutEvent(event(row.id))).toBe('unknown');
    expect(await refunds.applyPayoutEvent(event('not-a-row:1'))).toBe('unknown');
    expect(await rowOf(returnId)).toMatchObject({ state: 'queued', payoutId: null });
    // this round's payout: processed, its id recorded
    expect(await refunds.applyPayoutEvent(event(`${row.id}:1`))).toBe('applied');
    expect(await rowOf(returnId)).toMatchObject({
      state: 'processed',
      payoutId: `pout_early_${row.id.length + 2}`,
    });
  });

  it('a forged payout webhook is refused and changes nothing', async () => {
    fake.controls.payouts.planPayouts('hold');
    const returnId = await refunded(3_000);
    await refunds.runQueue();
    const row = await rowOf(returnId);
    const body = JSON.stringify({
      event: 'payout.processed',
      payload: { payout: { entity: { id: row.payoutId, status: 'processed' } } },
    });
    const res = await fetch(webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-razorpay-signature': 'a'.repeat(64) },
      body,
    });
    expect(res.status).toBe(400);
    expect((await rowOf(returnId)).state).toBe('processing');
  });
});
