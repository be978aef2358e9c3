/**
 * The paid share of returned units (docs/returns.md, "Money"): however a line's units are returned — one return or
 * many, in any sizes — their refunds add up to exactly what was paid for the line, each unit's share differs from
 * another's by at most a paisa, and no return gives back more than its units' share rounded up.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { linePaidOf } from './coupon-maths';
import { returnRefundPaise, returnSellerValuePaise, reverseShippingPaise } from './returns';

const line = fc
  .record({
    linePricePaise: fc.integer({ min: 1, max: 5_000_000 }),
    quantity: fc.integer({ min: 1, max: 40 }),
    discountShare: fc.double({ min: 0, max: 0.9, noNaN: true }),
    platformShare: fc.double({ min: 0, max: 0.5, noNaN: true }),
  })
  .map(({ linePricePaise, quantity, discountShare, platformShare }) => {
    const gross = linePricePaise * quantity;
    const sellerDiscountPaise = Math.floor(gross * discountShare);
    const platformDiscountPaise = Math.floor((gross - sellerDiscountPaise) * platformShare);
    return { linePricePaise, quantity, sellerDiscountPaise, platformDiscountPaise };
  });

/** A line's units split into returns of random sizes, in order. */
const split = (quantity: number) =>
  fc.array(fc.integer({ min: 1, max: quantity }), { minLength: 1, maxLength: quantity }).map((sizes) => {
    const out: number[] = [];
    let left = quantity;
    for (const s of sizes) {
      if (left === 0) break;
      const take = Math.min(s, left);
      out.push(take);
      left -= take;
    }
    if (left > 0) out.push(left);
    return out;
  });

describe('returnRefundPaise', () => {
  it('when every unit of a line is returned in any number of returns, then the refunds add up to what was paid', () => {
    fc.assert(
      fc.property(
        line.chain((l) => fc.tuple(fc.constant(l), split(l.quantity))),
        ([l, returnsOf]) => {
          let before = 0;
          let refunded = 0;
          let sellerBack = 0;
          const paid = linePaidOf(l);
          for (const units of returnsOf) {
            const r = returnRefundPaise(l, units, before);
            expect(r).toBeGreaterThanOrEqual(Math.floor((paid * units) / l.quantity));
            expect(r).toBeLessThanOrEqual(Math.ceil((paid * units) / l.quantity));
            refunded += r;
            sellerBack += returnSellerValuePaise(l, units, before);
            before += units;
          }
          expect(refunded).toBe(paid);
          expect(sellerBack).toBe(l.linePricePaise * l.quantity - l.sellerDiscountPaise);
        },
      ),
      { numRuns: 2_000 },
    );
  });

  it('when one unit of a ₹100 line of 3 units is returned, then the last unit carries the remainder', () => {
    const l = { linePricePaise: 3_333, quantity: 3, sellerDiscountPaise: 0, platformDiscountPaise: 0 };
    expect([0, 1, 2].map((b) => returnRefundPaise(l, 1, b))).toEqual([3_333, 3_333, 3_333]);
    const odd = { linePricePaise: 100, quantity: 3, sellerDiscountPaise: 1, platformDiscountPaise: 0 };
    expect([0, 1, 2].map((b) => returnRefundPaise(odd, 1, b))).toEqual([99, 100, 100]);
  });
});

describe('reverseShippingPaise', () => {
  it('when a return is smaller than its parcel, then it costs at least the first slab and never more than the whole', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('A', 'B', 'C', 'D', 'E' as const),
        fc.integer({ min: 0, max: 30_000 }),
        fc.integer({ min: 1, max: 10 }),
        fc.integer({ min: 0, max: 10 }),
        (zone, billedGrams, parcelUnits, extra) => {
          const returnedUnits = Math.max(1, parcelUnits - extra);
          const part = reverseShippingPaise({ zone, billedGrams, returnedUnits, parcelUnits });
          const whole = reverseShippingPaise({ zone, billedGrams, returnedUnits: parcelUnits, parcelUnits });
          expect(part).toBeGreaterThan(0);
          expect(part).toBeLessThanOrEqual(whole);
        },
      ),
    );
  });
});
