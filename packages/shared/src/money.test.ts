import { describe, expect, it } from 'vitest';
import { formatINR, roundRupees, toPaise, toRupees } from './money';

describe('toPaise / toRupees', () => {
  it('when a rupee amount is not exact as a float, then the paise are still exact', () => {
    expect(toPaise(19.99)).toBe(1999);
    expect(toPaise(0.1 + 0.2)).toBe(30);
    expect(toPaise(1234567.89)).toBe(123456789);
  });

  it('when paise are turned back into rupees, then there are at most 2 decimals', () => {
    expect(toRupees(1999)).toBe(19.99);
    expect(toRupees(5)).toBe(0.05);
    expect(toRupees(0)).toBe(0);
  });

  it('when rounding rupees, then it keeps 2 decimals', () => {
    expect(roundRupees(849.9915)).toBe(849.99);
    expect(roundRupees(0.129)).toBe(0.13);
  });
});

describe('formatINR', () => {
  it.each([
    [123456.5, '₹1,23,456.50'],
    [1234567.89, '₹12,34,567.89'],
    [10_000_000, '₹1,00,00,000'],
    [1499, '₹1,499'],
    [999, '₹999'],
    [0, '₹0'],
    [0.5, '₹0.50'],
    [0.1 + 0.2, '₹0.30'],
    [40, '₹40'],
  ])('when the amount is %s, then it shows %s', (amount, text) => {
    expect(formatINR(amount)).toBe(text);
  });

  it('when the amount rounds to whole rupees, then no paise are shown', () => {
    expect(formatINR(99.999)).toBe('₹100');
  });

  it.each([Number.NaN, Number.POSITIVE_INFINITY])('when the amount is %s, then it shows ₹0', (amount) => {
    expect(formatINR(amount)).toBe('₹0');
  });
});
