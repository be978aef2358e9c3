import { describe, expect, it } from 'vitest';
import { createTestContext } from '../../../../../test/app';
import { insertProducts, productBody } from '../../__tests__/catalog-fixtures';

const ctx = await createTestContext();
const anon = ctx.anon();
const admin = await ctx.loginAs('admin');

type P = {
  _id: string;
  title: string;
  price: number;
  salePrice: number | null;
  category: string;
  brand: string;
};

// A fixed little catalogue: 3 men/nike, 2 men/puma, 2 women/zara, 1 electronics/samsung, 1 deleted men/nike.
const ids = await insertProducts(ctx.db, [
  { title: 'Nike Air Runner Shoes', category: 'men', brand: 'nike', price: 3000, salePrice: 2500 },
  { title: 'Nike Dri-FIT Tee', category: 'men', brand: 'nike', price: 1200 },
  { title: 'Nike Track Pants', category: 'men', brand: 'nike', price: 2200, salePrice: 0 },
  { title: 'Puma Polo Shirt', category: 'men', brand: 'puma', price: 1500, salePrice: 999 },
  { title: 'Puma Sports Cap', category: 'men', brand: 'puma', price: 600 },
  { title: 'Zara Floral Dress', category: 'women', brand: 'zara', price: 4000, salePrice: 3500 },
  { title: "Zara Women's Slim Jeans", category: 'women', brand: 'zara', price: 2800 },
  {
    title: 'Samsung Galaxy S23 Mobile',
    description: 'Flagship phone with a great camera',
    category: 'electronics',
    brand: 'samsung',
    price: 70000,
    salePrice: 65000,
    ratingSum: 9,
    reviewCount: 2,
    unitsSold: 5,
    wishlistCount: 2,
  },
  { title: 'Nike Deleted Hoodie', category: 'men', brand: 'nike', price: 100, deleted: true },
]);
const samsungId = ids[7]!;
const deletedId = ids[8]!;
const effective = (p: P) => (p.salePrice && p.salePrice > 0 ? p.salePrice : p.price);

describe('GET /api/shop/products/get', () => {
  it('when no filter is given, then every live product, cheapest first, with pagination and facets', async () => {
    const res = await anon.get('/api/shop/products/get');
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.data).toHaveLength(8);
    expect(res.body.data.map((p: P) => p._id)).not.toContain(deletedId);
    const prices = res.body.data.map(effective);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(res.body.pagination).toEqual({ page: 1, limit: 24, total: 8, pages: 1 });
    expect(res.body.facets.category).toEqual([
      { id: 'electronics', count: 1 },
      { id: 'men', count: 5 },
      { id: 'women', count: 2 },
    ]);
    expect(res.body.facets.brand).toContainEqual({ id: 'nike', count: 3 });
  });

  it('when filtering by category and brand, then only matches; each facet applies the other filter only', async () => {
    const res = await anon.get('/api/shop/products/get').query({ category: 'men,women', brand: 'nike,zara' });
    expect(res.status).toBe(200);
    const titles = res.body.data.map((p: P) => p.title);
    expect(titles).toHaveLength(5);
    expect(res.body.data.every((p: P) => ['nike', 'zara'].includes(p.brand))).toBe(true);
    expect(res.body.pagination.total).toBe(5);
    // category facet: brand filter only (nike, zara) → men 3, women 2
    expect(res.body.facets.category).toEqual([
      { id: 'men', count: 3 },
      { id: 'women', count: 2 },
    ]);
    // brand facet: category filter only (men, women) → nike 3, puma 2, zara 2
    expect(res.body.facets.brand).toEqual([
      { id: 'nike', count: 3 },
      { id: 'puma', count: 2 },
      { id: 'zara', count: 2 },
    ]);
  });

  it("when the old 'electonics' spelling is used, then it filters electronics", async () => {
    const res = await anon.get('/api/shop/products/get?category=electonics');
    expect(res.status).toBe(200);
    expect(res.body.data.map((p: P) => p._id)).toEqual([samsungId]);
  });

  it.each([
    ['price-lowtohigh', (a: P, b: P) => effective(a) - effective(b)],
    ['price-hightolow', (a: P, b: P) => effective(b) - effective(a)],
    ['title-atoz', (a: P, b: P) => (a.title < b.title ? -1 : 1)],
    ['title-ztoa', (a: P, b: P) => (a.title > b.title ? -1 : 1)],
  ])('when sorted by %s, then the order follows it', async (sortBy, cmp) => {
    const res = await anon.get('/api/shop/products/get').query({ sortBy });
    expect(res.status).toBe(200);
    expect(res.body.data.map((p: P) => p.title)).toEqual([...res.body.data].sort(cmp).map((p: P) => p.title));
  });

  it('when paging, then pages do not overlap and cover the total', async () => {
    const p1 = await anon.get('/api/shop/products/get?limit=3&page=1&sortBy=title-atoz');
    const p3 = await anon.get('/api/shop/products/get?limit=3&page=3&sortBy=title-atoz');
    expect(p1.body.pagination).toEqual({ page: 1, limit: 3, total: 8, pages: 3 });
    expect(p3.body.data).toHaveLength(2);
    const all = [...p1.body.data, ...p3.body.data].map((p: P) => p._id);
    expect(new Set(all).size).toBe(5);
  });

  it.each(['price-lowtohigh', 'price-hightolow', 'title-atoz', 'title-ztoa'])(
    'when every page of a %s listing is read (back pages are read from the end), then together they are the whole listing in order',
    async (sortBy) => {
      const whole = (await anon.get(`/api/shop/products/get?sortBy=${sortBy}&brand=nike,puma,zara`)).body;
      const pages = [];
      for (let page = 1; page <= 3; page++)
        pages.push(
          ...(
            await anon.get(
              `/api/shop/products/get?sortBy=${sortBy}&brand=nike,puma,zara&limit=3&page=${page}`,
            )
          ).body.data,
        );
      expect(whole.pagination.total).toBe(7);
      expect(pages.map((p: P) => p._id)).toEqual(whole.data.map((p: P) => p._id));
      const beyond = await anon.get(
        `/api/shop/products/get?sortBy=${sortBy}&brand=nike,puma,zara&limit=3&page=4`,
      );
      expect(beyond.body.data).toEqual([]);
    },
  );

  it('when a product moves to another category, then both totals and facets follow at once', async () => {
    const facet = (body: { facets: { category: { id: string; count: number }[] } }, id: string) =>
      body.facets.category.find((c) => c.id === id)?.count ?? 0;
    const before = (await anon.get('/api/shop/products/get')).body;
    const add = await admin.agent
      .post('/api/admin/products/add')
      .send(productBody({ category: 'kids', brand: 'puma' }));
    expect(add.status).toBe(201);
    const moved = await admin.agent
      .put(`/api/admin/products/edit/${add.body.data._id}`)
      .send(productBody({ category: 'fashion', brand: 'puma' }));
    expect(moved.status).toBe(200);
    const after = (await anon.get('/api/shop/products/get')).body;
    expect(facet(after, 'kids')).toBe(facet(before, 'kids'));
    expect(facet(after, 'fashion')).toBe(facet(before, 'fashion') + 1);
    expect(
      (await anon.get('/api/shop/products/get?category=fashion')).body.data.map((p: P) => p._id),
    ).toContain(add.body.data._id);
    await admin.agent.delete(`/api/admin/products/delete/${add.body.data._id}`);
    expect(facet((await anon.get('/api/shop/products/get')).body, 'fashion')).toBe(facet(before, 'fashion'));
  });

  it.each([
    ['an unknown category', 'category=toys'],
    ['a brand id over 80 characters', `brand=nike,${'x'.repeat(81)}`],
    ['an unknown sort', 'sortBy=cheapest'],
    ['page 0', 'page=0'],
    ['limit 10000', 'limit=10000'],
    ['limit 0', 'limit=0'],
    ['a non-numeric page', 'page=abc'],
  ])('when the query has %s, then 400', async (_l, query) => {
    const res = await anon.get(`/api/shop/products/get?${query}`);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
  });

  it('when a product is added or deleted, then the listing total follows at once', async () => {
    const before = (await anon.get('/api/shop/products/get?brand=lg')).body.pagination.total;
    const add = await admin.agent.post('/api/admin/products/add').send({
      title: 'LG Smart TV 43',
      description: '4K',
      category: 'electronics',
      brand: 'lg',
      price: 30000,
      discount: 5,
      totalStock: 4,
      image: '/uploads/products/tv.png',
    });
    expect(add.status).toBe(201);
    expect((await anon.get('/api/shop/products/get?brand=lg')).body.pagination.total).toBe(before + 1);
    await admin.agent.delete(`/api/admin/products/delete/${add.body.data._id}`);
    expect((await anon.get('/api/shop/products/get?brand=lg')).body.pagination.total).toBe(before);
  });
});

describe('GET /api/shop/products/get/:id', () => {
  it('when the product exists, then its DTO with averageReview and reviewCount', async () => {
    const res = await anon.get(`/api/shop/products/get/${samsungId}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      _id: samsungId,
      price: 70000,
      salePrice: 65000,
      averageReview: 4.5,
      reviewCount: 2,
      popularity: 7,
    });
  });

  it('when the id is written in capitals, then the same product answers', async () => {
    const res = await anon.get(`/api/shop/products/get/${samsungId.toUpperCase()}`);
    expect(res.status).toBe(200);
    expect(res.body.data._id).toBe(samsungId);
  });

  it('when the id is malformed, unknown or deleted, then 400, 404, 404', async () => {
    expect((await anon.get('/api/shop/products/get/not-an-id')).status).toBe(400);
    expect((await anon.get('/api/shop/products/get/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await anon.get(`/api/shop/products/get/${deletedId}`)).status).toBe(404);
  });
});

describe('GET /api/shop/product/search/search-product/:keyword', () => {
  const search = (kw: string, query = '') =>
    anon.get(`/api/shop/product/search/search-product/${encodeURIComponent(kw)}${query}`);

  it('when searching a word in any case, then matching products come back, title matches first', async () => {
    const res = await search('NIKE');
    expect(res.status).toBe(200);
    const titles = res.body.data.map((p: P) => p.title);
    expect(titles).toHaveLength(3);
    expect(titles.every((t: string) => t.startsWith('Nike'))).toBe(true);
    expect(titles).not.toContain('Nike Deleted Hoodie');
  });

  it('when the keyword is misspelt, then trigram similarity still finds it', async () => {
    expect((await search('samsnug')).body.data.map((p: P) => p._id)).toContain(samsungId);
    expect((await search('jeens')).body.data.map((p: P) => p.title)).toContain("Zara Women's Slim Jeans");
  });

  it('when the keyword is a prefix or a stemmed form, then it matches', async () => {
    expect((await search('galax')).body.data.map((p: P) => p._id)).toEqual([samsungId]);
    expect((await search('dresses')).body.data.map((p: P) => p.title)).toEqual(['Zara Floral Dress']);
  });

  it('when the keyword matches only the description, then the product is still found', async () => {
    expect((await search('camera')).body.data.map((p: P) => p._id)).toEqual([samsungId]);
  });

  it('when a title holds the keyword and another only the description, then the title match ranks first', async () => {
    const [inTitle, inDescription] = await insertProducts(ctx.db, [
      { title: 'Casio Vintage Watch', brand: 'casio', category: 'accessories' },
      { title: 'Fastrack Band', description: 'a watch strap', brand: 'fastrack', category: 'accessories' },
    ]);
    const found = (await search('watch')).body.data.map((p: P) => p._id);
    expect(found.indexOf(inTitle)).toBeGreaterThanOrEqual(0);
    expect(found.indexOf(inTitle)).toBeLessThan(found.indexOf(inDescription));
  });

  it('when a later word is misspelt, then it is corrected too', async () => {
    expect((await search('nike runer')).body.data.map((p: P) => p.title)).toEqual(['Nike Air Runner Shoes']);
  });

  it('when a brand is misspelt, then that brand’s products come back', async () => {
    const titles = (await search('pumma')).body.data.map((p: P) => p.title);
    expect(titles.sort()).toEqual(['Puma Polo Shirt', 'Puma Sports Cap']);
  });

  it('when the keyword is a category word, then products of that category are found', async () => {
    expect((await search('electronics')).body.data.map((p: P) => p._id)).toContain(samsungId);
  });

  it('when a product with a new word is added, then a misspelling of that word finds it at once', async () => {
    await search('anything'); // the vocabulary is loaded before the new word exists
    const add = await admin.agent
      .post('/api/admin/products/add')
      .send(productBody({ title: 'Boat Rockerz Headphones', brand: 'boat', category: 'electronics' }));
    expect(add.status).toBe(201);
    expect((await search('headphnoes')).body.data.map((p: P) => p._id)).toEqual([add.body.data._id]);
    await admin.agent.delete(`/api/admin/products/delete/${add.body.data._id}`);
    expect((await search('headphones')).body.data).toEqual([]);
  });

  it('when no product holds every word, then products holding some of them come back, the most words first', async () => {
    const titles = (await search('puma polo dress')).body.data.map((p: P) => p.title);
    expect(titles[0]).toBe('Puma Polo Shirt');
    expect(titles).toEqual(expect.arrayContaining(['Puma Sports Cap', 'Zara Floral Dress']));
    expect(titles).not.toContain('Nike Track Pants');
  });

  it('when nothing is close, then an empty list', async () => {
    const res = await search('zzqqxx');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, data: [] });
  });

  it('when limit and page are given, then the page is cut; a limit above 48 is refused', async () => {
    const first = await search('nike', '?limit=2');
    const second = await search('nike', '?limit=2&page=2');
    expect(first.body.data).toHaveLength(2);
    expect(second.body.data).toHaveLength(1);
    expect((await search('nike', '?limit=49')).status).toBe(400);
  });

  it('when the keyword is only punctuation or too long, then 200 empty or 400', async () => {
    expect((await search("'&|!:*")).status).toBe(200);
    expect((await search('x'.repeat(101))).status).toBe(400);
  });

  it('when filtered by category and brand, then only those matches come back, the same with typos', async () => {
    const men = await search('nike', '?category=men&brand=nike');
    expect(men.status).toBe(200);
    expect(men.body.data.map((p: P) => p.title).sort()).toEqual([
      'Nike Air Runner Shoes',
      'Nike Dri-FIT Tee',
      'Nike Track Pants',
    ]);
    expect((await search('nike', '?category=women')).body.data).toEqual([]);
    const typo = await search('pumma', '?brand=puma,zara&category=men');
    expect(typo.body.data.map((p: P) => p.title).sort()).toEqual(['Puma Polo Shirt', 'Puma Sports Cap']);
    // a filter that holds no match of the whole phrase never falls back to looser matches of other products
    expect((await search('puma polo', '?category=women')).body.data).toEqual([]);
  });

  it('when a listing sort is given, then the matches come in that order; relevance is the default', async () => {
    const cheap = (await search('nike', '?sortBy=price-lowtohigh')).body.data.map(effective);
    expect(cheap).toEqual([1200, 2200, 2500]);
    const dear = (await search('nike', '?sortBy=price-hightolow')).body.data.map(effective);
    expect(dear).toEqual([2500, 2200, 1200]);
    const za = (await search('nike', '?sortBy=title-ztoa')).body.data.map((p: P) => p.title);
    expect(za).toEqual(['Nike Track Pants', 'Nike Dri-FIT Tee', 'Nike Air Runner Shoes']);
    const paged = await search('nike', '?sortBy=title-atoz&limit=2&page=2');
    expect(paged.body.data.map((p: P) => p.title)).toEqual(['Nike Track Pants']);
    expect((await search('nike', '?sortBy=relevance')).body.data).toHaveLength(3);
  });

  it('when facets are asked, then each counts the matches under the other filter only', async () => {
    const all = await search('shirt pants dress', '?facets=true');
    expect(all.status).toBe(200);
    expect(all.body.facets).toEqual({
      category: [
        { id: 'men', count: 2 },
        { id: 'women', count: 1 },
      ],
      brand: [
        { id: 'nike', count: 1 },
        { id: 'puma', count: 1 },
        { id: 'zara', count: 1 },
      ],
      capped: false,
    });
    const narrowed = await search('shirt pants dress', '?facets=true&category=men');
    expect(narrowed.body.data.map((p: P) => p.brand).sort()).toEqual(['nike', 'puma']);
    // the brand counts follow the category filter; the category counts do not
    expect(narrowed.body.facets.brand).toEqual([
      { id: 'nike', count: 1 },
      { id: 'puma', count: 1 },
    ]);
    expect(narrowed.body.facets.category).toEqual(all.body.facets.category);
    // a filter with no match still answers the counts, so the shopper can step back
    const none = await search('shirt pants dress', '?facets=true&brand=samsung');
    expect(none.body.data).toEqual([]);
    expect(none.body.facets.brand).toEqual(all.body.facets.brand);
    expect((await search('nike')).body.facets).toBeUndefined();
    expect((await search('samsnug', '?facets=1')).body.facets.brand).toEqual([{ id: 'samsung', count: 1 }]);
  });

  it('when a filter, sort or facets value is wrong, then 400 naming it', async () => {
    for (const [bad, field] of [
      ['?category=toys', 'category'],
      [`?brand=${'x'.repeat(81)}`, 'brand'],
      ['?sortBy=cheapest', 'sortBy'],
      ['?facets=yes', 'facets'],
    ]) {
      const res = await search('nike', bad);
      expect(res.status, bad).toBe(400);
      expect(res.body.success).toBe(false);
      expect(res.body.code).toBe('VALIDATION_FAILED');
      expect(Object.keys(res.body.errors.fieldErrors), bad).toContain(field);
    }
  });
});

describe('GET /api/shop/search/suggest', () => {
  const suggest = (q: string) => anon.get('/api/shop/search/suggest').query({ q });

  it('when the text names a brand, then its products, the brand and their category are suggested', async () => {
    const res = await suggest('nike');
    expect(res.status).toBe(200);
    expect(res.body.data.products.map((p: P) => p.title).sort()).toEqual([
      'Nike Air Runner Shoes',
      'Nike Dri-FIT Tee',
      'Nike Track Pants',
    ]);
    expect(res.body.data.brands).toEqual([{ id: 'nike', label: 'Nike' }]);
    expect(res.body.data.categories).toEqual([{ id: 'men', label: 'Men' }]);
  });

  it('when the text starts a category name or is misspelt, then the category and close products come', async () => {
    const elec = await suggest('electr');
    expect(elec.body.data.categories[0]).toEqual({ id: 'electronics', label: 'Electronics' });
    expect(elec.body.data.products.map((p: P) => p._id)).toContain(samsungId);
    const typo = await suggest('samsnug');
    expect(typo.body.data.products.map((p: P) => p._id)).toEqual([samsungId]);
    expect(typo.body.data.brands).toEqual([{ id: 'samsung', label: 'Samsung' }]);
  });

  it('when a brand or category holds no live product, then it is not suggested', async () => {
    const res = await suggest('apple kids');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ products: [], brands: [], categories: [] });
  });

  it('when q is missing, blank or too long, then 400', async () => {
    expect((await anon.get('/api/shop/search/suggest')).status).toBe(400);
    expect((await suggest('   ')).status).toBe(400);
    const long = await suggest('x'.repeat(101));
    expect(long.status).toBe(400);
    expect(long.body.code).toBe('VALIDATION_FAILED');
  });
});
