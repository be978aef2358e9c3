import { describe, expect, it } from 'vitest';
import {
  bestDealsScore,
  isElectronicsOffer,
  popularityScore,
  topBy,
  topDiscountScore,
  topSelectionScore,
  type RankableProduct,
} from './ranking';

const product = (over: Partial<RankableProduct> = {}): RankableProduct => ({
  discount: 0,
  rating: 0,
  popularity: 0,
  totalStock: 100,
  title: 'Thing',
  ...over,
});

describe('popularityScore', () => {
  it.each([
    [0, 0],
    [500, 0.5],
    [999, 0.999],
    [1000, 1],
    [50_000, 1],
    [-20, 0],
  ])('when popularity is %s, then the score is %s', (popularity, score) => {
    expect(popularityScore(popularity)).toBeCloseTo(score, 10);
  });
});

describe('bestDealsScore', () => {
  it('when stock is plentiful, then it is 40% discount + 20% rating + 15% popularity/1000', () => {
    expect(bestDealsScore(product({ discount: 50, rating: 4, popularity: 500 }))).toBeCloseTo(
      20 + 0.8 + 0.075,
      10,
    );
  });

  it('when popularity is above 1000, then it counts as 1000', () => {
    const at = bestDealsScore(product({ popularity: 1000 }));
    expect(bestDealsScore(product({ popularity: 25_000 }))).toBe(at);
    expect(at).toBeCloseTo(0.15, 10);
    expect(bestDealsScore(product({ popularity: 999 }))).toBeLessThan(at);
  });

  it('when stock is 9, then 10 bonus points at 10% weight are added; at 10 they are not', () => {
    const base = product({ discount: 20, rating: 3 });
    expect(
      bestDealsScore({ ...base, totalStock: 9 }) - bestDealsScore({ ...base, totalStock: 10 }),
    ).toBeCloseTo(1, 10);
    expect(bestDealsScore({ ...base, totalStock: 0 })).toBe(bestDealsScore({ ...base, totalStock: 9 }));
  });
});

describe('topSelectionScore', () => {
  it('when stock is plentiful, then it is 50% rating + 20% popularity + 20% discount', () => {
    expect(
      topSelectionScore(product({ rating: 4, popularity: 2000, discount: 10, totalStock: 5 })),
    ).toBeCloseTo(2 + 0.2 + 2, 10);
  });

  it('when stock is 4, then 5 is added; at 5 it is not', () => {
    const base = product({ rating: 4.5, discount: 30, popularity: 100 });
    expect(
      topSelectionScore({ ...base, totalStock: 4 }) - topSelectionScore({ ...base, totalStock: 5 }),
    ).toBeCloseTo(5, 10);
  });

  it('when popularity is above 1000, then it is capped', () => {
    expect(topSelectionScore(product({ popularity: 1000 }))).toBe(
      topSelectionScore(product({ popularity: 1_000_000 })),
    );
  });
});

describe('topDiscountScore', () => {
  it('when asked, then it is the discount alone', () => {
    expect(topDiscountScore({ discount: 37 })).toBe(37);
  });
});

describe('isElectronicsOffer', () => {
  it.each([
    'Dell Inspiron LAPTOP 15',
    'Samsung 43" Smart TV',
    'HP LaserJet Printer',
    'TP-Link Wi-Fi Router',
    'Redmi Mobile Stand',
    'Godrej Double Door Freeze',
    'Voltas AirConditioner 1.5 Ton',
  ])('when the title is %j, then it is an electronics offer', (title) => {
    expect(isElectronicsOffer(title)).toBe(true);
  });

  it.each(['Nike Air Zoom Pegasus', "Levi's 511 Slim Jeans", ''])(
    'when the title is %j, then it is not',
    (title) => {
      expect(isElectronicsOffer(title)).toBe(false);
    },
  );
});

describe('topBy', () => {
  const items = [
    { id: 'a', s: 1 },
    { id: 'b', s: 5 },
    { id: 'c', s: 3 },
    { id: 'd', s: 5 },
    { id: 'e', s: 3 },
  ];

  it('when ranking, then the highest score comes first and ties keep the input order', () => {
    expect(topBy(items, (x) => x.s, 10).map((x) => x.id)).toEqual(['b', 'd', 'c', 'e', 'a']);
  });

  it('when count is smaller than the list, then only the top count are kept', () => {
    expect(topBy(items, (x) => x.s, 3).map((x) => x.id)).toEqual(['b', 'd', 'c']);
    expect(topBy(items, (x) => x.s, 0)).toEqual([]);
  });

  it('when ranking, then the input array is left untouched', () => {
    const copy = items.map((x) => x.id);
    topBy(items, (x) => x.s, 2);
    expect(items.map((x) => x.id)).toEqual(copy);
  });

  it('when the list is empty, then the answer is empty', () => {
    expect(topBy([], () => 1, 10)).toEqual([]);
  });
});
