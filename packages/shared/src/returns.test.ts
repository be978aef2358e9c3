import { describe, expect, it } from 'vitest';
import { deliveredRefundSplit, deliveryEarning } from './earnings';
import { returnPolicies, returnPolicyLabel, returnWindowEndsAt } from './returns';

describe('return window (docs/money.md, "Return window")', () => {
  it('when a line is delivered with a 7-day window, then it closes at the end of the 7th day after, in IST', () => {
    // 4 Dec 2026, 10:00 IST (04:30Z) → the last day is 11 Dec; the window closes at 12 Dec 00:00 IST (11 Dec 18:30Z)
    expect(returnWindowEndsAt(new Date('2026-12-04T04:30:00Z'), 7).toISOString()).toBe(
      '2026-12-11T18:30:00.000Z',
    );
    // 4 Dec 23:50 IST (18:20Z) is still 4 Dec in India: the same end
    expect(returnWindowEndsAt(new Date('2026-12-04T18:20:00Z'), 7).toISOString()).toBe(
      '2026-12-11T18:30:00.000Z',
    );
    // 5 Dec 00:10 IST (4 Dec 18:40Z) is the next day in India: one day later
    expect(returnWindowEndsAt(new Date('2026-12-04T18:40:00Z'), 7).toISOString()).toBe(
      '2026-12-12T18:30:00.000Z',
    );
  });

  it('when a line is not returnable, then its window has closed at delivery', () => {
    const at = new Date('2026-12-04T04:30:00Z');
    expect(returnWindowEndsAt(at, null).getTime()).toBe(at.getTime());
    expect(returnWindowEndsAt(at, 0).getTime()).toBe(at.getTime());
  });

  it('when a policy is shown, then it reads "7-day return" or "Not returnable"', () => {
    expect(returnPolicyLabel(7)).toBe('7-day return');
    expect(returnPolicyLabel(30)).toBe('30-day return');
    expect(returnPolicyLabel(null)).toBe('Not returnable');
    expect(returnPolicyLabel(0)).toBe('Not returnable');
  });

  it('when a category has no stored policy, then it has the default 7 days; a stored 0 is not returnable', () => {
    const list = returnPolicies(
      new Map<string, number | null>([
        ['mobile', null],
        ['men', 30],
        ['kids', 0],
      ]),
    );
    const of = (c: string) => list.find((p) => p.category === c)!;
    expect(of('women')).toMatchObject({ windowDays: 7, policy: '7-day return' });
    expect(of('men')).toMatchObject({ windowDays: 30, policy: '30-day return' });
    expect(of('mobile')).toMatchObject({ windowDays: null, policy: 'Not returnable' });
    expect(of('kids')).toMatchObject({ windowDays: null, policy: 'Not returnable' });
  });
});

describe('sellerNet (docs/money.md, "Seller earnings")', () => {
  it('when a ₹1,180 line at 18 % with ₹100 seller discount is delivered at 10 %, then each deduction is its own part', () => {
    // seller price ₹1,080: taxable ₹915.25 → TCS ₹4.58; TDS 0.1 % of ₹1,080 = ₹1.08
    const e = deliveryEarning({ valuePaise: 108_000, refundedPaise: 0, tcsPaise: 458, tdsPaise: 108 }, 1000);
    expect(e).toEqual({
      earnedPaise: 108_000,
      deductions: { commission: 10_800, commissionTax: 1_944, tcs: 458, tds: 108 },
      sellerNetPaise: 108_000 - 10_800 - 1_944 - 458 - 108,
    });
    // a refund of the whole line gives every part back
    const r = deliveredRefundSplit({
      earnedPaise: 108_000,
      deductions: e.deductions,
      refundedBeforePaise: 0,
      refundPaise: 108_000,
    });
    expect(r.back).toEqual(e.deductions);
    expect(r.sellerNetPaise).toBe(e.sellerNetPaise);
  });
});
