import { describe, expect, it } from 'vitest';
import {
  bestDealsScore,
  isElectronicsOffer,
  topBy,
  topDiscountScore,
  topSelectionScore,
  type ProductDto,
  type RankableProduct,
} from '@mp/shared';
import { createTestContext } from '../../../../../test/app';
import { insertProducts, type ProductSeed } from '../../__tests__/catalog-fixtures';
import { rankable } from '../../read-model/postgres/home';

const ctx = await createTestContext();
const admin = await ctx.loginAs('admin');

// 300 products with varied discount, rating, stock and popularity (more than the SQL candidate pools hold),
// plus a few that must win a row.
const seeds: ProductSeed[] = Array.from({ length: 300 }, (_, i) => ({
  title: ['Cotton Shirt', 'Running Shoe', 'Steel Bottle', 'Leather Wallet'][i % 4]! + ` ${i}`,
  discount: (i * 37) % 60,
  totalStock: (i * 13) % 40,
  reviewCount: i % 5,
  ratingSum: (i % 5) * (1 + (i % 5)),
  unitsSold: (i * 53) % 900,
}));
const [topDiscountId, scarceId] = await insertProducts(ctx.db, [
  { title: 'Mega Sale Jacket', discount: 95, totalStock: 50 },
  { title: 'Last Pieces Kurta', discount: 70, totalStock: 2, ratingSum: 25, reviewCount: 5 },
]);
await insertProducts(ctx.db, seeds);
await insertProducts(ctx.db, [
  { title: 'Dell Laptop 15', category: 'electronics', brand: 'lg', discount: 5 },
  { title: 'Samsung Smart TV', category: 'electronics', brand: 'samsung', discount: 3 },
  { title: 'HP LaserJet Printer', category: 'electronics', brand: 'lg' },
  { title: 'TP-Link Router', category: 'electronics', brand: 'lg' },
  { title: 'Deleted Laptop', category: 'electronics', brand: 'lg', discount: 99, deleted: true },
]);

async function wholeCatalogue(): Promise<ProductDto[]> {
  const all: ProductDto[] = [];
  for (let page = 1; ; page++) {
    const res = await ctx.anon().get(`/api/shop/products/get?limit=100&page=${page}`);
    all.push(...res.body.data);
    if (page >= res.body.pagination.pages) return all;
  }
}

describe('GET /api/shop/home', () => {
  it('when called, then four rows of the right sizes, each equal in score to ranking the whole catalogue', async () => {
    const res = await ctx.anon().get('/api/shop/home');
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    const { bestDeals, electronicsOffers, topDiscounts, topSelection } = res.body.data;
    expect(bestDeals).toHaveLength(10);
    expect(topDiscounts).toHaveLength(10);
    expect(topSelection).toHaveLength(10);

    const all = await wholeCatalogue();
    const scores = (list: ProductDto[], f: (p: RankableProduct) => number) => list.map((p) => f(rankable(p)));
    for (const [row, f] of [
      [bestDeals, bestDealsScore],
      [topDiscounts, topDiscountScore],
      [topSelection, topSelectionScore],
    ] as const) {
      const expected = topBy(all, (p) => f(rankable(p)), 10);
      expect(scores(row, f)).toEqual(scores(expected, f));
    }
    expect(electronicsOffers.length).toBeGreaterThan(0);
  });

  it('when one product has the top discount, then it leads topDiscounts; a scarce, well-rated one leads topSelection', async () => {
    const { data } = (await ctx.anon().get('/api/shop/home')).body;
    expect(data.topDiscounts[0]._id).toBe(topDiscountId);
    expect(data.bestDeals[0]._id).toBe(topDiscountId);
    expect(data.topSelection[0]._id).toBe(scarceId);
  });

  it('when building the electronics row, then only keyword titles, at most 8, never deleted ones', async () => {
    const { electronicsOffers } = (await ctx.anon().get('/api/shop/home')).body.data;
    expect(electronicsOffers.length).toBeLessThanOrEqual(8);
    expect(electronicsOffers.map((p: ProductDto) => p.title).sort()).toEqual(
      ['Dell Laptop 15', 'HP LaserJet Printer', 'Samsung Smart TV', 'TP-Link Router'].sort(),
    );
    expect(electronicsOffers.every((p: ProductDto) => isElectronicsOffer(p.title))).toBe(true);
  });

  it('when a product write happens, then the next home answer reflects it at once', async () => {
    const add = await admin.agent.post('/api/admin/products/add').send({
      title: 'Flash Deal Mobile',
      description: 'x',
      category: 'mobile',
      brand: 'realme',
      price: 9999,
      discount: 99,
      totalStock: 30,
      image: '/uploads/products/m.png',
    });
    const { data } = (await ctx.anon().get('/api/shop/home')).body;
    expect(data.topDiscounts[0]._id).toBe(add.body.data._id);
    expect(data.electronicsOffers.map((p: ProductDto) => p._id)).toContain(add.body.data._id);
    await admin.agent.delete(`/api/admin/products/delete/${add.body.data._id}`);
    const after = (await ctx.anon().get('/api/shop/home')).body.data;
    expect(after.topDiscounts.map((p: ProductDto) => p._id)).not.toContain(add.body.data._id);
  });
});
