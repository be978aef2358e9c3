/**
 * Relevance is the rule of docs/search-and-listing.md ("Search", 2): `ts_rank × 2 + word_similarity(keyword,
 * title)`, best first, ties by id, worked out here by PostgreSQL's own functions and compared with the answers.
 */
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestContext } from '../../../../../test/app';
import { insertProducts } from '../../__tests__/catalog-fixtures';

const ctx = await createTestContext();
const anon = ctx.anon();
const { db, changes } = ctx.deps;

// titles that hold the phrase as typed, reversed, split by another word, with two spaces, in capitals, twice over,
// and inside a longer word (no title word starts another, so each search word is asked as `word:*`:
// docs/search-and-listing.md, "Search", 1)
const titles = [
  'Zephyr Quartz Lamp',
  'Quartz Zephyr Lamp',
  'Zephyr Lamp Quartz',
  'Zephyr  Quartz Stand',
  'ZEPHYR QUARTZ',
  'Lamp Zephyr Quartz Zephyr Quartz',
  'Xzephyr Quartz Lamp Zephyr',
  'Quartz 5 Zephyr',
  'Quartz Lamp 7 Zephyr',
  'Lamp 7 Stand',
];
const ids = await insertProducts(
  db,
  titles.map((title) => ({ title, description: 'A lamp for a desk', category: 'electronics' })),
);
changes.publish({ type: 'products', ids: ids.map((id) => id!) });

/** The rule, worked out by PostgreSQL's own functions over the products the search answered. */
async function ruleOrder(keyword: string, tsquery: string, answered: string[]): Promise<string[]> {
  const rows = (await db.execute(sql`
    select id from products where id = any(${`{${answered.join(',')}}`}::uuid[])
    order by ts_rank(search_vector, to_tsquery('english', ${tsquery})) * 2
      + word_similarity(${keyword}::text, lower(title)) desc, id`)) as unknown as { rows: { id: string }[] };
  return rows.rows.map((r) => r.id);
}

const search = async (keyword: string) => {
  const res = await anon.get(`/api/shop/product/search/search-product/${encodeURIComponent(keyword)}`);
  expect(res.status, keyword).toBe(200);
  return (res.body.data as { _id: string }[]).map((p) => p._id);
};

describe('search relevance', () => {
  it('when shoppers search phrases that titles hold word for word or only in part, then the answer is in the order of the ranking rule', async () => {
    const cases: [string, string][] = [
      ['zephyr quartz', 'zephyr:* & quartz:*'],
      ['quartz zephyr', 'quartz:* & zephyr:*'],
      ['zephyr quartz lamp', 'zephyr:* & quartz:* & lamp:*'],
      ['lamp 7', 'lamp:* & 7'],
      ['lamp quartz', 'lamp:* & quartz:*'],
      ['Zephyr  Quartz', 'zephyr:* & quartz:*'],
    ];
    for (const [keyword, tsquery] of cases) {
      const answered = await search(keyword);
      expect(answered.length, keyword).toBeGreaterThan(1);
      const kw = keyword.toLowerCase().replace(/\s+/g, ' ').trim();
      expect(answered, keyword).toEqual(await ruleOrder(kw, tsquery, answered));
    }
    // the similarity decides here: the same words, side by side first, then apart
    const order = await search('zephyr quartz');
    const at = (title: string) => order.indexOf(ids[titles.indexOf(title)]!);
    expect(at('Zephyr Quartz Lamp')).toBeLessThan(at('Zephyr Lamp Quartz'));
    expect(at('Quartz Zephyr Lamp')).toBeLessThan(at('Quartz Lamp 7 Zephyr'));
    // ranked alike by the text, the closer title first: "Quartz 5 Zephyr" (0.875) before a title that holds the
    // keyword only inside "xzephyr quartz" (0.857)
    expect(at('Quartz 5 Zephyr')).toBeLessThan(at('Xzephyr Quartz Lamp Zephyr'));
  });
});
