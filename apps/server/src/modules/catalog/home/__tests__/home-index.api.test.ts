/**
 * Home rows from the listing index's figures (docs/search-and-listing.md, "Home rows"): the candidates picked in
 * memory give the same rows as the SQL picks, on a catalogue full of ties, and after sales the figures follow.
 */
import { describe, expect, it } from 'vitest';
import { createTestContext } from '../../../../../test/app';
import { addToCart, sandboxCheckout, shopperWithAddress } from '../../../commerce/__tests__/helpers';
import { insertProducts, type ProductSeed } from '../../__tests__/catalog-fixtures';
import { createProductService } from '../../products/product.service';
import { computeHomeSections } from '../home.service';

const ctx = await createTestContext();
const { db, catalogCache, changes, listingIndex } = ctx.deps;

// more products than one pick keeps (100), with few distinct figures so ties are everywhere; the first 150 are
// identical best deals, so which 100 of them a pick keeps is decided by id alone
const seeds: ProductSeed[] = Array.from({ length: 570 }, (_, i) =>
  i < 150
    ? { title: 'Twin Deal', discount: 90 }
    : {
        title: `${['Laptop Sleeve', 'Smart TV Stand', 'Cotton Shirt', 'Mobile Cover', 'Printer Paper'][i % 5]} ${i % 7}`,
        category: i % 5 === 1 ? 'electronics' : 'men',
        discount: [0, 10, 40, 40, 70][i % 5]!,
        totalStock: [1, 4, 9, 10, 50][(i * 3) % 5]!,
        reviewCount: i % 3,
        ratingSum: (i % 3) * [3, 4, 5][i % 3]!,
        unitsSold: [0, 5, 5, 20][i % 4]!,
        wishlistCount: i % 2,
        deleted: i % 13 === 0,
      },
);
const ids = await insertProducts(db, seeds);
changes.publish({ type: 'products', ids });

const svc = createProductService({ db, catalogCache, changes });
const fromIndex = () =>
  computeHomeSections({ db, catalogCache, listingIndex, productsByIds: svc.productsByIds });
const fromDatabase = () => computeHomeSections({ db, catalogCache, productsByIds: svc.productsByIds });
const rowIds = (h: Awaited<ReturnType<typeof fromIndex>>) =>
  Object.fromEntries(Object.entries(h).map(([row, products]) => [row, products.map((p) => p._id)]));

describe('home rows from the listing index', () => {
  it('when the candidates are picked in memory, then every row is what the SQL picks give', async () => {
    expect(await listingIndex.ready()).toBe(true);
    expect(await listingIndex.ranking()).toBeDefined();
    const [a, b] = [rowIds(await fromIndex()), rowIds(await fromDatabase())];
    expect(a).toEqual(b);
    expect(Object.values(a).every((row) => row.length > 0)).toBe(true);
  });

  it('when a product is bought below the low-stock line and paid for, then the index ranks it by its new stock and units sold like the database', async () => {
    expect(await listingIndex.ready()).toBe(true);
    const i = seeds.findIndex((s) => !s.deleted && s.totalStock === 10);
    const id = ids[i]!;
    const figures = async () => {
      const t = (await listingIndex.ranking())!;
      const slot = t.ids.indexOf(id);
      return { stock: t.stock[slot], popularity: t.popularity[slot] };
    };
    const before = await figures();
    const { agent, addressId } = await shopperWithAddress(ctx);
    await addToCart(agent, id, 3);
    await sandboxCheckout(agent, addressId);
    expect(await listingIndex.ready()).toBe(true);
    expect(await figures()).toEqual({ stock: 7, popularity: before.popularity! + 3 });
    expect(rowIds(await fromIndex())).toEqual(rowIds(await fromDatabase()));
  });
});
