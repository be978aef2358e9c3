/**
 * The read model reads where its read source says (docs/search-and-listing.md, "The read model"): every catalogue
 * read asks `reader.db()`, so a replica router can send it elsewhere, and /metrics counts reads by source.
 */
import { Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { createTestContext } from '../../../../../test/app';
import { insertProducts } from '../../__tests__/catalog-fixtures';
import { CatalogCache } from '../../catalog-cache';
import { createCatalogReads } from '../../catalog-reads';
import { countedReads } from '../metrics';
import { createPostgresProvider } from '../postgres';

const ctx = await createTestContext();
const { db, changes } = ctx.deps;
await insertProducts(db, [
  { title: 'Trail Boots', category: 'footwear', brand: 'puma', price: 4000 },
  { title: 'Galaxy M14', category: 'mobile', brand: 'samsung', price: 12000 },
]);

describe('the read source', () => {
  it('when the catalogue is read through a source naming itself "replica", then every read asks it and /metrics counts them under that source', async () => {
    let asked = 0;
    const registry = new Registry();
    const reader = countedReads(
      {
        db: () => {
          asked++;
          return db;
        },
        source: () => 'replica',
      },
      registry,
    );
    const catalogCache = new CatalogCache(db, changes);
    const provider = createPostgresProvider({ reader, catalogCache, changes });
    const reads = createCatalogReads({ catalogCache, provider });
    const list = JSON.parse((await reads.list({})).body) as { data: { _id: string }[] };
    const id = list.data[0]!._id;
    await reads.detail({ id });
    await reads.search({ keyword: 'boots' }, { facets: 'true' });
    await reads.suggest({ q: 'galaxy' });
    await reads.home();
    expect(asked).toBeGreaterThanOrEqual(5);
    expect(await registry.metrics()).toContain(`mp_catalog_read_source_total{source="replica"} ${asked}`);
    expect(await provider.ready()).toBe(true);
    reads.close();
    catalogCache.close();
  });

  it('when the shop is read through the app, then /metrics counts the reads under the primary', async () => {
    expect((await ctx.anon().get('/api/shop/products/get')).status).toBe(200);
    expect(await ctx.deps.metrics.registry.metrics()).toMatch(
      /mp_catalog_read_source_total\{source="primary"\} [1-9]/,
    );
  });
});
