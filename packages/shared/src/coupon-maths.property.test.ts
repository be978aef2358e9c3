/**
 * Coupon maths (docs/money.md, "Coupons"): over random carts and codes of both funders, the shares add up to each
 * code's discount to the exact paisa, no line pays less than nothing, a share never exceeds its line, percent codes
 * respect their cap, sellers' codes touch only their own lines, and refunds of every paid paisa reverse the whole
 * seller value.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  allocateLargestRemainder,
  couponVerdict,
  isEligible,
  priceCoupons,
  sellerPartOfRefund,
  totalsWithCoupons,
  type CouponContext,
  type CouponLine,
  type CouponRule,
} from './coupon-maths';

const SELLERS = ['s1', 's2', 's3', null] as const;
const CATS = ['men', 'women', 'mobile'];

const lineArb = fc.record({
  productId: fc.constantFrom('p1', 'p2', 'p3', 'p4'),
  sellerId: fc.constantFrom(...SELLERS),
  category: fc.constantFrom(...CATS),
  brand: fc.constantFrom('nike', 'puma'),
  grossPaise: fc.integer({ min: 1, max: 5_000_000 }),
});
const linesArb = fc
  .array(lineArb, { minLength: 1, maxLength: 8 })
  .map((ls) => ls.map((l, i): CouponLine => ({ ...l, key: `l${i}` })));

const ruleArb = (funder: 'platform' | 'seller', id: string) =>
  fc.record({
    id: fc.constant(id),
    code: fc.constant(id.toUpperCase()),
    funder: fc.constant(funder),
    sellerId: funder === 'seller' ? fc.constantFrom('s1', 's2', 's3') : fc.constant(null),
    kind: fc.constantFrom('percent', 'fixed', 'free_delivery'),
    percent: fc.integer({ min: 1, max: 100 }),
    maxDiscountPaise: fc.option(fc.integer({ min: 1, max: 1_000_000 }), { nil: null }),
    amountPaise: fc.integer({ min: 1, max: 10_000_000 }),
    minOrderPaise: fc.integer({ min: 0, max: 1_000_000 }),
    scope: fc.constantFrom('all', 'categories', 'brands'),
    scopeIds: fc.subarray(['men', 'women', 'mobile', 'nike', 'puma'], { minLength: 1 }),
  }) as fc.Arbitrary<CouponRule>;

describe('allocateLargestRemainder', () => {
  it('when a total is split over weights, then the shares add up exactly and none exceeds its weight', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 2_000_000_000 }), { minLength: 1, maxLength: 10 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (weights, f) => {
          const sum = weights.reduce((s, w) => s + w, 0);
          const total = Math.floor(sum * f);
          const shares = allocateLargestRemainder(total, weights);
          if (sum > 0) expect(shares.reduce((s, x) => s + x, 0)).toBe(total);
          shares.forEach((s, i) => {
            expect(s).toBeGreaterThanOrEqual(0);
            expect(s).toBeLessThanOrEqual(weights[i]!);
          });
        },
      ),
    );
  });

  it('when ₹600 and ₹400 lines share 10 %, then they take ₹60 and ₹40', () => {
    expect(allocateLargestRemainder(10_000, [60_000, 40_000])).toEqual([6_000, 4_000]);
  });
});

describe('priceCoupons', () => {
  it('when codes of both funders apply, then shares add up per code, stay within their lines and their sellers', () => {
    fc.assert(
      fc.property(
        linesArb,
        ruleArb('seller', 'sa'),
        ruleArb('seller', 'sb'),
        ruleArb('platform', 'pa'),
        (lines, sa, sb, pa) => {
          const rules = sa.sellerId === sb.sellerId ? [sa, pa] : [sa, sb, pa];
          const priced = priceCoupons(lines, rules);
          for (const rule of rules) {
            const eligible = lines.filter((l) => isEligible(rule, l));
            const field = rule.funder === 'seller' ? 'sellerDiscountPaise' : 'platformDiscountPaise';
            const given = rule.funder === 'seller' ? eligible : lines;
            const sum = given
              .filter((l) => rule.funder === 'platform' || l.sellerId === rule.sellerId)
              .reduce((s, l) => s + priced.lines.get(l.key)![field], 0);
            if (rule.funder === 'seller') expect(sum).toBe(priced.discounts.get(rule.id));
            if (rule.kind === 'percent' && rule.maxDiscountPaise !== null)
              expect(priced.discounts.get(rule.id)!).toBeLessThanOrEqual(rule.maxDiscountPaise);
            if (rule.kind === 'free_delivery') expect(priced.discounts.get(rule.id)).toBe(0);
          }
          const platformSum = lines.reduce((s, l) => s + priced.lines.get(l.key)!.platformDiscountPaise, 0);
          expect(platformSum).toBe(priced.discounts.get('pa'));
          for (const l of lines) {
            const d = priced.lines.get(l.key)!;
            expect(d.sellerDiscountPaise).toBeGreaterThanOrEqual(0);
            expect(d.platformDiscountPaise).toBeGreaterThanOrEqual(0);
            expect(d.sellerDiscountPaise + d.platformDiscountPaise).toBeLessThanOrEqual(l.grossPaise);
            if (d.platformDiscountPaise > 0) expect(isEligible(pa, l)).toBe(true);
            if (d.sellerDiscountPaise > 0)
              expect(
                rules.some((r) => r.funder === 'seller' && r.sellerId === l.sellerId && isEligible(r, l)),
              ).toBe(true);
          }
        },
      ),
    );
  });

  it('when a 10 % platform code covers ₹600 and ₹400 lines of two sellers, then −₹60 and −₹40', () => {
    const lines: CouponLine[] = [
      { key: 'a', productId: 'p1', sellerId: 's1', category: 'men', brand: 'nike', grossPaise: 60_000 },
      { key: 'b', productId: 'p2', sellerId: 's2', category: 'men', brand: 'puma', grossPaise: 40_000 },
    ];
    const rule: CouponRule = {
      id: 'w',
      code: 'WELCOME10',
      funder: 'platform',
      sellerId: null,
      kind: 'percent',
      percent: 10,
      maxDiscountPaise: null,
      amountPaise: null,
      minOrderPaise: 0,
      scope: 'all',
      scopeIds: [],
    };
    const priced = priceCoupons(lines, [rule]);
    expect(priced.lines.get('a')).toEqual({ sellerDiscountPaise: 0, platformDiscountPaise: 6_000 });
    expect(priced.lines.get('b')).toEqual({ sellerDiscountPaise: 0, platformDiscountPaise: 4_000 });
  });
});

describe('free delivery', () => {
  const ship = (id: string, funder: 'platform' | 'seller', sellerId: string | null): CouponRule => ({
    id,
    code: id.toUpperCase(),
    funder,
    sellerId,
    kind: 'free_delivery',
    percent: null,
    maxDiscountPaise: null,
    amountPaise: null,
    minOrderPaise: 0,
    scope: 'all',
    scopeIds: [],
  });
  const lineOf = (key: string, sellerId: string): CouponLine => ({
    key,
    productId: key,
    sellerId,
    category: 'men',
    brand: 'nike',
    grossPaise: 30_000,
  });
  const totals = { shippingCharge: 40, total: 640 };

  it("when a seller's code applies, then it waives its own parcel only, and the one charge only when the order is all its own", () => {
    const two = priceCoupons([lineOf('a', 's1'), lineOf('b', 's2')], [ship('f', 'seller', 's1')]);
    const perParcel = totalsWithCoupons(
      totals,
      [
        { sellerId: 's1', subtotalPaise: 30_000, shippingPaise: 1_400 },
        { sellerId: 's2', subtotalPaise: 30_000, shippingPaise: 2_600 },
      ],
      0,
      two,
    );
    expect(perParcel.charges.map((c) => c.shippingPaise)).toEqual([0, 2_600]);
    expect(perParcel.waived).toEqual(new Map([['f', 1_400]]));
    // one charge for the whole order (delivery off): another seller's items are in it, so nothing is waived
    expect(totalsWithCoupons(totals, [], 0, two).waived).toEqual(new Map());
    const own = priceCoupons([lineOf('a', 's1')], [ship('f', 'seller', 's1')]);
    expect(totalsWithCoupons(totals, [], 0, own).waived).toEqual(new Map([['f', 4_000]]));
    // beside a platform code, the platform's waives the one charge
    const both = priceCoupons([lineOf('a', 's1')], [ship('f', 'seller', 's1'), ship('p', 'platform', null)]);
    expect(totalsWithCoupons(totals, [], 0, both).waived).toEqual(new Map([['p', 4_000]]));
  });
});

describe('couponVerdict', () => {
  const ctx = (over: Partial<CouponContext> = {}): CouponContext => ({
    now: new Date('2026-11-28T00:00:00Z'),
    active: true,
    startsAt: new Date('2026-11-01T00:00:00Z'),
    endsAt: new Date('2026-12-31T00:00:00Z'),
    usesLeft: null,
    shopperUses: 0,
    usesPerShopper: 1,
    firstOrderOnly: false,
    hasOrdered: false,
    scopeLabel: 'Nike products',
    ...over,
  });
  const rule: CouponRule = {
    id: 'x',
    code: 'NIKE',
    funder: 'platform',
    sellerId: null,
    kind: 'fixed',
    percent: null,
    maxDiscountPaise: null,
    amountPaise: 10_000,
    minOrderPaise: 50_000,
    scope: 'brands',
    scopeIds: ['nike'],
  };
  const line = (brand: string, grossPaise: number): CouponLine => ({
    key: brand,
    productId: 'p',
    sellerId: 's1',
    category: 'men',
    brand,
    grossPaise,
  });

  it('when the covered items are ₹120 short of the minimum, then "Add ₹120 more"', () => {
    const v = couponVerdict(rule, [line('nike', 38_000), line('puma', 90_000)], ctx());
    expect(v).toEqual({
      applies: false,
      reason: 'below_minimum',
      message: 'Add ₹120 more',
      missingPaise: 12_000,
    });
  });
  it.each([
    [ctx({ active: false }), 'paused'],
    [ctx({ now: new Date('2027-01-01T00:00:00Z') }), 'expired'],
    [ctx({ now: new Date('2026-10-01T00:00:00Z') }), 'not_started'],
    [ctx({ usesLeft: 0 }), 'exhausted'],
    [ctx({ shopperUses: 1 }), 'already_used'],
    [ctx({ firstOrderOnly: true, hasOrdered: true }), 'first_order_only'],
  ] as const)('when the code is not usable, then the reason says why (%#: %s)', (c, reason) => {
    expect(couponVerdict(rule, [line('nike', 90_000)], c).reason).toBe(reason);
  });
  it('when no item is covered, then "Only for Nike products"', () => {
    expect(couponVerdict(rule, [line('puma', 90_000)], ctx()).message).toBe('Only for Nike products');
  });
});

describe('sellerPartOfRefund', () => {
  it('when every paid paisa is refunded in parts, then the whole seller value is reversed, each part in proportion', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 1, maxLength: 5 }),
        (sellerValue, discountShare, cuts) => {
          const paid = sellerValue - Math.floor(sellerValue * discountShare * 0.99);
          const points = [...new Set([...cuts.map((c) => Math.floor(c * paid)), paid])].sort((a, b) => a - b);
          let before = 0;
          let reversed = 0;
          for (const p of points) {
            const part = sellerPartOfRefund({
              sellerValuePaise: sellerValue,
              paidPaise: paid,
              refundedBeforePaise: before,
              refundPaise: p - before,
            });
            expect(part).toBeGreaterThanOrEqual(p - before);
            reversed += part;
            before = p;
          }
          expect(reversed).toBe(sellerValue);
        },
      ),
    );
  });
});
