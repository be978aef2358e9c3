/**
 * Reverse pickup against the fake courier (docs/delivery.md, "Reverse pickup"): a return's pickup queued once,
 * booked through the courier's return-order API after the courier was down and after a time-out (one return order,
 * one AWB), refused with the courier's reason, and the courier's signed events for the return AWB moving the
 * return's steps once each (replays and older events change nothing; a forged one is refused; the forward parcel
 * is untouched).
 */
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orderLines, orderShipments, returnPickups, returns } from '../../../db/schema';
import { createLogger } from '../../../lib/logger';
import { courierDelivers } from '../../commerce/__tests__/helpers';
import { createShiprocketCourier } from '../shiprocket-courier';
import { createReturnPickups, type ReturnSteps } from '../returns';
import { returnParcelOf } from '../returns/return-parcel';
import type { TestAgent } from '../../../../test/app';
import { courierTestContext } from './courier-context';

const SECRET = 'courier-webhook-secret-returns';
const { fake, ctx, deliverSent, paidOrder } = await courierTestContext(SECRET);

/** the returns core's steps, each one also written down as the test saw it */
const told: string[] = [];
const steps: ReturnSteps = {
  pickupScheduled: (id, awb, url) => {
    told.push(`scheduled ${id} ${awb} ${url}`);
    return ctx.deps.returns.pickupScheduled(id, awb, url);
  },
  pickedUp: (id) => {
    told.push(`pickedUp ${id}`);
    return ctx.deps.returns.pickedUp(id);
  },
  courierDelivered: (id, at) => {
    told.push(`delivered ${id} ${at.toISOString()}`);
    return ctx.deps.returns.courierDelivered(id, at);
  },
};
ctx.deps.returnPickups.bind({ parcelOf: returnParcelOf, steps });

/** a delivered order of two units from a seller with its pickup set; the shopper returns one, the seller approves */
async function queuedReturn() {
  const { seller, shopper, orderId } = await paidOrder(2);
  await courierDelivers(ctx.deps, orderId, seller.sellerId);
  const [line] = await ctx.db.select().from(orderLines).where(eq(orderLines.orderId, orderId));
  const asked = await shopper.agent
    .post('/api/shop/returns')
    .send({ orderId, lines: [{ lineId: line!.id, quantity: 1 }], reason: 'changed_mind' });
  expect(asked.status, JSON.stringify(asked.body)).toBe(201);
  const returnId = asked.body.data[0].id as string;
  // the approval queues the pickup in its transaction (the ReturnPickups port)
  const approved = await seller.agent.put(`/api/seller/returns/${returnId}`).send({ action: 'approve' });
  expect(approved.status, JSON.stringify(approved.body)).toBe(200);
  return { returnId, orderId, sellerId: seller.sellerId, shopper };
}

const returnOf = async (id: string) => (await ctx.db.select().from(returns).where(eq(returns.id, id)))[0]!;
const pickupOf = async (returnId: string) =>
  (await ctx.db.select().from(returnPickups).where(eq(returnPickups.returnId, returnId)))[0]!;
const makeDue = (returnId: string) =>
  ctx.db
    .update(returnPickups)
    .set({ nextAttemptAt: sql`now()` })
    .where(eq(returnPickups.returnId, returnId));

describe('booking a reverse pickup', () => {
  it('queues one pickup per return from the shopper’s address to the seller’s, with the returned units', async () => {
    const { returnId, orderId } = await queuedReturn();
    // the return approved twice (a replayed approval): still one pickup
    await ctx.db.transaction((tx) => ctx.deps.returnPickups.request(tx, returnId));
    const rows = await ctx.db.select().from(returnPickups).where(eq(returnPickups.orderId, orderId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ state: 'queued', fromPincode: '560004', toPincode: '110001', awb: null });
    expect(rows[0]!.items).toEqual([expect.objectContaining({ units: 1, unitPricePaise: 40_000 })]);
    expect(rows[0]!.weightGrams).toBeGreaterThan(0);
    // the operator sees the queue on /metrics until the courier has booked it
    const backlog = async () =>
      Number(
        /mp_queue_backlog\{queue="return_pickups"\} (\d+)/.exec(
          await ctx.deps.metrics.registry.metrics(),
        )?.[1],
      );
    expect(await backlog()).toBe(1);
    await ctx.deps.returnPickups.runQueue();
    expect(await backlog()).toBe(0);
    expect((await ctx.deps.returnPickups.viewOf([returnId])).get(returnId)).toMatchObject({
      state: 'scheduled',
    });
  });

  it('the courier down: tried again later, then booked once; the return is told its AWB and tracking page', async () => {
    const { returnId } = await queuedReturn();
    const before = fake.controls.returnOrders();
    fake.controls.failReturns(1);
    await ctx.deps.returnPickups.runQueue();
    const failed = await pickupOf(returnId);
    expect(failed).toMatchObject({ state: 'queued', attempts: 1, awb: null });
    expect(failed.lastError).toContain('503');
    expect(failed.nextAttemptAt!.getTime()).toBeGreaterThan(Date.now());
    // not due yet: nothing is tried
    await ctx.deps.returnPickups.runQueue();
    expect((await pickupOf(returnId)).attempts).toBe(1);
    await makeDue(returnId);
    await ctx.deps.returnPickups.runQueue();
    const booked = await pickupOf(returnId);
    expect(booked).toMatchObject({ state: 'scheduled', lastError: null });
    expect(booked.awb).toBe(fake.controls.returnAwbOf(booked.id));
    expect(booked.awb).toMatch(/^RX/);
    expect(booked.trackingUrl).toBe(`${fake.url}/tracking/${booked.awb}`);
    expect(fake.controls.returnOrders()).toBe(before + 1);
    expect(told.filter((t) => t.startsWith(`scheduled ${returnId}`))).toEqual([
      `scheduled ${returnId} ${booked.awb} ${booked.trackingUrl}`,
    ]);
    // the return itself is pickup scheduled with the AWB and tracking page
    expect(await returnOf(returnId)).toMatchObject({
      state: 'pickup_scheduled',
      pickupAwb: booked.awb,
      pickupTrackingUrl: booked.trackingUrl,
    });
    // the tracking page answers
    expect((await fetch(booked.trackingUrl!)).status).toBe(200);
  });

  it('a time-out after the courier made the return: the retry finds the same return order, one AWB', async () => {
    // a pickup service whose courier gives up after 300 ms
    const quick = createReturnPickups({
      db: ctx.db,
      logger: createLogger('silent'),
      courier: createShiprocketCourier({ apiBase: fake.url, apiKey: 'courier-test-key', timeoutMs: 300 }),
    });
    quick.bind({ parcelOf: returnParcelOf, steps });
    const { returnId } = await queuedReturn();
    const before = fake.controls.returnOrders();
    fake.controls.delayNextReturn(1_000);
    await quick.runQueue();
    expect(await pickupOf(returnId)).toMatchObject({ state: 'queued', attempts: 1, awb: null });
    expect(fake.controls.returnOrders()).toBe(before + 1);
    await new Promise((r) => setTimeout(r, 800));
    await makeDue(returnId);
    await quick.runQueue();
    const booked = await pickupOf(returnId);
    expect(booked.state).toBe('scheduled');
    expect(fake.controls.returnOrders()).toBe(before + 1);
    expect(booked.awb).toBe(fake.controls.returnAwbOf(booked.id));
  });

  it('two workers at once (two instances): the pickup is booked and reported once', async () => {
    const { returnId } = await queuedReturn();
    const before = fake.controls.returnOrders();
    await Promise.all([ctx.deps.returnPickups.runQueue(), ctx.deps.returnPickups.runQueue()]);
    expect((await pickupOf(returnId)).state).toBe('scheduled');
    expect(fake.controls.returnOrders()).toBe(before + 1);
    expect(told.filter((t) => t.startsWith(`scheduled ${returnId}`))).toHaveLength(1);
  });

  it('the shopper cancels: before booking the pickup is never booked; after, the AWB’s events change nothing', async () => {
    const cancel = (r: { shopper: { agent: TestAgent }; returnId: string }) =>
      r.shopper.agent.put(`/api/shop/returns/${r.returnId}`).send({ action: 'cancel' });
    await ctx.deps.returnPickups.runQueue();
    const early = await queuedReturn();
    expect((await cancel(early)).status).toBe(200);
    await ctx.deps.returnPickups.runQueue();
    expect(await pickupOf(early.returnId)).toMatchObject({ state: 'cancelled', awb: null });
    expect(fake.controls.returnAwbOf((await pickupOf(early.returnId)).id)).toBeUndefined();

    const late = await queuedReturn();
    await ctx.deps.returnPickups.runQueue();
    const awb = (await pickupOf(late.returnId)).awb!;
    expect((await cancel(late)).status).toBe(200);
    expect((await pickupOf(late.returnId)).state).toBe('cancelled');
    const from = fake.controls.sent.length;
    await fake.controls.advance(awb);
    expect(await deliverSent(from)).toEqual([200]);
    expect(told.filter((t) => t.startsWith(`pickedUp ${late.returnId}`))).toEqual([]);
    expect((await returnOf(late.returnId)).state).toBe('cancelled');
  });

  it('a booked pickup of a cancelled return is called off with the courier after commit, again if it was down', async () => {
    const cancelled = async () => {
      const r = await queuedReturn();
      await ctx.deps.returnPickups.runQueue();
      const awb = (await pickupOf(r.returnId)).awb!;
      await r.shopper.agent.put(`/api/shop/returns/${r.returnId}`).send({ action: 'cancel' });
      return { ...r, awb };
    };
    const down = await cancelled();
    fake.controls.failCancels(1);
    await ctx.deps.returnPickups.runQueue();
    expect(fake.controls.parcels.get(down.awb)!.cancelled).toBe(false);
    expect(await pickupOf(down.returnId)).toMatchObject({ state: 'cancelled', attempts: 1 });
    await makeDue(down.returnId);
    await ctx.deps.returnPickups.runQueue();
    expect(fake.controls.parcels.get(down.awb)!.cancelled).toBe(true);
    expect(await pickupOf(down.returnId)).toMatchObject({ nextAttemptAt: null, lastError: null });
    // nobody comes: the courier sends no more events for it, and the next rounds leave it alone
    const from = fake.controls.sent.length;
    await fake.controls.advance(down.awb);
    await ctx.deps.returnPickups.runQueue();
    expect(fake.controls.sent.length).toBe(from);

    // the courier had the parcel already: the refusal is kept for the admin, not retried
    const late = await cancelled();
    fake.controls.parcels.get(late.awb)!.events.push({
      event_id: 'ev_late',
      status: 'PICKED UP',
      at: new Date().toISOString(),
      location: 'Hub',
    });
    await ctx.deps.returnPickups.runQueue();
    const row = await pickupOf(late.returnId);
    expect(row).toMatchObject({ state: 'cancelled', nextAttemptAt: null });
    expect(row.lastError).toContain('already picked up');
  });

  it('a refusal by the courier leaves the pickup failed with its reason, not retried', async () => {
    const { returnId } = await queuedReturn();
    // the seller's pickup PIN code is one the courier does not know
    await ctx.db
      .update(returnPickups)
      .set({ toPincode: '999999' })
      .where(eq(returnPickups.returnId, returnId));
    await ctx.deps.returnPickups.runQueue();
    const row = await pickupOf(returnId);
    expect(row).toMatchObject({ state: 'failed', attempts: 1, nextAttemptAt: null, awb: null });
    expect(row.lastError).toContain('422');
    expect(told.some((t) => t.includes(returnId))).toBe(false);
  });
});

describe("the courier's events for a return AWB", () => {
  async function booked() {
    const r = await queuedReturn();
    await ctx.deps.returnPickups.runQueue();
    return { ...r, awb: (await pickupOf(r.returnId)).awb! };
  }

  it('picked up and delivered to the seller move the return once each; replays and in-transit change nothing', async () => {
    const { returnId, orderId, awb } = await booked();
    const from = fake.controls.sent.length;
    await fake.controls.advance(awb); // PICKED UP
    await fake.controls.duplicate(awb); // the same event again
    await fake.controls.advance(awb); // IN TRANSIT
    await fake.controls.advance(awb); // DELIVERED (to the seller)
    await fake.controls.duplicate(awb);
    expect(await deliverSent(from)).toEqual([200, 200, 200, 200, 200]);
    const mine = told.filter((t) => t.includes(returnId) && !t.startsWith('scheduled'));
    expect(mine).toHaveLength(2);
    expect(mine[0]).toBe(`pickedUp ${returnId}`);
    expect(mine[1]).toMatch(new RegExp(`^delivered ${returnId} `));
    const row = await pickupOf(returnId);
    expect(row.state).toBe('delivered');
    expect(row.pickedUpAt).not.toBeNull();
    // the return was picked up and is back at the seller: its 48-hour refund timer runs
    const ret = await returnOf(returnId);
    expect(ret.state).toBe('picked_up');
    expect(ret.courierDeliveredAt).not.toBeNull();
    expect(ret.refundDueAt).not.toBeNull();
    expect(row.deliveredAt).not.toBeNull();
    // the forward parcel of the order is not touched by the return's events
    const forward = await ctx.db.select().from(orderShipments).where(eq(orderShipments.orderId, orderId));
    expect(forward.every((s) => s.trackingState === null)).toBe(true);
  });

  it('a delivered event arriving before the pickup reports both steps, in order, once', async () => {
    const { returnId, awb } = await booked();
    const from = fake.controls.sent.length;
    await fake.controls.reorder(awb, ['PICKED UP', 'IN TRANSIT', 'DELIVERED']);
    expect(await deliverSent(from)).toEqual([200, 200, 200]);
    const mine = told.filter((t) => t.includes(returnId) && !t.startsWith('scheduled'));
    expect(mine.map((t) => t.split(' ')[0])).toEqual(['pickedUp', 'delivered']);
    expect((await pickupOf(returnId)).state).toBe('delivered');
  });

  it('a forged event is refused before anything changes', async () => {
    const { returnId, awb } = await booked();
    const body = JSON.stringify({
      awb,
      current_status: 'DELIVERED',
      current_timestamp: new Date().toISOString(),
    });
    const res = await ctx
      .anon()
      .post('/api/couriers/webhook')
      .set('content-type', 'application/json')
      .set('x-courier-signature', 'f'.repeat(64))
      .send(body);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('INVALID_SIGNATURE');
    expect((await pickupOf(returnId)).state).toBe('scheduled');
    expect(told.filter((t) => t.includes(returnId) && !t.startsWith('scheduled'))).toEqual([]);
  });

  it('the polling safety net applies events the webhook never brought', async () => {
    const { returnId, awb } = await booked();
    fake.controls.webhookUrl = undefined;
    await fake.controls.advance(awb);
    await fake.controls.advance(awb);
    await fake.controls.advance(awb);
    expect(await ctx.deps.returnPickups.poll()).toBeGreaterThanOrEqual(2);
    expect((await pickupOf(returnId)).state).toBe('delivered');
    expect(told.filter((t) => t.includes(returnId) && !t.startsWith('scheduled'))).toHaveLength(2);
  });
});
