/**
 * Full-text search on PostgreSQL (docs/search-and-listing.md, "Search"): english stemming, prefix match on every
 * word, misspelt words widened with the close words of the vocabulary, ranking only a bounded candidate set: the
 * first SEARCH_RANKING.candidates products matching in the title, topped up with products matching anywhere.
 * When no product holds every word, products holding any of them are ranked instead (more words matched rank
 * higher); only when no word matches at all does it fall back to trigram similarity of the whole keyword to
 * titles. The listing's category/brand filters narrow the candidates where they are read; a sort other than
 * relevance orders the candidate set by price or title. With `facets`, the answer also counts the unfiltered
 * candidate set per category and brand (each under the other filter), the same bounded read.
 */
import { and, asc, isNull, sql, type SQL } from 'drizzle-orm';
import { SEARCH_RANKING, searchSynonyms, type SearchFacets } from '@mp/shared';
import type { Db } from '../../../../db/client';
import { products } from '../../../../db/schema';
import { countCells, type FacetCell } from './facet-counts';
import { productColumns, toProductDto, type ProductRow } from '../../products/product.mapper';
import { corrections, prefixExpansions, type SearchVocabulary } from './spelling';
import type { ReadSource, SearchOptions, SearchPage } from '../search-provider';
import type { RowReader } from './rows';
import { prepared } from './statements';
import { ORDER, SORTS } from './sorts';

const { textWeight, titleSimilarityWeight, candidates, typoThreshold } = SEARCH_RANKING;
/** the candidate budget as a literal: the planner knows every limit (candidateSet below) */
const BUDGET = sql.raw(String(candidates));

/**
 * The english tsquery's word groups, one per word of the keyword (joined by & or | into the query): the word
 * itself, the title and brand words it is a prefix of (spelt out from the vocabulary rather than sent as `word:*`,
 * which makes PostgreSQL merge the posting lists of every indexed word with that prefix, descriptions included; a
 * prefix shared by very many words still goes as `word:*`), its spelling corrections and its synonyms.
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

/** One search as the SQL steps need it: the normalised keyword, its words, the filter and the order. */
function planOf(keyword: string, opts: SearchOptions) {
  const categories = [...new Set(opts.category ?? [])];
  const brands = [...new Set(opts.brand ?? [])];
  const sortBy = opts.sortBy ?? 'relevance';
  const kw = keyword.toLowerCase().replace(/\s+/g, ' ').trim();
  const inList = (column: string, values: string[]) =>
    values.length
      ? [
          sql`${sql.raw(column)} in (${sql.join(
            values.map((v) => sql`${v}`),
            sql`, `,
          )})`,
        ]
      : [];
  return {
    kw,
    categories,
    brands,
    words: kw.match(/[\p{L}\p{N}]+/gu) ?? [],
    page: opts.page,
    limit: opts.limit,
    offset: (opts.page - 1) * opts.limit,
    withFacets: opts.facets ?? false,
    filtered: categories.length > 0 || brands.length > 0,
    filter: sql.join([sql``, ...inList('category', categories), ...inList('brand', brands)], sql` and `),
    // relevance: score desc; a listing sort: its key, ties by id (the candidate set is at most `candidates` rows)
    order:
      sortBy === 'relevance'
        ? sql`score desc, id`
        : sql.raw(`${SORTS[sortBy].key} ${SORTS[sortBy].dir}, id ${SORTS[sortBy].dir}`),
    rowOrder: sortBy === 'relevance' ? undefined : ORDER[sortBy],
    sortBy,
    relevance: sortBy === 'relevance',
    similarity: sql`word_similarity(${kw}, lower(title))`,
    facetsOf: (cells: FacetCell[]): SearchFacets => {
      const { all, category, brand } = countCells(cells, categories, brands);
      return { category, brand, capped: all >= candidates };
    },
  };
}
type Plan = ReturnType<typeof planOf>;

/**
 * The bounded candidate set (title matches first, from the titles' own index, topped up with matches anywhere),
 * optionally filtered. The top-up's limit is the constant budget, never an expression of the title matches:
 * PostgreSQL plans an unknown limit as 10% of the estimate and then prefers a sequential scan that, when few
 * products match, reads the whole catalogue (60 ms at 50k). The one-time filter on the title count skips the
 * top-up when titles filled the budget, and the outer limit keeps the set at the budget.
 */
const candidateSet = (query: SQL, where: SQL, columns: SQL) => sql`with t as materialized (
    select ${columns} from products
    where deleted_at is null and title_vector @@ ${query}${where} limit ${BUDGET})
  select * from t
  union all (select ${columns} from products
    where (select count(*) from t) < ${BUDGET}
      and deleted_at is null and search_vector @@ ${query}${where}
      and id not in (select id from t)
    limit ${BUDGET})
  limit ${BUDGET}`;

const scoreOf = (query: SQL, similarity: SQL) =>
  sql`(ts_rank(search_vector, ${query}) * ${textWeight} + ${similarity} * ${titleSimilarityWeight})`;

/**
 * The full-text steps' statements are prepared (planning one cost as much as running it), their values
 * parameters: the tsquery (made once per read, an InitPlan, not once per row), the keyword, the filters, the page.
 */
const tsquery = sql`(select to_tsquery('english', ${sql.placeholder('tsquery')}))`;
const titleSimilarity = sql`word_similarity(${sql.placeholder('kw')}::text, lower(title))`;
const PAGE = sql`limit ${sql.placeholder('limit')} offset ${sql.placeholder('offset')}`;
/** a listing sort orders the candidates by price or title: no score to work out for each of them */
const scoredColumns = (p: Plan) =>
  sql`id, ${p.relevance ? scoreOf(tsquery, titleSimilarity) : sql`0`} as score, effective_price_paise, title`;
const statementName = (what: string, p: Plan) => `catalog_search_${what}_${p.sortBy.replace(/-/g, '_')}`;

/**
 * Unfiltered with facets (the search page's first read), the facets and the page come from the same candidate
 * set: one read answers both, the counts and the page's ids in order; then only the page's rows are fetched
 * (docs/search-and-listing.md).
 */
const facetsAndIds = (db: Db, p: Plan) =>
  prepared(db, statementName('facets', p), (d, name) =>
    d
      .select({ cells: sql<FacetCell[]>`cells`, ids: sql<string[]>`ids` })
      .from(
        sql`(with c as materialized (${candidateSet(tsquery, sql``, sql`${scoredColumns(p)}, category, brand`)})
          select
            (select coalesce(json_agg(f), '[]'::json)
              from (select category, brand, count(*)::int as n from c group by category, brand) f) as cells,
            (select coalesce(json_agg(id order by rn), '[]'::json)
              from (select id, row_number() over (order by ${p.order}) as rn from c
                order by ${p.order} ${PAGE}) p) as ids) r`,
      )
      .prepare(name),
  );

/** The unfiltered candidate set's counts per category and brand (a filtered search's facets). */
const candidateCells = (db: Db) =>
  prepared(db, 'catalog_search_cells', (d, name) =>
    d
      .select({ category: sql<string>`category`, brand: sql<string>`brand`, n: sql<number>`n` })
      .from(
        sql`(select category, brand, count(*)::int as n from (${candidateSet(tsquery, sql``, sql`id, category, brand`)}) c
          group by category, brand) r`,
      )
      .prepare(name),
  );

/**
 * One page of the (filtered) candidate set, scored where the candidates are read; only the page's rows are
 * fetched again. Matches anywhere are read only to fill what title matches leave of the budget.
 */
const candidatePage = (db: Db, p: Plan) => {
  const filters = `${p.categories.length ? 'c' : ''}${p.brands.length ? 'b' : ''}`;
  return prepared(db, `${statementName('page', p)}_${filters || 'all'}`, (d, name) => {
    const filter = sql.join(
      [
        sql``,
        ...(p.categories.length ? [sql`category = any(${sql.placeholder('categories')}::text[])`] : []),
        ...(p.brands.length ? [sql`brand = any(${sql.placeholder('brands')}::text[])`] : []),
      ],
      sql` and `,
    );
    const ids = sql`select id from (${candidateSet(tsquery, filter, scoredColumns(p))}) c order by ${p.order} ${PAGE}`;
    return d
      .select(productColumns)
      .from(products)
      .where(sql`${products.id} in (${ids})`)
      .orderBy(...(p.rowOrder ?? [sql`${scoreOf(tsquery, titleSimilarity)} desc`, asc(products.id)]))
      .prepare(name);
  });
};

/** Whether any live product holds these words (past the last page, or nothing under the filters). */
const anyMatch = (db: Db) =>
  prepared(db, 'catalog_search_any', (d, name) =>
    d
      .select({ id: products.id })
      .from(products)
      .where(and(isNull(products.deletedAt), sql`search_vector @@ ${tsquery}`))
      .limit(1)
      .prepare(name),
  );

/** One full-text step (all words, or any word): the page, or undefined when the next step must run. */
async function fullTextStep(db: Db, p: Plan, text: string, rows: RowReader): Promise<SearchPage | undefined> {
  const values = {
    tsquery: text,
    kw: p.kw,
    limit: p.limit,
    offset: p.offset,
    categories: p.categories,
    brands: p.brands,
  };
  if (p.withFacets && !p.filtered) {
    const [both] = await facetsAndIds(db, p).execute(values);
    if (!both?.cells.length) return undefined;
    return { data: await rows.productsByIds(both.ids), facets: p.facetsOf(both.cells) };
  }
  let facets: SearchFacets | undefined;
  if (p.withFacets) {
    const cells = await candidateCells(db).execute(values);
    if (!cells.length) return undefined;
    facets = p.facetsOf(cells);
  }
  const found = await candidatePage(db, p).execute(values);
  if (found.length || facets) return { data: (found as ProductRow[]).map(toProductDto), facets };
  // past the last page of these matches, or nothing under the filters: empty (the next, looser step runs only
  // when no product matches these words at all)
  if ((p.page > 1 || p.filtered) && (await anyMatch(db).execute(values)).length) return { data: [] };
  return undefined;
}

/** No word matches at all: the best candidates by trigram similarity of the whole keyword to titles. */
function trigramFallback(db: Db, p: Plan): Promise<SearchPage> {
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select set_config('pg_trgm.word_similarity_threshold', ${String(typoThreshold)}, true)`,
    );
    let facets: SearchFacets | undefined;
    if (p.withFacets) {
      const cells = (await tx.execute(
        sql`select category, brand, count(*)::int as n from (select category, brand from products
          where deleted_at is null and ${p.kw} <% lower(title) limit ${candidates}) c group by category, brand`,
      )) as unknown as { rows: FacetCell[] };
      facets = p.facetsOf(cells.rows);
    }
    // the best `candidates` by similarity, then filtered and sorted like the full-text steps
    const best = sql`select id, ${p.similarity} as score, effective_price_paise, title from products
      where deleted_at is null and ${p.kw} <% lower(title)${p.filter}
      order by score desc, id limit ${candidates}`;
    const found = await tx
      .select(productColumns)
      .from(products)
      .where(
        sql`${products.id} in (select id from (${best}) c order by ${p.order} limit ${p.limit} offset ${p.offset})`,
      )
      .orderBy(...(p.rowOrder ?? [sql`${p.similarity} desc`, asc(products.id)]));
    return { data: (found as ProductRow[]).map(toProductDto), facets };
  });
}

export interface SearchDeps {
  reader: ReadSource;
  vocabulary: SearchVocabulary;
  rows: RowReader;
}

export async function search(deps: SearchDeps, keyword: string, opts: SearchOptions): Promise<SearchPage> {
  const p = planOf(keyword, opts);
  const db = deps.reader.db();
  if (p.words.length) {
    const groups = wordGroups(p.words, await deps.vocabulary.words());
    for (const join of p.words.length > 1 ? [' & ', ' | '] : [' & ']) {
      const found = await fullTextStep(db, p, groups.join(join), deps.rows);
      if (found) return found;
    }
  }
  if (!p.kw) return { data: [] };
  return trigramFallback(db, p);
}
