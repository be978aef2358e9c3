/**
 * Synonyms (docs/search-and-listing.md, "Synonyms"): "shoes" finds the footwear category's products and their
 * common names (boots, sneakers).
 */
import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { SEARCH_SYNONYMS, synonymLexeme } from '@mp/shared';
import { createTestContext } from '../../../../../test/app';
import { products } from '../../../../db/schema';
import { insertProducts, productBody } from '../../__tests__/catalog-fixtures';

const ctx = await createTestContext();
const anon = ctx.anon();
const admin = await ctx.loginAs('admin');
const { db, changes } = ctx.deps;

const [boots, sneakers, runner, mobile, shirt] = await insertProducts(db, [
  { title: 'Trail Boots', category: 'footwear', brand: 'puma', price: 4000 },
  { title: 'Canvas Sneakers', category: 'men', brand: 'nike', price: 2000 },
  { title: 'Air Runner', category: 'footwear', brand: 'nike', price: 3000 },
  { title: 'Galaxy M14', category: 'mobile', brand: 'samsung', price: 12000 },
  { title: 'Oxford Shirt', category: 'men', brand: 'levi', price: 1500 },
]);
changes.publish({ type: 'products', ids: [boots!, sneakers!, runner!, mobile!, shirt!] });

const idsOf = (r: { data: { _id: string }[] }) => r.data.map((p) => p._id).sort();

describe('search synonyms', () => {
  it('when a shopper searches "shoes", then the footwear (boots, sneakers, the footwear category) is found', async () => {
    for (const keyword of ['shoes', 'shoe', 'footwear']) {
      const res = await anon.get(`/api/shop/product/search/search-product/${keyword}?facets=true`);
      expect(res.status, keyword).toBe(200);
      expect(idsOf(res.body), keyword).toEqual([boots!, sneakers!, runner!].sort());
    }
  });

  it('when a shopper searches "smartphone" through the API, then the mobile category answers', async () => {
    const res = await anon.get('/api/shop/product/search/search-product/smartphone');
    expect(res.status).toBe(200);
    expect(idsOf(res.body)).toEqual([mobile]);
  });

  it('when a shopper adds a model number ("puma shoes 345", "pmua boots 345"), then only that model answers', async () => {
    const [model, other, phone] = await insertProducts(db, [
      { title: 'Trail Boots 345', category: 'footwear', brand: 'puma', price: 4100 },
      { title: 'Trail Boots 346', category: 'footwear', brand: 'puma', price: 4200 },
      { title: 'Galaxy Phone 345', category: 'mobile', brand: 'puma', price: 9000 },
    ]);
    changes.publish({ type: 'products', ids: [model!, other!, phone!] });
    for (const keyword of ['puma shoes 345', 'pmua boots 345', 'footwear 345']) {
      for (const query of ['?facets=true', '']) {
        const res = await anon.get(
          `/api/shop/product/search/search-product/${encodeURIComponent(keyword)}${query}`,
        );
        expect(res.status, keyword).toBe(200);
        expect(idsOf(res.body), `${keyword}${query}`).toEqual([model]);
      }
    }
  });
  it('when a shopper types a possessive ("levi\'s shirt") or a one-character word ("shirt 5"), then each is one word, taken as typed', async () => {
    const [five, fifty] = await insertProducts(db, [
      { title: 'Linen Shirt 5', category: 'men', brand: 'levi', price: 1600 },
      { title: 'Linen Shirt 50', category: 'men', brand: 'levi', price: 1700 },
    ]);
    changes.publish({ type: 'products', ids: [five!, fifty!] });
    const search = async (keyword: string) =>
      idsOf((await anon.get(`/api/shop/product/search/search-product/${encodeURIComponent(keyword)}`)).body);
    // "levi's" is levi: no title word has to start with an "s" besides "shirt"
    expect(await search("levi's oxford")).toEqual([shirt]);
    // a single digit is that number, not every number starting with it
    expect(await search('linen shirt 5')).toEqual([five]);
    // a letter no title has as a word finds nothing, not every title with a word starting with it ("Oxford")
    for (const keyword of ['o', 'O x', '!']) {
      const res = await anon.get(
        `/api/shop/product/search/search-product/${encodeURIComponent(keyword)}?facets=true`,
      );
      expect([res.status, res.body.data], keyword).toEqual([200, []]);
      expect(res.body.facets.capped, keyword).toBe(false);
    }
  });

  it("when a title holds a word of a synonym set (or its plural), then it carries that set's lexeme, as the shared sets say", async () => {
    const lexemesOf = async (title: string) => {
      const { rows } = (await db.execute(
        sql`select search_synonym_groups(to_tsvector('english', ${title}))::text as v`,
      )) as unknown as { rows: { v: string }[] };
      return rows[0]!.v;
    };
    for (const set of SEARCH_SYNONYMS) {
      for (const word of set) {
        for (const form of word.endsWith('s') ? [word] : [word, `${word}s`]) {
          expect(await lexemesOf(`Classic ${form} 12`), form).toBe(`'${synonymLexeme(set)}'`);
        }
      }
    }
    expect(await lexemesOf('Oxford Shirt')).toBe('');
    expect(await lexemesOf('Kids Sneakers')).toBe(
      `'${synonymLexeme(SEARCH_SYNONYMS[0]!)}' '${synonymLexeme(SEARCH_SYNONYMS[6]!)}'`,
    );
  });

  it('when the admin renames a product out of and back into a synonym set, then "footwear" stops and starts finding it', async () => {
    const [bag] = await insertProducts(db, [
      { title: 'Canvas Loafers', category: 'accessories', brand: 'levi', price: 2500 },
    ]);
    changes.publish({ type: 'products', ids: [bag!] });
    const finds = async () =>
      idsOf((await anon.get('/api/shop/product/search/search-product/footwear')).body).includes(bag!);
    expect(await finds()).toBe(true);
    const rename = async (title: string) => {
      const [row] = await db.select().from(products).where(eq(products.id, bag!));
      const res = await admin.agent.put(`/api/admin/products/edit/${bag}`).send(
        productBody({
          title,
          category: 'accessories',
          stockLoaded: row!.totalStock,
          totalStock: row!.totalStock,
        }),
      );
      expect(res.status).toBe(200);
    };
    await rename('Canvas Tote');
    expect(await finds()).toBe(false);
    await rename('Canvas Chappal');
    expect(await finds()).toBe(true);
  });
});
