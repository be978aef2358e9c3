import { and, asc, count, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import {
  DEFAULT_SORT,
  toPaise,
  type FacetCount,
  type Pagination,
  type ProductDto,
  type ProductFacets,
  type ProductInput,
  type ProductListQuery,
  type SortBy,
} from '@mp/shared';
import type { Db, DbOrTx } from '../../../db/client';
import { products, sellers } from '../../../db/schema';
import { AppError, forbidden, notFound } from '../../../lib/errors';
import { CatalogCache, catalogCache } from '../catalog-cache';
import { productColumns, toProductDto, type ProductRow } from './product.mapper';
import { corrections } from './spelling';

/**
 * What a product edit does to stock (docs/orders-and-stock.md). The stock column is what is left to sell: checkouts
 * take from it and give back exactly what they took, so an edit must not overwrite what they did since the form
 * was loaded. With `stockLoaded` (the figure the form showed): unchanged figure → stock untouched; changed figure →
 * written only if stock still is what the form showed, else 409 STALE_STOCK with the current figure. Without it
 * (older clients) the figure is written as sent.
 */
function stockEdit(current: number, wanted: number, loaded: number | undefined): { totalStock?: number } {
  if (loaded === undefined) return { totalStock: wanted };
  if (wanted === loaded) return {};
  if (current === loaded) return { totalStock: wanted };
  throw new AppError(
    409,
    'STALE_STOCK',
    `Stock changed while you were editing (orders were placed or paid): it is now ${current}. Check the stock figure and save again.`,
    { formErrors: [], fieldErrors: { totalStock: [`Stock is now ${current}`] } },
    { currentStock: current },
  );
}

/** Who is changing a product: the admin may touch any; a seller only its own. */
export type Actor = { role: 'admin' } | { role: 'seller'; sellerId: string };

const live = isNull(products.deletedAt);
const FACET_TTL_MS = 30_000;
export const SEARCH_LIMIT_DEFAULT = 48;
/** word_similarity above which a title word counts as a typo of the keyword ("samsnug" ~ "samsung" is 0.5). */
const TYPO_THRESHOLD = 0.45;

const ORDER: Record<SortBy, SQL[]> = {
  'price-lowtohigh': [asc(products.effectivePricePaise), asc(products.id)],
  'price-hightolow': [desc(products.effectivePricePaise), desc(products.id)],
  'title-atoz': [asc(products.title), asc(products.id)],
  'title-ztoa': [desc(products.title), desc(products.id)],
};

function toColumns(input: ProductInput) {
  return {
    title: input.title,
    description: input.description,
    category: input.category,
    brand: input.brand,
    pricePaise: toPaise(input.price),
    salePricePaise: input.salePrice == null ? null : toPaise(input.salePrice),
    discount: input.discount,
    totalStock: input.totalStock,
    image: input.image,
  };
}

const VOCABULARY_TTL_MS = 60_000;
const vocabularies = new WeakMap<object, CatalogCache>();

/**
 * The distinct words of live titles and brands, for typo correction. Cached on its own (product writes do not
 * empty it) so a write never makes the next search rebuild it; new words show up within a minute.
 */
function titleVocabulary(db: Db): Promise<string[]> {
  let cache = vocabularies.get(db);
  if (!cache) vocabularies.set(db, (cache = new CatalogCache(1)));
  return cache.get('vocabulary', VOCABULARY_TTL_MS, async () => {
    const result = (await db.execute(
      sql`select word from ts_stat('select to_tsvector(''simple'', title || '' '' || brand) from products where deleted_at is null')`,
    )) as unknown as { rows: { word: string }[] };
    return result.rows.map((r) => r.word).filter((w) => /^[\p{L}\p{N}]+$/u.test(w));
  });
}

type FacetCell = { category: string; brand: string; n: number };

/** Live product counts per (category, brand): 9 × 25 cells at most, cached, so totals and facets cost no scan. */
function facetMatrix(db: Db): Promise<FacetCell[]> {
  return catalogCache(db).get('facet-matrix', FACET_TTL_MS, async () => {
    const rows = await db
      .select({ category: products.category, brand: products.brand, n: count() })
      .from(products)
      .where(live)
      .groupBy(products.category, products.brand);
    return rows.map((r) => ({ ...r, n: Number(r.n) }));
  });
}

function tally(cells: FacetCell[], key: 'category' | 'brand'): FacetCount[] {
  const counts = new Map<string, number>();
  for (const c of cells) counts.set(c[key], (counts.get(c[key]) ?? 0) + c.n);
  return [...counts].map(([id, n]) => ({ id, count: n })).sort((a, b) => a.id.localeCompare(b.id));
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

export function createProductService(db: Db) {
  const changed = (ids: string[]) => catalogCache(db).invalidate({ type: 'products', ids });
  // the hottest read: built once, a named prepared statement on each connection
  const detailQuery = db
    .select(productColumns)
    .from(products)
    .where(and(eq(products.id, sql.placeholder('id')), live))
    .limit(1)
    .prepare('catalog_product_detail');

  return {
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
        const [row] = await tx
          .update(products)
          .set({
            ...columns,
            ...stockEdit(current.totalStock, totalStock, input.stockLoaded),
            updatedAt: new Date(),
          })
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

    /** Every live product (admin), or one seller's (seller id or that seller's user id), newest first. */
    async listForManagement(opts: { sellerOrUserId?: string; page?: number; limit?: number }) {
      const where = opts.sellerOrUserId
        ? and(
            live,
            or(
              eq(products.sellerId, opts.sellerOrUserId),
              inArray(
                products.sellerId,
                db.select({ id: sellers.id }).from(sellers).where(eq(sellers.userId, opts.sellerOrUserId)),
              ),
            ),
          )
        : live;
      const query = db
        .select(productColumns)
        .from(products)
        .where(where)
        .orderBy(desc(products.createdAt), desc(products.id))
        .$dynamic();
      if (opts.page && opts.limit) query.limit(opts.limit).offset((opts.page - 1) * opts.limit);
      const rows = await query;
      return rows.map(toProductDto);
    },

    /** The shop listing: filtered, sorted page plus totals and facets. */
    async list(q: ProductListQuery): Promise<{
      data: ProductDto[];
      pagination: Pagination;
      facets: ProductFacets;
    }> {
      const categories = [...new Set(q.category)];
      const brands = [...new Set(q.brand)];
      const conditions: SQL[] = [live];
      if (categories.length) conditions.push(inArray(products.category, categories));
      if (brands.length) conditions.push(inArray(products.brand, brands));
      const offset = (q.page - 1) * q.limit;
      const [rows, cells] = await Promise.all([
        db
          .select(productColumns)
          .from(products)
          .where(and(...conditions))
          .orderBy(...ORDER[q.sortBy ?? DEFAULT_SORT])
          .limit(q.limit)
          .offset(offset),
        facetMatrix(db),
      ]);
      const inCategory = (c: FacetCell) => !categories.length || categories.includes(c.category as never);
      const inBrand = (c: FacetCell) => !brands.length || brands.includes(c.brand as never);
      const total = cells.filter((c) => inCategory(c) && inBrand(c)).reduce((s, c) => s + c.n, 0);
      return {
        data: rows.map(toProductDto),
        pagination: { page: q.page, limit: q.limit, total, pages: Math.ceil(total / q.limit) },
        facets: {
          category: tally(cells.filter(inBrand), 'category'),
          brand: tally(cells.filter(inCategory), 'brand'),
        },
      };
    },

    async detail(id: string): Promise<ProductDto> {
      const [row] = await detailQuery.execute({ id });
      if (!row) throw notFound('Product');
      return toProductDto(row);
    },

    /**
     * Full-text search (english stemming, prefix match on every word) OR a title word close to the keyword
     * by trigrams (typos), ranked by both. The trigram threshold is set for this transaction only.
     */
    async search(keyword: string, page: number, limit: number): Promise<ProductDto[]> {
      const kw = keyword.toLowerCase().replace(/\s+/g, ' ').trim();
      const words = kw.match(/[\p{L}\p{N}]+/gu) ?? [];
      const vocabulary = words.length ? await titleVocabulary(db) : [];
      const tsquery = words
        .map((w) => {
          const alternatives = corrections(w, vocabulary);
          return alternatives.length ? `(${[`${w}:*`, ...alternatives].join(' | ')})` : `${w}:*`;
        })
        .join(' & ');
      const matchFts = tsquery
        ? sql`${products.searchVector} @@ to_tsquery('english', ${tsquery})`
        : sql`false`;
      const rankFts = tsquery
        ? sql`ts_rank(${products.searchVector}, to_tsquery('english', ${tsquery}))`
        : sql`0`;
      return db.transaction(async (tx) => {
        await tx.execute(
          sql`select set_config('pg_trgm.word_similarity_threshold', ${String(TYPO_THRESHOLD)}, true)`,
        );
        const rows = await tx
          .select(productColumns)
          .from(products)
          .where(and(live, or(matchFts, sql`${kw} <% lower(${products.title})`)))
          .orderBy(
            sql`(${rankFts} * 2 + word_similarity(${kw}, lower(${products.title}))) desc`,
            asc(products.id),
          )
          .limit(limit)
          .offset((page - 1) * limit);
        return (rows as ProductRow[]).map(toProductDto);
      });
    },
  };
}
export type ProductService = ReturnType<typeof createProductService>;
