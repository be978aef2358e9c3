/**
 * Best Seller (docs/search-and-listing.md, "Best sellers"): only the top sellers of each category by units sold in
 * paid orders of the last 30 days (at least the minimum) carry the flag, in listings, searches and the product
 * page; a high price alone does not make one.
 */
import { describe, expect, it } from 'vitest';
import { BEST_SELLER } from '@mp/shared';
import { createTestContext } from '../../../../test/app';
import { orderLines, orders } from '../../../db/schema';
import { insertProducts } from '../__tests__/catalog-fixtures';
import { refreshBestSellers } from './best-sellers';

const ctx = await createTestContext();
const { db, changes } = ctx.deps;
const anon = ctx.anon();
const { userId } = await ctx.loginAs('user');

const DAY = 86_400_000;
const ids = await insertProducts(db, [
  { title: 'Quartz Men Top One', category: 'men', salePrice: 2999, price: 3999 },
  { title: 'Quartz Men Top Two', category: 'men', salePrice: 199, price: 299 },
  { title: 'Quartz Men Top Three', category: 'men', salePrice: 199, price: 299 },
  { title: 'Quartz Men Fourth', category: 'men', salePrice: 199, price: 299 },
  { title: 'Quartz Men Few', category: 'men', salePrice: 199, price: 299 },
  { title: 'Quartz Men Long Ago', category: 'men', salePrice: 199, price: 299 },
  { title: 'Quartz Men Pricey Unsold', category: 'men', salePrice: 9999, price: 12999 },
  { title: 'Quartz Boots', category: 'footwear', salePrice: 199, price: 299 },
]);
const [one, two, three, fourth, few, longAgo, pricey, boots] = ids as [
  string,
  string,
  string,
  string,
  string,
  string,
  string,
  string,
];

/** A paid order `daysAgo` days old with one line of `units` of the product. */
async function sold(
  productId: string,
  units: number,
  daysAgo = 1,
  paymentStatus: 'paid' | 'pending' = 'paid',
) {
  const [o] = await db
    .insert(orders)
    .values({
      userId,
      buyerName: 'Asha',
      address: '1 Road',
      city: 'Pune',
      pincode: '411001',
      phone: '9812345678',
      paymentMethod: 'sandbox',
      paymentStatus,
      subtotalPaise: 100,
      discountPaise: 0,
      shippingPaise: 0,
      totalPaise: 100,
      paidAt: new Date(Date.now() - daysAgo * DAY),
    })
    .returning({ id: orders.id });
  await db.insert(orderLines).values({
    orderId: o!.id,
    productId,
    title: 'x',
    image: '/x.png',
    unitPricePaise: 100,
    linePricePaise: 100,
    quantity: units,
  });
}

await sold(one, 40);
await sold(two, 12);
await sold(three, 9);
await sold(three, 2);
await sold(fourth, 10);
await sold(few, BEST_SELLER.minUnits - 1);
await sold(longAgo, 100, BEST_SELLER.windowDays + 5);
await sold(fourth, 50, 1, 'pending'); // never paid: not counted
await sold(boots, BEST_SELLER.minUnits);

const flags = async () => {
  const res = await anon.get('/api/shop/products/get?category=men,footwear&limit=50');
  expect(res.status).toBe(200);
  return Object.fromEntries(
    (res.body.data as { _id: string; bestSeller: boolean }[])
      .filter((p) => ids.includes(p._id))
      .map((p) => [p._id, p.bestSeller]),
  );
};

describe('Best Seller', () => {
  it('when products sold in the last 30 days, then only the top 3 of each category (with the minimum) show Best Seller', async () => {
    expect(Object.values(await flags()).filter(Boolean)).toEqual([]);
    await refreshBestSellers(db, changes);
    expect(await flags()).toEqual({
      [one]: true,
      [two]: true,
      [three]: true,
      [fourth]: false,
      [few]: false,
      [longAgo]: false,
      [pricey]: false,
      [boots]: true,
    });
    const page = await anon.get(`/api/shop/products/get/${pricey}`);
    expect(page.body.data.bestSeller).toBe(false);
    const found = await anon.get('/api/shop/product/search/search-product/quartz');
    expect(found.body.data.find((p: { _id: string }) => p._id === one).bestSeller).toBe(true);
  });

  it('when another product outsells one, then the flag moves at the next refresh', async () => {
    await sold(fourth, 30);
    expect(await refreshBestSellers(db, changes)).toEqual(expect.arrayContaining([fourth, three]));
    const now = await flags();
    expect([now[fourth], now[three]]).toEqual([true, false]);
  });
});
