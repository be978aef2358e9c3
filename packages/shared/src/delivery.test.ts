import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  DEFAULT_DISPATCH,
  TRACKING_STATES,
  billedGrams,
  formatPromise,
  handoverDate,
  isLate,
  isPincode,
  packageFor,
  parcelBilledGrams,
  promisedDate,
  shippingChargePaise,
  trackingMoves,
  trackingState,
  trackingTimeline,
  weightSlabs,
  type TrackingEvent,
} from './delivery';
import { deliveryChargeFor } from './pricing';

/** An instant given as IST wall-clock time. */
const ist = (local: string): Date => new Date(`${local}+05:30`);
const none = new Set<string>();

describe('PIN codes', () => {
  it.each(['110001', '560034', '799001'])('accepts %s', (p) => expect(isPincode(p)).toBe(true));
  it.each(['012345', '11000', '1100011', '11000a', ' 110001', ''])('refuses %j', (p) =>
    expect(isPincode(p)).toBe(false),
  );
});

describe('billed weight', () => {
  it('a 30×30×30 cm box of 1 kg bills 5.4 kg (volumetric L×W×H/5000)', () => {
    expect(billedGrams({ weightGrams: 1000, lengthCm: 30, widthCm: 30, heightCm: 30 })).toBe(5400);
  });

  it('a heavy small box bills its actual weight', () => {
    expect(billedGrams({ weightGrams: 2300, lengthCm: 10, widthCm: 10, heightCm: 10 })).toBe(2300);
  });

  it('the courier charges each started 0.5 kg: 5.4 kg is 11 slabs, 0.5 kg is 1, nothing is still 1', () => {
    expect(weightSlabs(5400)).toBe(11);
    expect(weightSlabs(500)).toBe(1);
    expect(weightSlabs(0)).toBe(1);
  });

  it('is never below the actual or the volumetric weight (property)', () => {
    const dim = fc.integer({ min: 1, max: 120 });
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 50_000 }), dim, dim, dim, (w, l, b, h) => {
        const g = billedGrams({ weightGrams: w, lengthCm: l, widthCm: b, heightCm: h });
        expect(g).toBeGreaterThanOrEqual(w);
        expect(g).toBeGreaterThanOrEqual((l * b * h) / 5);
        expect(g === w || g === Math.ceil((l * b * h) / 5)).toBe(true);
      }),
    );
  });

  it('one parcel of several units weighs their sum against their summed volume', () => {
    const shirt = { weightGrams: 400, lengthCm: 30, widthCm: 25, heightCm: 4 }; // 600 g volumetric
    expect(parcelBilledGrams([{ pkg: shirt, quantity: 3 }])).toBe(1800);
  });

  it('a product without its own package ships as its category default', () => {
    expect(packageFor('appliances', null).weightGrams).toBe(6000);
    expect(packageFor('men', { weightGrams: 250 })).toMatchObject({ weightGrams: 250, lengthCm: 30 });
  });
});

describe('shipping charge per seller sub-order', () => {
  it('is the zone rate for the slabs: zone D, 5.4 kg → ₹60 + 10 × ₹40', () => {
    expect(shippingChargePaise({ subtotalPaise: 40_000, billedGrams: 5400, zone: 'D' })).toBe(46_000);
  });

  it('keeps the platform free-delivery rule: above ₹500 it is free, at ₹500 it is charged', () => {
    expect(shippingChargePaise({ subtotalPaise: 50_001, billedGrams: 5400, zone: 'E' })).toBe(0);
    expect(shippingChargePaise({ subtotalPaise: 50_000, billedGrams: 400, zone: 'A' })).toBe(3_000);
    expect(deliveryChargeFor(500)).toBe(40);
    expect(deliveryChargeFor(500.01)).toBe(0);
  });

  it('never goes down as the parcel gets heavier (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 30_000 }),
        fc.integer({ min: 0, max: 30_000 }),
        fc.constantFrom('A', 'B', 'C', 'D', 'E' as const),
        (a, b, zone) => {
          const [lo, hi] = a <= b ? [a, b] : [b, a];
          const at = (g: number) => shippingChargePaise({ subtotalPaise: 10_000, billedGrams: g, zone });
          expect(at(hi)).toBeGreaterThanOrEqual(at(lo));
        },
      ),
    );
  });
});

describe('the promised date, in IST on a fixed clock', () => {
  const rules = { ...DEFAULT_DISPATCH, dispatchDays: 1, cutoff: '14:00' };

  it('13:59 and 14:01 with a 14:00 cut-off are one working day apart', () => {
    const before = promisedDate({
      orderedAt: ist('2026-12-01T13:59:00'),
      rules,
      routeDays: 2,
      holidays: none,
    });
    const after = promisedDate({
      orderedAt: ist('2026-12-01T14:01:00'),
      rules,
      routeDays: 2,
      holidays: none,
    });
    // Tue 13:59 → hand-over Wed 2 → Fri 4; 14:01 → counts from Wed → hand-over Thu 3 → Sat 5
    expect(before).toBe('2026-12-04');
    expect(after).toBe('2026-12-05');
    expect(formatPromise(before)).toBe('Fri, 4 Dec');
  });

  it('the cut-off is IST: 08:29 UTC is 13:59 IST, before a 14:00 cut-off', () => {
    expect(handoverDate(new Date('2026-12-01T08:29:00Z'), rules, none)).toBe('2026-12-02');
    expect(handoverDate(new Date('2026-12-01T08:31:00Z'), rules, none)).toBe('2026-12-03');
  });

  it('skips Sundays and the admin holidays, for the seller and the courier', () => {
    // Sat 5 Dec after cut-off → Mon 7 counts, hand-over Tue 8 (Mon is a holiday here → Tue counts, Wed hand-over)
    const holidays = new Set(['2026-12-07']);
    expect(handoverDate(ist('2026-12-05T15:00:00'), rules, none)).toBe('2026-12-08');
    expect(handoverDate(ist('2026-12-05T15:00:00'), rules, holidays)).toBe('2026-12-09');
    // hand-over Fri 4, one courier day: Sat 5; two: Mon 7 (Sunday skipped), three with Mon a holiday: Wed 9
    const friday = ist('2026-12-03T10:00:00');
    expect(promisedDate({ orderedAt: friday, rules, routeDays: 1, holidays: none })).toBe('2026-12-05');
    expect(promisedDate({ orderedAt: friday, rules, routeDays: 2, holidays: none })).toBe('2026-12-07');
    expect(promisedDate({ orderedAt: friday, rules, routeDays: 2, holidays })).toBe('2026-12-08');
  });

  it('a later order is never promised earlier (property)', () => {
    const start = Date.parse('2026-11-01T00:00:00Z');
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 60 * 24 * 60 }),
        fc.integer({ min: 0, max: 60 * 24 * 10 }),
        fc.integer({ min: 0, max: 4 }),
        fc.integer({ min: 0, max: 7 }),
        (m, gap, dispatchDays, routeDays) => {
          const r = { ...rules, dispatchDays };
          const a = promisedDate({
            orderedAt: new Date(start + m * 60_000),
            rules: r,
            routeDays,
            holidays: none,
          });
          const b = promisedDate({
            orderedAt: new Date(start + (m + gap) * 60_000),
            rules: r,
            routeDays,
            holidays: none,
          });
          expect(b >= a).toBe(true);
        },
      ),
    );
  });

  it('a parcel past its promised date and not delivered is late', () => {
    expect(isLate('2026-12-04', 'inTransit', ist('2026-12-05T00:01:00'))).toBe(true);
    expect(isLate('2026-12-04', 'inTransit', ist('2026-12-04T23:59:00'))).toBe(false);
    expect(isLate('2026-12-04', 'delivered', ist('2026-12-09T10:00:00'))).toBe(false);
  });
});

describe('tracking states: forward only', () => {
  it('moves forward, never back; delivered and returned are final', () => {
    expect(trackingMoves(null, 'shipped')).toBe(true);
    expect(trackingMoves('shipped', 'outForDelivery')).toBe(true);
    expect(trackingMoves('outForDelivery', 'inTransit')).toBe(false);
    expect(trackingMoves('delivered', 'rto')).toBe(false);
    expect(trackingMoves('inTransit', 'rto')).toBe(true);
    expect(trackingMoves('rto', 'rtoDelivered')).toBe(true);
    expect(trackingMoves('rto', 'delivered')).toBe(false);
    expect(trackingMoves('inTransit', 'rtoDelivered')).toBe(false);
  });

  const journey: TrackingEvent[] = [
    { state: 'shipped', at: '2026-12-02T10:00:00Z' },
    { state: 'inTransit', at: '2026-12-02T20:00:00Z', location: 'Hub' },
    { state: 'outForDelivery', at: '2026-12-04T03:00:00Z' },
    { state: 'delivered', at: '2026-12-04T09:00:00Z' },
  ];

  it('duplicated and reordered events give one timeline (property)', () => {
    const pick = fc.array(fc.constantFrom(...journey), { minLength: 0, maxLength: 12 });
    fc.assert(
      fc.property(pick, fc.func(fc.integer()), (extra, key) => {
        const shuffled = [...journey, ...extra].sort((a, b) => key(a) - key(b));
        expect(trackingTimeline(shuffled)).toEqual(journey);
      }),
    );
  });

  it('any permutation with duplicates of any events gives the same timeline and state (property)', () => {
    const event = fc.record({
      state: fc.constantFrom(...TRACKING_STATES),
      at: fc.integer({ min: 0, max: 10 }).map((h) => `2026-12-0${1 + (h % 9)}T0${h % 10}:00:00Z`),
    });
    fc.assert(
      fc.property(fc.array(event, { maxLength: 10 }), fc.func(fc.integer()), (events, key) => {
        const doubled = [...events, ...events.slice(0, 3)];
        const shuffled = [...doubled].sort((a, b) => key(a) - key(b));
        const t = trackingTimeline(shuffled);
        expect(t).toEqual(trackingTimeline(events));
        expect(trackingState(t)).toBe(trackingState(trackingTimeline([...events].reverse())));
        expect(t.some((e) => e.state === 'delivered') && t.some((e) => e.state.startsWith('rto'))).toBe(
          false,
        );
      }),
    );
  });
});
