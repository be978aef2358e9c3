/**
 * The read model reads where its read source says (docs/search-and-listing.md, "The read model"): every catalogue
 * read asks `reader.db()`, so the replica router (docs/operations.md, "Read replica") can send it elsewhere.
 */
import { describe, expect, it } from 'vitest';
import { createTestContext } from '../../../../../test/app';
import { insertProducts } from '../../__tests__/catalog-fixtures';
import { CatalogCache } from '../../catalog-cache';
import { createCatalogReads } from '../../catalog-reads';
import { createPostgresProvider } from '../postgres';

const ctx = await createTestContext();
const { db, changes } = ctx.deps;
await insertProducts(db, [
  { title: 'Trail Boots', category: 'footwear', brand: 'puma', price: 4000 },
  { title: 'Galaxy M14', category: 'mobile', brand: 'samsung', price: 12000 },
]);

describe('the read source', () => {
  it('when the catalogue is read through a read source, then every read (listing, detail, search, suggestions, home) asks it', async () => {
    let asked = 0;
    const reader = {
      db: () => {
        asked++;
        return db;
      },
    };
    const catalogCache = new CatalogCache(db, changes);
    const provider = createPostgresProvider({
      reader,
      catalogCache,
      changes,
      brands: { offered: async () => [] },
    });
    const reads = createCatalogReads({ catalogCache, provider });
    const list = JSON.parse((await reads.list({})).body) as { data: { _id: string }[] };
    const id = list.data[0]!._id;
    await reads.detail({ id });
    await reads.search({ keyword: 'boots' }, { facets: 'true' });
    await reads.suggest({ q: 'galaxy' });
    await reads.home();
    expect(asked).toBeGreaterThanOrEqual(5);
    expect(await provider.ready()).toBe(true);
    reads.close();
    catalogCache.close();
  });
});
