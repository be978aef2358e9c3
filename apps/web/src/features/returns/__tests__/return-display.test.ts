import { describe, expect, it } from 'vitest';
import type { OrderLineDto, ReturnDto } from '@mp/shared';
import { decisionDeadline, lineReturnOffer, payoutStatus, returnSteps } from '../return-display';

const line = (over: Partial<OrderLineDto>): OrderLineDto =>
  ({
    _id: 'l1',
    title: 'Shoe',
    quantity: 2,
    status: 'delivered',
    returnPolicy: '7-day return',
    ...over,
  }) as OrderLineDto;
const NOW = new Date('2026-12-05T06:00:00Z');
const at = (state: ReturnDto['state'], iso: string) => ({
  kind: 'approved' as const,
  state,
  actor: 'seller' as const,
  note: null,
  at: iso,
});

describe('a delivered line’s return offer', () => {
  it('when the window is open, then it offers the units left until the last day in IST', () => {
    // delivered 4 Dec (IST), 7 days: the window ends at midnight IST after 11 Dec
    const offer = lineReturnOffer(
      line({ returnWindowEndsAt: '2026-12-11T18:30:00.000Z', returnableQuantity: 1 }),
      NOW,
    );
    expect(offer).toEqual({ kind: 'returnable', units: 1, lastDay: '11 Dec' });
  });

  it('when the line is not returnable, closed, all in a return or not delivered, then it says so or nothing', () => {
    const ends = '2026-12-11T18:30:00.000Z';
    expect(
      lineReturnOffer(line({ returnPolicy: 'Not returnable', returnWindowEndsAt: ends }), NOW).kind,
    ).toBe('notReturnable');
    expect(
      lineReturnOffer(line({ returnWindowEndsAt: '2026-12-05T05:00:00.000Z', returnableQuantity: 2 }), NOW)
        .kind,
    ).toBe('windowClosed');
    expect(lineReturnOffer(line({ returnWindowEndsAt: ends, returnableQuantity: 0 }), NOW).kind).toBe(
      'inReturn',
    );
    expect(lineReturnOffer(line({ status: 'inShipping', returnWindowEndsAt: null }), NOW).kind).toBe('none');
  });
});

describe('a return’s steps', () => {
  it('when it is picked up, then the steps before are done, picked up is now and the rest not yet', () => {
    const steps = returnSteps({
      state: 'picked_up',
      history: [
        at('requested', '2026-12-05T00:00:00Z'),
        at('approved', 'b'),
        at('pickup_scheduled', 'c'),
        at('picked_up', 'e'),
      ],
    });
    expect(steps.map((s) => s.status)).toEqual(['done', 'done', 'done', 'current', 'upcoming', 'upcoming']);
    expect(steps[0]!.at).toBe('2026-12-05T00:00:00Z');
  });

  it('when it is refunded, then every step is done', () => {
    expect(returnSteps({ state: 'refunded', history: [] }).every((s) => s.status === 'done')).toBe(true);
  });

  it('when the seller received it with no courier pickup, then the pickup steps read skipped', () => {
    const steps = returnSteps({
      state: 'refunded',
      history: [at('requested', 'a'), at('approved', 'b'), at('received', 'c'), at('refunded', 'd')],
    });
    expect(steps.map((s) => s.status)).toEqual(['done', 'done', 'skipped', 'skipped', 'done', 'done']);
  });

  it('when the seller rejects on inspection, then the steps stop at rejected after picked up', () => {
    const steps = returnSteps({
      state: 'rejected',
      history: [
        at('requested', 'a'),
        at('approved', 'b'),
        at('pickup_scheduled', 'b2'),
        at('picked_up', 'c'),
        at('rejected', 'd'),
      ],
    });
    expect(steps.map((s) => `${s.state}:${s.status}`)).toEqual([
      'requested:done',
      'approved:done',
      'pickup_scheduled:done',
      'picked_up:done',
      'rejected:stopped',
    ]);
    expect(steps.at(-1)!.at).toBe('d');
  });

  it('when the shopper cancels a requested return, then it shows requested then cancelled', () => {
    const steps = returnSteps({ state: 'cancelled', history: [at('requested', 'a'), at('cancelled', 'b')] });
    expect(steps.map((s) => s.label)).toEqual(['Requested', 'Cancelled']);
  });
});

describe('the seller’s decision deadline', () => {
  it('when 30 h 10 min are left, then it reads "decide within 31 h"; past it, it approves itself', () => {
    const due = new Date(NOW.getTime() + (30 * 60 + 10) * 60_000).toISOString();
    expect(decisionDeadline({ state: 'requested', decisionDueAt: due }, NOW)).toBe('decide within 31 h');
    expect(decisionDeadline({ state: 'requested', decisionDueAt: '2026-12-01T00:00:00Z' }, NOW)).toBe(
      'approves itself now',
    );
    expect(decisionDeadline({ state: 'approved', decisionDueAt: due }, NOW)).toBeNull();
  });
});

describe('payoutStatus', () => {
  it("when a COD refund is paid out, then each state reads as the consoles show it; a failure names the bank's reason", () => {
    expect(payoutStatus({ state: 'queued', failureReason: null })).toEqual({
      text: 'payout queued',
      failed: false,
    });
    expect(payoutStatus({ state: 'processed', failureReason: null }).text).toBe('paid out');
    expect(payoutStatus({ state: 'failed', failureReason: 'Account closed' })).toEqual({
      text: 'payout failed: Account closed (the shopper is asked for another account)',
      failed: true,
    });
  });
});
