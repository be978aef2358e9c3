/**
 * The listing index (docs/search-and-listing.md, "The listing index"): a listing answered from memory is the
 * same answer PostgreSQL gives, page for page, and no listing is staler than the database's after a write.
 */
import { describe, expect, it } from 'vitest';
import { SORT_IDS, type ProductListQuery } from '@mp/shared';
import { createTestContext } from '../../../../../test/app';
import { insertProducts, productBody, type ProductSeed } from '../../__tests__/catalog-fixtures';
import { ListingIndex } from '../listing-index';
import { createProductService } from '../product.service';

const ctx = await createTestContext();
const { db, catalogCache, changes, listingIndex } = ctx.deps;
const [sellerA, sellerB] = [await ctx.loginAsSeller(), await ctx.loginAsSeller()];
const admin = await ctx.loginAs('admin');

// a catalogue with many ties: 4 prices, 12 titles (so order by title and by price both lean on the id), 3 sellers
const CATEGORIES = ['men', 'women', 'kids', 'footwear'];
const BRANDS = ['nike', 'puma', 'zara', 'levi', 'adidas'];
const seeds: ProductSeed[] = Array.from({ length: 157 }, (_, i) => ({
  title: `${['Alpha', 'beta', 'Gamma', 'delta'][i % 4]} ${['shirt', 'Shoe', 'cap'][i % 3]}`,
  category: CATEGORIES[(i * 7) % 4],
  brand: BRANDS[(i * 3) % 5],
  price: [499, 999, 1500, 250][i % 4],
  salePrice: i % 5 === 0 ? 199 : null,
  sellerId: [null, sellerA.sellerId, sellerB.sellerId][i % 3],
  deleted: i % 11 === 0,
}));
const ids = await insertProducts(db, seeds);
changes.publish({ type: 'products', ids });

const fromIndex = createProductService({ db, catalogCache, changes, listingIndex });
const fromDatabase = createProductService({ db, catalogCache, changes });
const query = (q: Partial<ProductListQuery>): ProductListQuery => ({
  category: [],
  brand: [],
  page: 1,
  limit: 24,
  ...q,
});

describe('the listing index', () => {
  it('when listings are answered from memory, then every filter, sort and page is the answer PostgreSQL gives', async () => {
    expect(await listingIndex.ready()).toBe(true);
    const filters: Partial<ProductListQuery>[] = [
      {},
      { category: ['men'] },
      { category: ['women', 'kids'] },
      { brand: ['zara'] },
      { brand: ['nike', 'levi', 'adidas'] },
      { category: ['men', 'footwear'], brand: ['puma', 'nike'] },
      { category: ['kids'], brand: ['adidas'] },
      { seller: sellerA.sellerId },
      { seller: sellerB.sellerId, category: ['women'] },
      { seller: sellerA.sellerId, brand: ['zara', 'nike'], category: ['men', 'kids'] },
      { seller: '00000000-0000-4000-8000-000000000000' },
    ];
    let compared = 0;
    for (const filter of filters)
      for (const sortBy of SORT_IDS)
        for (const limit of [1, 7, 24])
          for (const page of [1, 2, 3, 5, 9, 40, 200]) {
            const q = query({ ...filter, sortBy, limit, page });
            const [a, b] = [await fromIndex.list(q), await fromDatabase.list(q)];
            expect(a, JSON.stringify(q)).toEqual(b);
            compared += a.data.length;
          }
    expect(compared).toBeGreaterThan(1000);
  });

  it('when a price or a category changes, or a product is added or removed, then the next listing shows it, before and after the index catches up', async () => {
    expect(await listingIndex.ready()).toBe(true);
    const cheapest = (category = 'men') =>
      ctx.anon().get(`/api/shop/products/get?category=${category}&sortBy=price-lowtohigh&limit=3`);
    const before = (await cheapest()).body as { data: { _id: string }[]; pagination: { total: number } };
    const moved = ids.find(
      (id, i) => seeds[i]!.category === 'men' && !seeds[i]!.deleted && id !== before.data[0]!._id,
    )!;

    // a new lowest price: first at once (the index is being checked), and still first once it is rebuilt
    await admin.agent
      .put(`/api/admin/products/edit/${moved}`)
      .send(productBody({ category: 'men', price: 10, salePrice: 0, title: 'Cheapest now' }))
      .expect(200);
    expect((await cheapest()).body.data[0]._id).toBe(moved);
    expect(await listingIndex.ready()).toBe(true);
    expect((await fromIndex.list(query({ category: ['men'], sortBy: 'price-lowtohigh' }))).data[0]!._id).toBe(
      moved,
    );

    // moved to another category: gone from men's listing, counted in footwear's
    await admin.agent
      .put(`/api/admin/products/edit/${moved}`)
      .send(productBody({ category: 'footwear', price: 10, salePrice: 0, title: 'Cheapest now' }))
      .expect(200);
    expect((await cheapest()).body.data[0]._id).not.toBe(moved);
    expect((await cheapest('footwear')).body.data[0]._id).toBe(moved);

    // added, then deleted: the totals follow at once
    const added = await admin.agent
      .post('/api/admin/products/add')
      .send(productBody({ category: 'men', price: 5, salePrice: 0 }))
      .expect(201);
    const afterAdd = (await cheapest()).body;
    expect(afterAdd.data[0]._id).toBe(added.body.data._id);
    expect(afterAdd.pagination.total).toBe(before.pagination.total);
    await admin.agent.delete(`/api/admin/products/delete/${added.body.data._id}`).expect(200);
    expect((await cheapest()).body.pagination.total).toBe(before.pagination.total - 1);
    expect(await listingIndex.ready()).toBe(true);
    const settled = await fromIndex.list(query({ category: ['men'], sortBy: 'price-lowtohigh', limit: 3 }));
    expect(settled).toEqual(
      await fromDatabase.list(query({ category: ['men'], sortBy: 'price-lowtohigh', limit: 3 })),
    );
    expect(settled.pagination.total).toBe(before.pagination.total - 1);
  });

  it('when a product moves, then answers it cannot be in still come from memory, those it may be in from PostgreSQL until the rebuild, and every one is the database answer', async () => {
    // an index of its own, whose rebuild waits: what it answers between an edit and the rebuild is what is tested
    const index = new ListingIndex({ db, changes, maxProducts: 100_000, rebuildGapMs: 600_000 });
    expect(await index.ready()).toBe(true);
    let fromMemory = 0;
    const counted = new Proxy(index, {
      get(target, prop) {
        const value = Reflect.get(target, prop, target) as unknown;
        if (prop !== 'page' && prop !== 'search') {
          return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
        }
        return (q: never) => {
          const found = (value as (q: never) => unknown).call(target, q);
          if (found) fromMemory++;
          return found;
        };
      },
    });
    const svc = createProductService({ db, catalogCache, changes, listingIndex: counted });
    // "Gamma cap": kids, puma, seller B; it becomes footwear "Quilted Lamp Delta" at a new price, described anew
    const moved = ids[2]!;
    expect(seeds[2]).toMatchObject({ category: 'kids', brand: 'puma', sellerId: sellerB.sellerId });
    await admin.agent
      .put(`/api/admin/products/edit/${moved}`)
      .send(
        productBody({
          title: 'Quilted Lamp Delta',
          category: 'footwear',
          brand: 'puma',
          price: 3,
          salePrice: 0,
        }),
      )
      .expect(200);
    await index.checked();
    expect(index.edited).toBe(1);

    const listedFromMemory = async (q: ProductListQuery) => {
      const before = fromMemory;
      expect(await svc.list(q), JSON.stringify(q)).toEqual(await fromDatabase.list(q));
      return fromMemory > before;
    };
    const foundFromMemory = async (keyword: string, q: Parameters<typeof svc.search>[1]) => {
      const before = fromMemory;
      expect(await svc.search(keyword, q), keyword).toEqual(await fromDatabase.search(keyword, q));
      return fromMemory > before;
    };
    // listings whose pages hold it neither before nor after (their facets count it where it is now), and searches
    // for words it never had: memory
    for (const filter of [
      { seller: sellerA.sellerId },
      { seller: sellerA.sellerId, category: ['kids'] },
      { category: ['men'] },
      { brand: ['nike', 'zara'] },
      { category: ['footwear'], brand: ['nike'] },
      { category: ['women', 'men'], brand: ['levi'] },
    ] satisfies Partial<ProductListQuery>[])
      for (const sortBy of SORT_IDS)
        expect(await listedFromMemory(query({ ...filter, sortBy, page: 2, limit: 7 }))).toBe(true);
    for (const keyword of ['shirt', 'alpha shirt', 'beta shirt'])
      expect(await foundFromMemory(keyword, { page: 1, limit: 24, facets: true })).toBe(true);
    // those it was or is in: PostgreSQL (every listing, its category, brand, seller; its old and new words)
    for (const filter of [
      {},
      { category: ['kids'] },
      { category: ['footwear'] }, // only where it is now
      { brand: ['puma'] },
      { seller: sellerB.sellerId },
    ] satisfies Partial<ProductListQuery>[])
      expect(await listedFromMemory(query({ ...filter, sortBy: 'price-lowtohigh' }))).toBe(false);
    // "shoe" too: its synonym "footwear" is the category the product joined (docs/search-and-listing.md, "Synonyms")
    for (const keyword of ['gamma cap', 'lamp', 'delta', 'tests', 'shoe'])
      expect(await foundFromMemory(keyword, { page: 1, limit: 24 })).toBe(false);
    expect((await svc.search('quilted lamp', { page: 1, limit: 24 })).data.map((p) => p._id)).toEqual([
      moved,
    ]);
    expect(index.edited).toBe(1);

    // after the rebuild every answer is memory's again
    expect(await index.ready()).toBe(true);
    expect(index.edited).toBe(0);
    expect(await listedFromMemory(query({ category: ['kids'], sortBy: 'price-lowtohigh' }))).toBe(true);
    expect(await foundFromMemory('lamp', { page: 1, limit: 24 })).toBe(true);
    index.close();
  });

  it('when the catalogue has more live products than LISTING_INDEX_MAX_PRODUCTS (or it is 0), then no index is built and listings still answer from PostgreSQL', async () => {
    for (const maxProducts of [10, 0]) {
      const small = new ListingIndex({ db, changes, maxProducts });
      expect(await small.ready()).toBe(false);
      const limited = createProductService({ db, catalogCache, changes, listingIndex: small });
      const q = query({ category: ['men', 'kids'], sortBy: 'title-ztoa', page: 2, limit: 7 });
      expect(await limited.list(q)).toEqual(await fromDatabase.list(q));
      small.close();
    }
  });
});
