/**
 * Shipping per seller sub-order (docs/delivery.md, "Weight and the shipping charge"): over random orders of
 * several sellers, each sub-order is charged by its own subtotal, weight and zone (free above the platform's rule
 * per sub-order, not per order), and the sub-orders cover every line of the order.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { COURIER_ZONES, shippingChargePaise } from './delivery';
import { deliversFree } from './pricing';
import { shippingTotalPaise, subOrderCharges } from './shipping';

const SELLERS = ['s1', 's2', 's3', null] as const;

const order = fc.record({
  lines: fc.array(
    fc.record({
      sellerId: fc.constantFrom(...SELLERS),
      payablePaise: fc.integer({ min: 1, max: 80_000 }),
    }),
    { minLength: 1, maxLength: 8 },
  ),
  parcels: fc.tuple(
    ...SELLERS.map((sellerId) =>
      fc.record({
        sellerId: fc.constant(sellerId),
        zone: fc.constantFrom(...COURIER_ZONES),
        billedGrams: fc.integer({ min: 1, max: 20_000 }),
      }),
    ),
  ),
});

describe('subOrderCharges', () => {
  it('charges each sub-order by its own subtotal, weight and zone; the sub-orders cover every line', () => {
    fc.assert(
      fc.property(order, ({ lines, parcels }) => {
        const charges = subOrderCharges(lines, parcels);
        for (const [i, c] of charges.entries()) {
          const own = lines.filter((l) => l.sellerId === parcels[i]!.sellerId);
          const subtotal = own.reduce((s, l) => s + l.payablePaise, 0);
          expect(c.subtotalPaise).toBe(subtotal);
          if (own.length === 0 || deliversFree(subtotal)) expect(c.shippingPaise).toBe(0);
          else expect(c.shippingPaise).toBe(shippingChargePaise({ subtotalPaise: subtotal, ...parcels[i]! }));
        }
        expect(shippingTotalPaise(charges)).toBe(charges.reduce((s, c) => s + c.shippingPaise, 0));
        expect(charges.reduce((s, c) => s + c.subtotalPaise, 0)).toBe(
          lines.reduce((s, l) => s + l.payablePaise, 0),
        );
      }),
      { numRuns: 500 },
    );
  });

  it('applies the free-delivery rule per sub-order: ₹600 of one seller ships free, ₹300 of another does not', () => {
    const charges = subOrderCharges(
      [
        { sellerId: 'a', payablePaise: 60_000 },
        { sellerId: 'b', payablePaise: 30_000 },
      ],
      [
        { sellerId: 'a', zone: 'C', billedGrams: 900 },
        { sellerId: 'b', zone: 'D', billedGrams: 1_200 },
      ],
    );
    expect(charges.map((c) => c.shippingPaise)).toEqual([
      0,
      shippingChargePaise({ subtotalPaise: 30_000, billedGrams: 1_200, zone: 'D' }),
    ]);
    expect(charges[1]!.shippingPaise).toBeGreaterThan(0);
  });
});
