/**
 * A search of several words is planned once per connection (docs/search-and-listing.md, "Planned once per
 * connection"): PostgreSQL switches such a statement to one plan for all words after a few executions. Whatever
 * the plan, each search answers exactly its own matches, filtered, counted and sorted as asked.
 */
import { describe, expect, it } from 'vitest';
import { createTestContext } from '../../../../../test/app';
import { insertProducts } from '../../__tests__/catalog-fixtures';

const ctx = await createTestContext();
const anon = ctx.anon();
const { db, changes } = ctx.deps;

const fixtures = [
  { title: 'Trail Boots Red', category: 'footwear', brand: 'puma', price: 4000 },
  { title: 'Trail Boots Blue', category: 'footwear', brand: 'nike', price: 3000 },
  { title: 'Cotton Shirt Red', category: 'men', brand: 'levi', price: 1500 },
  { title: 'Cotton Shirt Blue', category: 'men', brand: 'nike', price: 1200 },
  { title: 'Galaxy Phone Red', category: 'mobile', brand: 'samsung', price: 9000 },
  { title: 'Galaxy Phone Blue', category: 'mobile', brand: 'samsung', price: 8000 },
];
const ids = await insertProducts(db, fixtures);
changes.publish({ type: 'products', ids: ids.map((id) => id!) });
const catalogue = fixtures.map((f, i) => ({ ...f, id: ids[i]!, words: f.title.toLowerCase().split(' ') }));

/** Nine phrases of two words: more than PostgreSQL's five executions before it tries one plan for all. */
const phrases = [
  'red boots',
  'blue boots',
  'red shirt',
  'blue shirt',
  'trail boots',
  'cotton shirt',
  'galaxy phone',
  'red phone',
  'blue phone',
];
const matches = (phrase: string) =>
  catalogue.filter((p) => phrase.split(' ').every((w) => p.words.includes(w)));

interface Answer {
  data: { _id: string; price: number }[];
  facets?: { category: { id: string; count: number }[] };
}
const search = async (phrase: string, query: string): Promise<Answer> => {
  const res = await anon.get(
    `/api/shop/product/search/search-product/${encodeURIComponent(phrase)}?${query}`,
  );
  expect(res.status, `${phrase}?${query}`).toBe(200);
  return res.body as Answer;
};
const sortedIds = (rows: { id: string }[] | { _id: string }[]) =>
  rows.map((r) => ('_id' in r ? r._id : r.id)).sort();

describe('searches of several words, planned once per connection', () => {
  it('when shoppers search phrase after phrase, then each answer holds exactly its matches and their counts', async () => {
    for (const phrase of phrases) {
      const found = matches(phrase);
      const answer = await search(phrase, 'facets=true');
      expect(sortedIds(answer.data), phrase).toEqual(sortedIds(found));
      const counted = answer.facets?.category.filter((c) => c.count > 0).map((c) => `${c.id} ${c.count}`);
      const expected = [...new Set(found.map((p) => p.category))].map(
        (c) => `${c} ${found.filter((p) => p.category === c).length}`,
      );
      expect(counted?.sort(), phrase).toEqual(expected.sort());
    }
  });

  it('when they filter by brand or sort by price, then the filter and the order hold for every phrase', async () => {
    for (const phrase of phrases) {
      const nike = await search(phrase, 'facets=true&brand=nike');
      expect(sortedIds(nike.data), phrase).toEqual(
        sortedIds(matches(phrase).filter((p) => p.brand === 'nike')),
      );
      const cheapest = await search(phrase, 'sortBy=price-lowtohigh');
      expect(
        cheapest.data.map((p) => p._id),
        phrase,
      ).toEqual(
        matches(phrase)
          .sort((a, b) => a.price - b.price)
          .map((p) => p.id),
      );
    }
  });
});
