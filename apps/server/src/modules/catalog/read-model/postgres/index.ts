/**
 * The catalogue read model on PostgreSQL (docs/search-and-listing.md, "The read model"): listing, facets, search,
 * suggestions, detail and home read the products table's indexes and the trigger-kept facet_counts and
 * search_words, on whatever database the read source names. No copy of the catalogue is held in memory: only the
 * search vocabulary (distinct title and brand words) and the catalogue cache's bounded answers.
 */
import { sql } from 'drizzle-orm';
import type { ChangeFeed } from '../../../../lib/change-feed';
import type { BrandDirectory } from '../../brands/brand-directory';
import type { CatalogCache } from '../../catalog-cache';
import { createSearchVocabulary } from './spelling';
import type { ReadSource, SearchProvider } from '../search-provider';
import { facetMatrix } from './facets';
import { homeSections } from './home';
import { listPage } from './listing';
import { createRowReader } from './rows';
import { search } from './search';
import { suggest } from './suggest';

export interface PostgresProviderDeps {
  reader: ReadSource;
  /** answers already cached lend their products (rows.ts) and hold the facet counts (facets.ts) */
  catalogCache: CatalogCache;
  /** a product change marks the search vocabulary stale */
  changes: ChangeFeed;
  /** brand labels for suggestions (the brands table, kept in memory) */
  brands: Pick<BrandDirectory, 'offered'>;
}

export function createPostgresProvider({
  reader,
  catalogCache,
  changes,
  brands,
}: PostgresProviderDeps): SearchProvider {
  const rows = createRowReader(reader, catalogCache);
  const vocabulary = createSearchVocabulary(reader, changes);
  const searchDeps = { reader, vocabulary, rows };
  return {
    list: (q) => listPage({ reader, catalogCache, rows }, q),
    detail: (id) => rows.detail(id),
    search: (keyword, opts) => search(searchDeps, keyword, opts),
    suggest: (q) =>
      suggest(q, {
        search: (keyword, opts) => search(searchDeps, keyword, opts),
        cells: () => facetMatrix(reader, catalogCache),
        brands: () => brands.offered(),
      }),
    home: () => homeSections(reader),
    productsByIds: (ids) => rows.productsByIds(ids),
    async ready() {
      await reader.db().execute(sql`select 1 from facet_counts limit 1`);
      return true;
    },
    close: () => vocabulary.close(),
  };
}
