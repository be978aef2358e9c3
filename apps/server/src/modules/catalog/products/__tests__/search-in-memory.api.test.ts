/**
 * Search in memory (docs/search-and-listing.md, "Search in memory"): a search answered from the listing index's
 * search data is the answer the SQL path gives (same candidates, same scores to the last bit, same facets), and a
 * product edit shows in the next search.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { SORT_IDS, type SearchQuery } from '@mp/shared';
import { createTestContext } from '../../../../../test/app';
import { insertProducts, type ProductSeed } from '../../__tests__/catalog-fixtures';
import type { ListingIndex } from '../listing-index';
import { createProductService } from '../product.service';
import { readAlternatives } from '../query-stems';
import { TitleTrigrams } from '../word-similarity';

const ctx = await createTestContext();
const { db, catalogCache, changes, listingIndex } = ctx.deps;

// near-ties: the same words in other orders and lengths, repeated titles, words only in descriptions or brands
const ADJECTIVES = ['Blue', 'Slim', 'Blue Slim', 'Classic', '', 'Wireless', 'Smart'];
const NOUNS = ['Shirt', 'Shirts', 'Denim Shirt', 'Jeans', 'Shirt Dress', 'Headphones', 'TV', 'Phone Case'];
const BRANDS = ['levi', 'zara', 'puma', 'samsung', 'boat'] as const;
const CATEGORIES = ['men', 'women', 'electronics', 'kids'];
const DESCRIPTIONS = [
  'a blue shirt for work',
  'cotton',
  'two year warranty, shirts and jeans washed',
  'the best of the season',
  'wireless earbuds with a case',
];
const seeds: ProductSeed[] = Array.from({ length: 180 }, (_, i) => ({
  title: `${["Levi's", 'Zara', 'Puma', 'Samsung', 'boAt'][i % 5]} ${ADJECTIVES[i % 7]} ${NOUNS[(i * 3) % 8]} ${i % 9}`,
  description: DESCRIPTIONS[(i * 7) % 5],
  brand: BRANDS[i % 5],
  category: CATEGORIES[(i * 5) % 4],
  price: [499, 999, 1500, 250, 999][i % 5],
  deleted: i % 17 === 0,
}));
// model numbers: the prefix "x1" matches 75 lexemes (more than are merged run by run)
for (let i = 0; i < 75; i++)
  seeds.push({
    title: `Runner X1${String(i).padStart(2, '0')}`,
    brand: 'puma',
    category: 'kids',
    price: 300 + i,
  });
const ids = await insertProducts(db, seeds);
changes.publish({ type: 'products', ids });

/** The index, counting the searches it answered (so a test knows memory, not SQL, answered). */
let answered = 0;
const counting = new Proxy(listingIndex, {
  get(target, prop) {
    if (prop === 'search')
      return (q: Parameters<ListingIndex['search']>[0]) => {
        const found = target.search(q);
        if (found) answered++;
        return found;
      };
    const value = Reflect.get(target, prop, target) as unknown;
    return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
  },
});
const fromMemory = createProductService({ db, catalogCache, changes, listingIndex: counting });
const fromDatabase = createProductService({ db, catalogCache, changes });

const KEYWORDS = [
  'shirt',
  'shirts',
  'blue shirt',
  'levis shirt',
  'slim shirt',
  'shirt 3',
  'jeans',
  'jeens', // a typo, corrected by the vocabulary
  'samsnug tv',
  'sams',
  'boat wireless headphones',
  'electronics', // a category word
  'warranty', // only in descriptions
  'blue jeans case', // no product holds every word: any word answers
  'the shirt', // a stop word
  'phone case 4',
  'zara denim 7',
  'x1',
  'runner x10',
];

describe('search in memory', () => {
  it('when searches are answered from memory, then every sort, filter, page and facet is the answer PostgreSQL gives', async () => {
    expect(await listingIndex.ready()).toBe(true);
    const filters: Partial<SearchQuery>[] = [
      {},
      { category: ['men'] },
      { brand: ['samsung', 'boat'] },
      { category: ['women', 'electronics'], brand: ['levi', 'zara', 'boat'] },
    ];
    let compared = 0;
    for (const keyword of KEYWORDS)
      for (const filter of filters)
        for (const sortBy of ['relevance' as const, ...SORT_IDS])
          for (const [page, limit] of [
            [1, 24],
            [2, 7],
            [3, 24],
          ] as const)
            for (const facets of [true, false]) {
              const q = { ...filter, sortBy, page, limit, facets };
              const [a, b] = [await fromMemory.search(keyword, q), await fromDatabase.search(keyword, q)];
              expect(a, `${keyword} ${JSON.stringify(q)}`).toEqual(b);
              compared += a.data.length;
            }
    expect(compared).toBeGreaterThan(3000);
    // memory answered every one of them (none of these keywords needs the trigram fallback)
    expect(answered).toBe(KEYWORDS.length * 4 * 5 * 3 * 2);
  });

  it('when nothing matches any word, then the trigram fallback of the SQL path still finds close titles', async () => {
    const found = await fromMemory.search('samsungshirt', { page: 1, limit: 24 });
    expect(found.data.length).toBeGreaterThan(0);
    expect(found).toEqual(await fromDatabase.search('samsungshirt', { page: 1, limit: 24 }));
  });

  it('when more products match than are ranked, then every product matching in its title is among them', async () => {
    const described = await insertProducts(
      db,
      Array.from({ length: 230 }, () => ({ title: 'Plain Mug', description: 'a quokka print' })),
    );
    const titled = await insertProducts(
      db,
      Array.from({ length: 5 }, (_, i) => ({ title: `Quokka Mug ${i}`, category: 'kids' as const })),
    );
    changes.publish({ type: 'products', ids: [...described, ...titled] });
    expect(await listingIndex.ready()).toBe(true);
    const before = answered;
    const found = await fromMemory.search('quokka', { page: 1, limit: 24, facets: true });
    expect(answered).toBe(before + 1);
    expect(found.facets?.capped).toBe(true);
    expect(
      found.data
        .slice(0, 5)
        .map((p) => p._id)
        .sort(),
    ).toEqual([...titled].sort());
    // the sort by price still takes the candidate set: the title matches are in it
    const byPrice = await fromMemory.search('quokka', {
      page: 1,
      limit: 200,
      sortBy: 'price-lowtohigh',
      category: ['kids'],
    });
    expect(byPrice.data.map((p) => p._id).sort()).toEqual([...titled].sort());
  });

  it("when a product's description changes, then the next search finds it by its new words", async () => {
    expect(await listingIndex.ready()).toBe(true);
    const id = ids[1]!;
    expect((await fromMemory.search('paisley', { page: 1, limit: 24 })).data).toEqual([]);
    await db.execute(sql`update products set description = 'paisley print' where id = ${id}`);
    changes.publish({ type: 'products', ids: [id] });
    // at once (the change is being checked: the SQL path answers), and once the index has caught up
    expect((await fromMemory.search('paisley', { page: 1, limit: 24 })).data.map((p) => p._id)).toEqual([id]);
    expect(await listingIndex.ready()).toBe(true);
    const before = answered;
    expect((await fromMemory.search('paisley', { page: 1, limit: 24 })).data.map((p) => p._id)).toEqual([id]);
    expect(answered).toBe(before + 1);
  });
});

describe('readAlternatives', () => {
  it("reads PostgreSQL's stems of a word group, and refuses what is not a plain list of alternatives", () => {
    expect(readAlternatives("'samsnug':* | 'samsung'")).toEqual([
      { lexeme: 'samsnug', prefix: true },
      { lexeme: 'samsung', prefix: false },
    ]);
    expect(readAlternatives("'it''s'")).toEqual([{ lexeme: "it's", prefix: false }]);
    expect(readAlternatives('')).toEqual([]);
    expect(readAlternatives("'a' & 'b'")).toBeNull();
    expect(readAlternatives("'wi' <-> 'fi'")).toBeNull();
  });
});

describe('TitleTrigrams', () => {
  const queries = [
    'samsung',
    'samsnug',
    'levis shirt',
    'shirt 123',
    'jeens',
    'tv',
    'a',
    'nike nike',
    "levi's",
    'h&m tee',
    'café crème',
    'x',
  ];
  const titles = [
    'Samsung Galaxy S24 Ultra',
    "Levi's Premium Smart TV 765",
    'Classic Blue Jeans (slim)',
    'TV stand — walnut, 55"',
    'Shirt shirt SHIRT 123 shirt',
    'H&M Cotton Tee',
    'Café Crème Mug',
    'x',
    '',
    '!!! ---',
    'aaaaaa aaaaa aaaa',
  ];
  /** Random short texts over a small alphabet (seeded): many repeated and overlapping trigrams. */
  function randomTexts(count: number, seed: number): string[] {
    let state = seed;
    const next = () => (state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const alphabet = 'abab cd-e1 ';
    return Array.from({ length: count }, () =>
      Array.from(
        { length: 1 + Math.floor(next() * 14) },
        () => alphabet[Math.floor(next() * alphabet.length)],
      ).join(''),
    );
  }

  it('gives exactly what PostgreSQL gives for every query × title pair', async () => {
    const [randomQueries, randomTitles] = [randomTexts(40, 7), randomTexts(40, 11)];
    const pairs = [
      ...queries.flatMap((q) => titles.map((t) => [q, t] as const)),
      ...randomQueries.flatMap((q) => randomTitles.map((t) => [q, t] as const)),
    ];
    const { rows } = (await db.execute(
      sql`select q, t, word_similarity(q, lower(t))::float8 as s
        from unnest(${`{${pairs.map(([q]) => JSON.stringify(q)).join(',')}}`}::text[],
                    ${`{${pairs.map(([, t]) => JSON.stringify(t)).join(',')}}`}::text[]) as p(q, t)`,
    )) as unknown as { rows: { q: string; t: string; s: number }[] };
    expect(rows).toHaveLength(pairs.length);
    const allTitles = [...new Set(pairs.map(([, t]) => t))];
    const table = await TitleTrigrams.build(allTitles);
    const mismatches = rows.flatMap(({ q, t, s }) => {
      const ours = table.similarityTo(q)(allTitles.indexOf(t));
      return ours === s ? [] : [{ q, t, postgres: s, ours }];
    });
    expect(mismatches).toEqual([]);
    expect(new Set(rows.map((r) => r.s)).size).toBeGreaterThan(30);
  });
});
