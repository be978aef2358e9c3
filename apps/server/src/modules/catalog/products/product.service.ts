import { and, asc, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import {
  BRANDS,
  CATEGORIES,
  DEFAULT_SORT,
  SEARCH_RANKING,
  searchSynonyms,
  productImagesOf,
  toPaise,
  type Pagination,
  type ProductDetailDto,
  type ProductDto,
  type ProductFacets,
  type ProductInput,
  type ProductListQuery,
  type SearchFacets,
  type SearchQuery,
  type SearchSuggestions,
  type SortBy,
} from '@mp/shared';
import type { Db, DbOrTx } from '../../../db/client';
import { facetCounts, products, sellers } from '../../../db/schema';
import { batchById } from '../../../lib/batch-by-id';
import { forbidden, notFound } from '../../../lib/errors';
import type { ChangeFeed } from '../../../lib/change-feed';
import type { CatalogCache } from '../catalog-cache';
import { countCells, type CellCounts, type FacetCell } from './facet-counts';
import type { ListingIndex } from './listing-index';
import { productColumns, toProductDto, type ProductRow } from './product.mapper';
import { createQueryStems } from './query-stems';
import { corrections, createSearchVocabulary, prefixExpansions } from './spelling';
import * as stock from '../../commerce/stock/stock.repository';
import type { WordGroup } from './text-index';

/** Who is changing a product: the admin may touch any; a seller only its own. */
export type Actor = { role: 'admin' } | { role: 'seller'; sellerId: string };

const live = isNull(products.deletedAt);
const byId = <R extends { id: string }>(rows: R[]) => new Map(rows.map((r) => [r.id, r]));
/** How many of each kind the header search box suggests. */
const SUGGEST_LIMITS = { products: 5, brands: 3, categories: 3 } as const;
/** A name or word reduced to its letters and digits, lower case ("Levi's" → "levis", "H&M" → "hm"). */
const squash = (s: string) => s.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
const FACET_TTL_MS = 30_000;

/** Each sort as its key column and direction; ties are broken by id in the same direction. */
const SORTS: Record<SortBy, { key: 'effective_price_paise' | 'title'; dir: 'asc' | 'desc' }> = {
  'price-lowtohigh': { key: 'effective_price_paise', dir: 'asc' },
  'price-hightolow': { key: 'effective_price_paise', dir: 'desc' },
  'title-atoz': { key: 'title', dir: 'asc' },
  'title-ztoa': { key: 'title', dir: 'desc' },
};
const ORDER: Record<SortBy, SQL[]> = {
  'price-lowtohigh': [asc(products.effectivePricePaise), asc(products.id)],
  'price-hightolow': [desc(products.effectivePricePaise), desc(products.id)],
  'title-atoz': [asc(products.title), asc(products.id)],
  'title-ztoa': [desc(products.title), desc(products.id)],
};

/**
 * The ids of one listing page, read from the indexes alone (docs/search-and-listing.md): one ordered stream per
 * filter value (or per category × brand pair) over the index made for that filter and sort, merged by the
 * planner (Merge Append), each stream cut at offset + limit. A page in the back half of the answer is read from
 * the other end (the total is known from facet_counts), so a page walks at most min(offset, total − offset)
 * + limit index entries however selective the filter, and never sorts the filtered set.
 */
function pageIds(
  categories: string[],
  brands: string[],
  seller: string | undefined,
  sortBy: SortBy,
  page: { offset: number; limit: number; total: number },
): SQL {
  const key = SORTS[sortBy].key;
  let dir = SORTS[sortBy].dir;
  let { offset, limit } = page;
  const fromEnd = page.total - offset - limit;
  if (fromEnd < offset && offset < page.total) {
    // the same rows, walked backwards from the last one
    dir = dir === 'asc' ? 'desc' : 'asc';
    limit = Math.min(limit, page.total - offset);
    offset = Math.max(0, fromEnd);
  }
  const order = sql.raw(`${key} ${dir}, id ${dir}`);
  const filters: SQL[][] =
    categories.length && brands.length
      ? categories.flatMap((c) => brands.map((b) => [sql`category = ${c}`, sql`brand = ${b}`]))
      : categories.length
        ? categories.map((c) => [sql`category = ${c}`])
        : brands.length
          ? brands.map((b) => [sql`brand = ${b}`])
          : [[]];
  // one seller's listing walks products_seller_{price,title}_idx, the filters checked on the way
  const bySeller = seller ? [sql`seller_id = ${seller}`] : [];
  const stream = (where: SQL[]) =>
    sql`(select id, ${sql.raw(key)} from products where ${sql.join([sql`deleted_at is null`, ...bySeller, ...where], sql` and `)} order by ${order} limit ${offset + limit})`;
  return sql`select id from (${sql.join(filters.map(stream), sql` union all `)}) s order by ${order} limit ${limit} offset ${offset}`;
}

/**
 * The english tsquery's word groups, one per word of the keyword (joined by & or | into the query): the word
 * itself, the title and brand words it is a prefix of (spelt out from the vocabulary rather than sent as `word:*`,
 * which makes PostgreSQL merge the posting lists of every indexed word with that prefix, descriptions included; a
 * prefix shared by very many words still goes as `word:*`), its spelling corrections and its synonyms. Both the SQL
 * and the in-memory search take these groups, so a synonym finds the same products in both.
 */
function wordGroups(words: string[], vocabulary: readonly string[]): string[] {
  return words.map((w) => {
    // a word no title or brand word starts with (a category or description word, a typo) keeps its prefix
    // match: those fields are indexed unstemmed ('simple'), and `electron:*` is what finds "electronics"
    const longer = prefixExpansions(w, vocabulary);
    const spelt = longer !== undefined && longer.length > 0;
    const alternatives = [
      ...new Set([
        spelt ? w : `${w}:*`,
        ...(spelt ? longer : []),
        ...corrections(w, vocabulary),
        // "shoes" also finds the footwear category and boots (docs/search-and-listing.md, "Synonyms")
        ...searchSynonyms(w),
      ]),
    ];
    return alternatives.length > 1 ? `(${alternatives.join(' | ')})` : alternatives[0]!;
  });
}

function toColumns(input: ProductInput) {
  const images = productImagesOf(input);
  return {
    title: input.title,
    description: input.description,
    category: input.category,
    brand: input.brand,
    pricePaise: toPaise(input.price),
    salePricePaise: input.salePrice == null ? null : toPaise(input.salePrice),
    discount: input.discount,
    totalStock: input.totalStock,
    image: images[0]!,
    images,
  };
}

/**
 * Live product counts per (category, brand): 9 × 25 cells at most, kept by triggers in facet_counts, so totals
 * and facets never scan the catalogue; cached briefly and dropped with the other sets on a catalogue change.
 */
function facetMatrix(db: Db, cache: CatalogCache, seller?: string): Promise<FacetCell[]> {
  return cache.get(
    seller ? `facet-matrix:${seller}` : 'facet-matrix',
    FACET_TTL_MS,
    () =>
      seller
        ? // one seller's cells, counted over that seller's live products (products_seller_price_idx)
          db
            .select({ category: products.category, brand: products.brand, n: sql<number>`count(*)::int` })
            .from(products)
            .where(and(live, eq(products.sellerId, seller)))
            .groupBy(products.category, products.brand)
        : db
            .select({ category: facetCounts.category, brand: facetCounts.brand, n: facetCounts.n })
            .from(facetCounts)
            .where(sql`${facetCounts.n} > 0`),
    { kind: 'set', products: () => [] },
  );
}

async function findLive(db: DbOrTx, id: string) {
  const [row] = await db
    .select({ id: products.id, sellerId: products.sellerId })
    .from(products)
    .where(and(eq(products.id, id), live))
    .limit(1);
  return row;
}

function assertMayChange(actor: Actor, product: { sellerId: string | null }) {
  if (actor.role === 'seller' && product.sellerId !== actor.sellerId) {
    throw forbidden('You can only change your own products');
  }
}

export interface ProductServiceDeps {
  db: Db;
  catalogCache: CatalogCache;
  changes: ChangeFeed;
  /** the listing's page ids from memory (listing-index.ts); without it, or while it is not current, PostgreSQL's */
  listingIndex?: ListingIndex;
}

export function createProductService({ db, catalogCache, changes, listingIndex }: ProductServiceDeps) {
  const changed = (ids: string[]) => changes.publish({ type: 'products', ids });
  const vocabulary = createSearchVocabulary(db, changes);
  const stems = createQueryStems(db);
  const byIds = and(sql`${products.id} = any(${sql.placeholder('ids')}::uuid[])`, live);
  // the hottest reads, each a named prepared statement on each connection, batched across requests
  const detailQuery = db
    .select({ ...productColumns, storeName: sellers.storename })
    .from(products)
    .leftJoin(sellers, eq(sellers.id, products.sellerId))
    .where(byIds)
    .prepare('catalog_product_details');
  const detailRow = batchById(async (ids) => byId(await detailQuery.execute({ ids })));
  // a listing page's rows once the index has named them
  const rowsQuery = db.select(productColumns).from(products).where(byIds).prepare('catalog_listing_rows');
  const productRow = batchById(async (ids) => byId(await rowsQuery.execute({ ids })));

  /**
   * Live products by id, in that order (deleted ones left out): those a cached answer shows come from the
   * catalogue cache (as current as the cached answers), the others in one read.
   */
  async function productsByIds(ids: readonly string[]): Promise<ProductDto[]> {
    const found = new Map<string, ProductDto>();
    const missing: string[] = [];
    for (const id of ids) {
      const p = catalogCache.shown(id);
      if (p) found.set(id, p);
      else missing.push(id);
    }
    for (const r of await Promise.all(missing.map(productRow))) if (r) found.set(r.id, toProductDto(r));
    return ids.flatMap((id) => found.get(id) ?? []);
  }

  const service = {
    productsByIds,

    /** Adds a product; a seller's product always belongs to the seller of the session. */
    async create(input: ProductInput, sellerId: string | null): Promise<ProductDto> {
      const [row] = await db
        .insert(products)
        .values({ ...toColumns(input), sellerId })
        .returning(productColumns);
      changed([row!.id]);
      return toProductDto(row!);
    },

    async update(id: string, input: ProductInput, actor: Actor): Promise<ProductDto> {
      // told after the commit: another instance that refills its cache at once must read the new row
      const dto = await db.transaction(async (tx) => {
        const [current] = await tx
          .select({ sellerId: products.sellerId, totalStock: products.totalStock })
          .from(products)
          .where(and(eq(products.id, id), live))
          .for('update');
        if (!current) throw notFound('Product');
        assertMayChange(actor, current);
        const { totalStock, ...columns } = toColumns(input);
        // stock has one writer (docs/orders-and-stock.md, "Owners")
        await stock.setBySeller(tx, id, {
          current: current.totalStock,
          wanted: totalStock,
          loaded: input.stockLoaded,
        });
        const [row] = await tx
          .update(products)
          .set({ ...columns, updatedAt: new Date() })
          .where(eq(products.id, id))
          .returning(productColumns);
        return toProductDto(row!);
      });
      changed([id]);
      return dto;
    },

    /** Soft delete: carts and orders keep their reference; the product disappears from the shop. */
    async remove(id: string, actor: Actor): Promise<void> {
      const current = await findLive(db, id);
      if (!current) throw notFound('Product');
      assertMayChange(actor, current);
      const [row] = await db
        .update(products)
        .set({ deletedAt: new Date(), updatedAt: new Date() })
        .where(and(eq(products.id, id), live))
        .returning({ id: products.id });
      if (!row) throw notFound('Product');
      changed([id]);
    },

    /**
     * The consoles' product lists: every live product (admin), or one seller's (seller id or that seller's user
     * id), newest first, searched by title (`q`, the trigram index) and filtered by category, brand and seller;
     * everything at once unless a page is asked for, then one page and its pagination.
     */
    async listForManagement(opts: {
      sellerOrUserId?: string;
      q?: string;
      category?: readonly string[];
      brand?: readonly string[];
      page?: number;
      limit?: number;
    }): Promise<{ data: ProductDto[]; pagination?: Pagination }> {
      const like = opts.q ? `%${opts.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
      const where = and(
        live,
        opts.sellerOrUserId
          ? or(
              eq(products.sellerId, opts.sellerOrUserId),
              inArray(
                products.sellerId,
                db.select({ id: sellers.id }).from(sellers).where(eq(sellers.userId, opts.sellerOrUserId)),
              ),
            )
          : undefined,
        like ? sql`lower(${products.title}) like ${like}` : undefined,
        opts.category?.length ? inArray(products.category, [...opts.category]) : undefined,
        opts.brand?.length ? inArray(products.brand, [...opts.brand]) : undefined,
      );
      const query = db
        .select(productColumns)
        .from(products)
        .where(where)
        .orderBy(desc(products.createdAt), desc(products.id))
        .$dynamic();
      if (!(opts.page && opts.limit)) return { data: (await query).map(toProductDto) };
      const { page, limit } = opts;
      const [rows, [count]] = await Promise.all([
        query.limit(limit).offset((page - 1) * limit),
        db
          .select({ n: sql<number>`count(*)::int` })
          .from(products)
          .where(where),
      ]);
      const total = Number(count?.n ?? 0);
      return {
        data: rows.map(toProductDto),
        pagination: { page, limit, total, pages: Math.ceil(total / limit) },
      };
    },

    /** The shop listing: filtered, sorted page plus totals and facets. */
    async list(q: ProductListQuery): Promise<{
      data: ProductDto[];
      pagination: Pagination;
      facets: ProductFacets;
    }> {
      const categories = [...new Set(q.category)];
      const brands = [...new Set(q.brand)];
      const sortBy = q.sortBy ?? DEFAULT_SORT;
      const offset = (q.page - 1) * q.limit;
      const indexed = listingIndex?.page({
        categories,
        brands,
        seller: q.seller,
        sortBy,
        offset,
        limit: q.limit,
      });
      let counts: CellCounts;
      let data: ProductDto[];
      if (indexed) {
        counts = indexed.counts;
        data = await productsByIds(indexed.ids);
      } else {
        counts = countCells(await facetMatrix(db, catalogCache, q.seller), categories, brands);
        const { total } = counts;
        const rows =
          offset < total
            ? await db
                .select(productColumns)
                .from(products)
                .where(
                  sql`${products.id} in (${pageIds(categories, brands, q.seller, sortBy, { offset, limit: q.limit, total })})`,
                )
                .orderBy(...ORDER[sortBy])
            : [];
        data = rows.map(toProductDto);
      }
      const { total, category, brand } = counts;
      return {
        data,
        pagination: { page: q.page, limit: q.limit, total, pages: Math.ceil(total / q.limit) },
        facets: { category, brand },
      };
    },

    async detail(id: string): Promise<ProductDetailDto> {
      // ids arrive as the contract parses them (uuidOf: lower case), the form PostgreSQL answers them in
      const row = await detailRow(id);
      if (!row) throw notFound('Product');
      return { ...toProductDto(row), storeName: row.storeName };
    },

    /**
     * Full-text search (english stemming, prefix match on every word, misspelt words widened with the close
     * words of the vocabulary), ranking only a bounded candidate set: the first SEARCH_RANKING.candidates
     * products matching in the title, topped up with products matching anywhere. When no product holds every word, products
     * holding any of them are ranked instead (more words matched rank higher); only when no word matches at all
     * does it fall back to trigram similarity of the whole keyword to titles (docs/search-and-listing.md).
     * The listing's category/brand filters narrow the candidates where they are read; a sort other than
     * relevance orders the candidate set by price or title. With `facets`, the answer also counts the unfiltered
     * candidate set per category and brand (each under the other filter), the same bounded read.
     * Once the listing index is built, the same steps run in memory (text-index.ts, docs/search-and-listing.md
     * "Search in memory"); this SQL answers while it is built or checked, and for the trigram fallback.
     */
    async search(
      keyword: string,
      opts: Partial<Omit<SearchQuery, 'page' | 'limit'>> & { page: number; limit: number },
    ): Promise<{ data: ProductDto[]; facets?: SearchFacets }> {
      const { page, limit } = opts;
      const categories = [...new Set(opts.category ?? [])];
      const brands = [...new Set(opts.brand ?? [])];
      const sortBy = opts.sortBy ?? 'relevance';
      const kw = keyword.toLowerCase().replace(/\s+/g, ' ').trim();
      const words = kw.match(/[\p{L}\p{N}]+/gu) ?? [];
      const offset = (page - 1) * limit;
      const { textWeight, titleSimilarityWeight, candidates, typoThreshold } = SEARCH_RANKING;
      const similarity = sql`word_similarity(${kw}, lower(title))`;
      const filtered = categories.length > 0 || brands.length > 0;
      const filter = sql.join(
        [
          sql``,
          ...(categories.length
            ? [
                sql`category in (${sql.join(
                  categories.map((c) => sql`${c}`),
                  sql`, `,
                )})`,
              ]
            : []),
          ...(brands.length
            ? [
                sql`brand in (${sql.join(
                  brands.map((b) => sql`${b}`),
                  sql`, `,
                )})`,
              ]
            : []),
        ],
        sql` and `,
      );
      // relevance: score desc; a listing sort: its key, ties by id (the candidate set is at most `candidates` rows)
      const order =
        sortBy === 'relevance'
          ? sql`score desc, id`
          : sql.raw(`${SORTS[sortBy].key} ${SORTS[sortBy].dir}, id ${SORTS[sortBy].dir}`);
      const rowOrder = sortBy === 'relevance' ? undefined : ORDER[sortBy];
      const facetsOf = (cells: FacetCell[]): SearchFacets => {
        const { all, category, brand } = countCells(cells, categories, brands);
        return { category, brand, capped: all >= candidates };
      };
      if (words.length) {
        const groups = wordGroups(words, await vocabulary.words());
        // from memory when the index is current and PostgreSQL's stems of every word are plain alternatives
        if (listingIndex?.searchable) {
          const stemmed = (await stems.stems(groups)).filter((g) => g === null || g.length > 0);
          const found =
            stemmed.length > 0 && !stemmed.includes(null)
              ? listingIndex.search({
                  groups: stemmed as WordGroup[],
                  keyword: kw,
                  categories,
                  brands,
                  sortBy,
                  offset,
                  limit,
                  facets: opts.facets ?? false,
                })
              : undefined;
          if (found)
            return {
              data: await productsByIds(found.ids),
              ...(found.cells ? { facets: facetsOf(found.cells) } : {}),
            };
        }
        for (const join of words.length > 1 ? [' & ', ' | '] : [' & ']) {
          const query = sql`to_tsquery('english', ${groups.join(join)})`;
          const score = sql`(ts_rank(search_vector, ${query}) * ${textWeight} + ${similarity} * ${titleSimilarityWeight})`;
          // The bounded candidate set (title matches first, from the titles' own index, topped up with matches
          // anywhere), optionally filtered. The top-up's limit is the constant budget, never an expression of the title matches: PostgreSQL
          // plans an unknown limit as 10% of the estimate and then prefers a sequential scan that, when few
          // products match, reads the whole catalogue (60 ms at 50k). The one-time filter on the title count
          // skips the top-up when titles filled the budget, and the outer limit keeps the set at the budget.
          const candidateSet = (where: SQL, columns: SQL) => sql`with t as materialized (
              select ${columns} from products
              where deleted_at is null and title_vector @@ ${query}${where} limit ${candidates})
            select * from t
            union all (select ${columns} from products
              where (select count(*) from t) < ${candidates}
                and deleted_at is null and search_vector @@ ${query}${where}
                and id not in (select id from t)
              limit ${candidates})
            limit ${candidates}`;
          // a listing sort orders the candidates by price or title: no score to work out for each of them
          const scored = sql`id, ${sortBy === 'relevance' ? score : sql`0`} as score, effective_price_paise, title`;
          if (opts.facets && !filtered) {
            // Unfiltered, the facets and the page come from the same candidate set: one read answers both, the
            // counts and the page's ids in order; then only the page's rows are fetched (docs/search-and-listing.md)
            const [both] = (
              (await db.execute(sql`with c as materialized (${candidateSet(sql``, sql`${scored}, category, brand`)})
                select
                  (select coalesce(json_agg(f), '[]'::json)
                    from (select category, brand, count(*)::int as n from c group by category, brand) f) as cells,
                  (select coalesce(json_agg(id order by rn), '[]'::json)
                    from (select id, row_number() over (order by ${order}) as rn from c
                      order by ${order} limit ${limit} offset ${offset}) p) as ids`)) as unknown as {
                rows: { cells: FacetCell[]; ids: string[] }[];
              }
            ).rows;
            if (!both?.cells.length) continue;
            return { data: await productsByIds(both.ids), facets: facetsOf(both.cells) };
          }
          let facets: SearchFacets | undefined;
          if (opts.facets) {
            const cells = (await db.execute(
              sql`select category, brand, count(*)::int as n from (${candidateSet(sql``, sql`id, category, brand`)}) c group by category, brand`,
            )) as unknown as { rows: FacetCell[] };
            if (!cells.rows.length) continue;
            facets = facetsOf(cells.rows);
          }
          // Candidates are scored where they are read; only the page's rows are fetched again. Matches anywhere
          // are read only to fill what title matches leave of the budget (the one-time filter above).
          const pageOfIds = sql`select id from (${candidateSet(filter, scored)}) c order by ${order} limit ${limit} offset ${offset}`;
          const rows = await db
            .select(productColumns)
            .from(products)
            .where(sql`${products.id} in (${pageOfIds})`)
            .orderBy(...(rowOrder ?? [sql`${score} desc`, asc(products.id)]));
          if (rows.length || facets) return { data: (rows as ProductRow[]).map(toProductDto), facets };
          // past the last page of these matches, or nothing under the filters: empty (the next, looser step
          // runs only when no product matches these words at all)
          if (page > 1 || filtered) {
            const [any] = await db
              .select({ id: products.id })
              .from(products)
              .where(and(live, sql`search_vector @@ ${query}`))
              .limit(1);
            if (any) return { data: [] };
          }
        }
      }
      if (!kw) return { data: [] };
      return db.transaction(async (tx) => {
        await tx.execute(
          sql`select set_config('pg_trgm.word_similarity_threshold', ${String(typoThreshold)}, true)`,
        );
        let facets: SearchFacets | undefined;
        if (opts.facets) {
          const cells = (await tx.execute(
            sql`select category, brand, count(*)::int as n from (select category, brand from products
              where deleted_at is null and ${kw} <% lower(title) limit ${candidates}) c group by category, brand`,
          )) as unknown as { rows: FacetCell[] };
          facets = facetsOf(cells.rows);
        }
        // the best `candidates` by similarity, then filtered and sorted like the full-text steps
        const best = sql`select id, ${similarity} as score, effective_price_paise, title from products
          where deleted_at is null and ${kw} <% lower(title)${filter}
          order by score desc, id limit ${candidates}`;
        const rows = await tx
          .select(productColumns)
          .from(products)
          .where(
            sql`${products.id} in (select id from (${best}) c order by ${order} limit ${limit} offset ${offset})`,
          )
          .orderBy(...(rowOrder ?? [sql`${similarity} desc`, asc(products.id)]));
        return { data: (rows as ProductRow[]).map(toProductDto), facets };
      });
    },
  };

  /**
   * What the header search box offers for the text typed so far (docs/search-and-listing.md): the best few
   * products of the same bounded search, and the brands and categories whose name starts with one of the words,
   * then those of the suggested products. Only brands and categories that hold live products are offered.
   * `shown` is the suggested products in full, for the cache to drop the answer when one of them changes.
   */
  async function suggest(q: string): Promise<{ data: SearchSuggestions; shown: ProductDto[] }> {
    const words = (q.toLowerCase().match(/[\p{L}\p{N}&']+/gu) ?? []).map(squash).filter(Boolean);
    const [found, cells] = await Promise.all([
      service.search(q, { page: 1, limit: SUGGEST_LIMITS.products }),
      facetMatrix(db, catalogCache),
    ]);
    const products = found.data;
    const liveCategories = new Set(cells.map((c) => c.category));
    const liveBrands = new Set(cells.map((c) => c.brand));
    const named = (o: { id: string; label: string }) => {
      const names = [squash(o.id), squash(o.label), ...o.label.toLowerCase().split(/\s+/).map(squash)];
      return words.some((w) => names.some((n) => n.startsWith(w) && (w.length >= 2 || n === w)));
    };
    const pick = (
      options: readonly { id: string; label: string }[],
      live: Set<string>,
      ofProducts: string[],
      max: number,
    ) => {
      const ids = [...options.filter(named).map((o) => o.id), ...ofProducts].filter((id) => live.has(id));
      return [...new Set(ids)]
        .slice(0, max)
        .map((id) => ({ id, label: options.find((o) => o.id === id)!.label }));
    };
    const data = {
      products: products.map(({ _id, title, image, category, brand }) => ({
        _id,
        title,
        image,
        category,
        brand,
      })),
      brands: pick(
        BRANDS,
        liveBrands,
        products.map((p) => p.brand),
        SUGGEST_LIMITS.brands,
      ),
      categories: pick(
        CATEGORIES,
        liveCategories,
        products.map((p) => p.category),
        SUGGEST_LIMITS.categories,
      ),
    };
    return { data, shown: products };
  }

  return { ...service, suggest };
}
export type ProductService = ReturnType<typeof createProductService>;
