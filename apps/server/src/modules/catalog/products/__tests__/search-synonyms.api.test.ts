/**
 * Synonyms (docs/search-and-listing.md, "Synonyms"): "shoes" finds the footwear category's products and their
 * common names (boots, sneakers), with the same answer from memory and from PostgreSQL.
 */
import { describe, expect, it, vi } from 'vitest';
import { createTestContext } from '../../../../../test/app';
import { insertProducts } from '../../__tests__/catalog-fixtures';
import { createProductService } from '../product.service';

const ctx = await createTestContext();
const anon = ctx.anon();
const { db, catalogCache, changes, listingIndex } = ctx.deps;

const [boots, sneakers, runner, mobile, shirt] = await insertProducts(db, [
  { title: 'Trail Boots', category: 'footwear', brand: 'puma', price: 4000 },
  { title: 'Canvas Sneakers', category: 'men', brand: 'nike', price: 2000 },
  { title: 'Air Runner', category: 'footwear', brand: 'nike', price: 3000 },
  { title: 'Galaxy M14', category: 'mobile', brand: 'samsung', price: 12000 },
  { title: 'Oxford Shirt', category: 'men', brand: 'levi', price: 1500 },
]);
changes.publish({ type: 'products', ids: [boots!, sneakers!, runner!, mobile!, shirt!] });

const fromMemory = createProductService({ db, catalogCache, changes, listingIndex });
const fromDatabase = createProductService({ db, catalogCache, changes });
const idsOf = (r: { data: { _id: string }[] }) => r.data.map((p) => p._id).sort();

describe('search synonyms', () => {
  it('when a shopper searches "shoes", then the footwear (boots, sneakers, the footwear category) is found in memory and in SQL alike', async () => {
    expect(await listingIndex.ready()).toBe(true);
    const inMemory = vi.spyOn(listingIndex, 'search');
    for (const keyword of ['shoes', 'shoe', 'footwear']) {
      const q = { page: 1, limit: 24, facets: true };
      const [a, b] = [await fromMemory.search(keyword, q), await fromDatabase.search(keyword, q)];
      expect(a, keyword).toEqual(b);
      expect(idsOf(a), keyword).toEqual([boots!, sneakers!, runner!].sort());
    }
    // memory answered each of them (not the SQL path)
    expect(inMemory.mock.results.filter((r) => r.value !== undefined)).toHaveLength(3);
  });

  it('when a shopper searches "smartphone" through the API, then the mobile category answers', async () => {
    const res = await anon.get('/api/shop/product/search/search-product/smartphone');
    expect(res.status).toBe(200);
    expect(idsOf(res.body)).toEqual([mobile]);
  });
});
