import { describe, expect, it } from 'vitest';
import {
  PricingError,
  computeTotals,
  deliveryChargeFor,
  discountedUnitPrice,
  BEST_SELLER,
  bestSellerIds,
  lineDiscountPaise,
  priceBreakdown,
  savingsSummary,
  stockBadge,
  unitPrice,
} from './pricing';

describe('unitPrice', () => {
  it('when a positive salePrice is set, then it is the unit price', () => {
    expect(unitPrice({ price: 1000, salePrice: 799 })).toBe(799);
  });

  it.each([
    ['missing', undefined],
    ['null', null],
    ['0', 0],
    ['negative', -5],
  ])('when salePrice is %s, then the unit price falls back to price', (_label, salePrice) => {
    expect(unitPrice({ price: 1000, salePrice })).toBe(1000);
  });
});

describe('lineDiscountPaise', () => {
  it('when a line has a discount, then it is unit × discount% × quantity in paise', () => {
    // 800 × 10% × 2 = 160 rupees
    expect(lineDiscountPaise({ price: 1000, salePrice: 800, discount: 10, quantity: 2 })).toBe(16_000);
  });

  it('when the discount has fractions of a paisa, then the line is rounded once, not per unit', () => {
    // 33 paise × 50% × 3 = 49.5 → 50 paise (rounding per unit would give 17 × 3 = 51)
    expect(lineDiscountPaise({ price: 0.33, discount: 50, quantity: 3 })).toBe(50);
  });

  it('when there is no discount, then the line discount is 0', () => {
    expect(lineDiscountPaise({ price: 499, quantity: 4 })).toBe(0);
    expect(lineDiscountPaise({ price: 499, discount: null, quantity: 4 })).toBe(0);
  });

  it('when the discount is outside 0–100, then it is clamped', () => {
    expect(lineDiscountPaise({ price: 10, discount: 150, quantity: 1 })).toBe(1000);
    expect(lineDiscountPaise({ price: 10, discount: -20, quantity: 1 })).toBe(0);
  });

  it.each([0, -1, 1.5, Number.NaN])('when the quantity is %s, then it throws PricingError', (quantity) => {
    expect(() => lineDiscountPaise({ price: 10, discount: 5, quantity })).toThrow(PricingError);
  });
});

describe('discountedUnitPrice', () => {
  it('when a discount applies, then the unit is reduced and rounded to 2 decimals', () => {
    // 999.99 × 85% = 849.9915 → 849.99
    expect(discountedUnitPrice({ price: 999.99, discount: 15 })).toBe(849.99);
  });

  it('when the sale price is set, then the discount applies to the sale price', () => {
    expect(discountedUnitPrice({ price: 1000, salePrice: 500, discount: 10 })).toBe(450);
  });

  it('when there is no discount, then it is the unit price', () => {
    expect(discountedUnitPrice({ price: 250, salePrice: 0 })).toBe(250);
  });
});

describe('deliveryChargeFor', () => {
  it.each([
    [0.01, 40],
    [499.99, 40],
    [500, 40],
    [500.01, 0],
    [10_000, 0],
  ])('when the subtotal is %s, then delivery is %s', (subtotal, charge) => {
    expect(deliveryChargeFor(subtotal)).toBe(charge);
  });
});

describe('computeTotals', () => {
  it('when the cart is empty, then everything is 0 and there is no delivery charge', () => {
    expect(computeTotals([])).toEqual({
      subtotal: 0,
      discount: 0,
      shippingCharge: 0,
      total: 0,
      itemCount: 0,
    });
  });

  it('when the subtotal is exactly 500, then delivery is 40', () => {
    const t = computeTotals([{ price: 250, quantity: 2 }]);
    expect(t).toEqual({ subtotal: 500, discount: 0, shippingCharge: 40, total: 540, itemCount: 2 });
  });

  it('when the subtotal is 500.01, then delivery is free', () => {
    const t = computeTotals([
      { price: 250, quantity: 2 },
      { price: 0.01, quantity: 1 },
    ]);
    expect(t.subtotal).toBe(500.01);
    expect(t.shippingCharge).toBe(0);
    expect(t.total).toBe(500.01);
  });

  it('when delivery is decided, then it uses the subtotal before discounts', () => {
    // subtotal 600 → free delivery, even though 600 − 50% = 300 is below 500
    const t = computeTotals([{ price: 600, discount: 50, quantity: 1 }]);
    expect(t).toEqual({ subtotal: 600, discount: 300, shippingCharge: 0, total: 300, itemCount: 1 });
  });

  it('when lines mix sale prices and discounts, then total = subtotal − discounts + delivery', () => {
    const t = computeTotals([
      { price: 1000, salePrice: 800, discount: 10, quantity: 2 }, // 1600, −160
      { price: 199.99, salePrice: 0, discount: 5, quantity: 3 }, // 599.97, −29.9985 → −30.00
    ]);
    expect(t.subtotal).toBe(2199.97);
    expect(t.discount).toBe(190);
    expect(t.shippingCharge).toBe(0);
    expect(t.total).toBe(2009.97);
    expect(t.itemCount).toBe(5);
  });

  it('when rupee amounts would drift as floats, then the sums are exact in paise', () => {
    const t = computeTotals([
      { price: 0.1, quantity: 1 },
      { price: 0.2, quantity: 1 },
    ]);
    expect(t.subtotal).toBe(0.3);
    expect(t.total).toBe(40.3);
  });

  it.each([0, -1, 1.5])('when a line has quantity %s, then it throws PricingError', (quantity) => {
    expect(() =>
      computeTotals([
        { price: 10, quantity: 1 },
        { price: 10, quantity },
      ]),
    ).toThrow(PricingError);
  });
});

describe('stockBadge', () => {
  it.each([
    [0, { kind: 'out-of-stock', label: 'Out Of Stock' }],
    [-3, { kind: 'out-of-stock', label: 'Out Of Stock' }],
    [1, { kind: 'low-stock', label: 'Only 1 items left' }],
    [9, { kind: 'low-stock', label: 'Only 9 items left' }],
    [10, null],
    [250, null],
  ])('when stock is %s, then the badge is %j', (stock, badge) => {
    expect(stockBadge(stock)).toEqual(badge);
  });
});

describe('bestSellerIds', () => {
  it('when products sold in the window, then each category keeps its top sellers with at least the minimum, ties by id', () => {
    const sales = [
      { id: 'a', category: 'men', units: 40 },
      { id: 'b', category: 'men', units: 9 },
      { id: 'c', category: 'men', units: 9 },
      { id: 'd', category: 'men', units: 9 },
      { id: 'e', category: 'kids', units: BEST_SELLER.minUnits },
      { id: 'f', category: 'kids', units: BEST_SELLER.minUnits - 1 },
    ];
    expect([...bestSellerIds(sales)].sort()).toEqual(['a', 'b', 'c', 'e']);
  });
});

describe('priceBreakdown', () => {
  it('when a sale price and a further discount apply, then the payable unit and the true saving are given', () => {
    // the card: ₹999 list, ₹699 sale, 10% further: the shopper pays 629.10, i.e. 37% below 999
    expect(priceBreakdown({ price: 999, salePrice: 699, discount: 10 })).toEqual({
      listPrice: 999,
      salePrice: 699,
      discountPercent: 10,
      basePrice: 699,
      payable: 629.1,
      savings: 369.9,
      savingsPercent: 37,
    });
  });

  it('when the payable unit is what the order line stores, then both agree for any input', () => {
    for (const p of [
      { price: 999.99, discount: 15 },
      { price: 1000, salePrice: 500, discount: 10 },
      { price: 250, salePrice: 0 },
      { price: 0.33, discount: 50 },
    ]) {
      expect(priceBreakdown(p).payable).toBe(discountedUnitPrice(p));
    }
  });

  it('when the percent has fractions, then it is rounded down (never overstated)', () => {
    // 1000 → 667: 33.3% saved
    expect(priceBreakdown({ price: 1000, salePrice: 667 }).savingsPercent).toBe(33);
    // 3 → 1: 66.67% saved
    expect(priceBreakdown({ price: 3, salePrice: 1 }).savingsPercent).toBe(66);
  });

  it('when the sale price is above the list price, then there is no saving', () => {
    const b = priceBreakdown({ price: 500, salePrice: 600 });
    expect(b).toMatchObject({ payable: 600, savings: 0, savingsPercent: 0 });
  });

  it('when nothing lowers the price, then payable is the list price and nothing is saved', () => {
    expect(priceBreakdown({ price: 499 })).toMatchObject({
      salePrice: null,
      discountPercent: 0,
      payable: 499,
      savings: 0,
      savingsPercent: 0,
    });
  });
});

describe('savingsSummary', () => {
  it('when lines are summed, then list total − savings is what the rules charge before delivery', () => {
    const lines = [
      { price: 999, salePrice: 699, discount: 10, quantity: 2 },
      { price: 0.33, discount: 50, quantity: 3 },
      { price: 200, quantity: 1 },
    ];
    const s = savingsSummary(lines);
    const t = computeTotals(lines);
    expect(s.listTotal).toBe(999 * 2 + 0.99 + 200);
    expect(s.payableTotal).toBe(Math.round((t.subtotal - t.discount) * 100) / 100);
    expect(Math.round((s.listTotal - s.savings) * 100) / 100).toBe(s.payableTotal);
  });
});
