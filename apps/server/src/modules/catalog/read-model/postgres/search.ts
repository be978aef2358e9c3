/**
 * Full-text search on PostgreSQL (docs/search-and-listing.md, "Search"): english stemming, prefix match on every
 * word, misspelt words widened with the close words of the vocabulary, ranking only a bounded candidate set: the
 * first SEARCH_RANKING.candidates products matching in the title, topped up with products matching anywhere.
 * When no product holds every word, products holding any of them are ranked instead (more words matched rank
 * higher); only when no word matches at all does it fall back to trigram similarity of the whole keyword to
 * titles. The listing's category/brand filters narrow the candidates where they are read; a sort other than
 * relevance orders the candidate set by price or title. With `facets`, the answer also counts the unfiltered
 * candidate set per category and brand (each under the other filter), the same bounded read.
 *
 * A one-word search, and a search for any of the words, is planned for its words each time: knowing them,
 * PostgreSQL reads a common word's first 200 matches with a sequential scan that stops after them, where a plan
 * made without them must build the word's whole bitmap first. Several words all together are rare enough for the
 * index, and their statement is planned once per connection (docs/search-and-listing.md, "Planned once per
 * connection").
 */
import { and, asc, isNull, sql, type SQL } from 'drizzle-orm';
import { SEARCH_RANKING, searchSynonyms, titleSynonym, type SearchFacets } from '@mp/shared';
import type { Db } from '../../../../db/client';
import { products } from '../../../../db/schema';
import { countCells, type FacetCell } from './facet-counts';
import { productColumns, toProductDto, type ProductRow } from '../../products/product.mapper';
import { corrections, prefixExpansions, type SearchVocabulary } from './spelling';
import type { ReadSource, SearchOptions, SearchPage } from '../search-provider';
import type { RowReader } from './rows';
import { inSizes } from './sized-listing';
import { ORDER, SORTS } from './sorts';
import { namedRows, rowsOf, statementName, textArray } from './statements';

const { textWeight, titleSimilarityWeight, candidates, typoThreshold } = SEARCH_RANKING;
/** The candidate budget written into the statements: a limit the planner knows, also in a plan made once. */
const budget = sql.raw(String(candidates));

/**
 * One word of the keyword as a tsquery operand: `full` for search_vector (and the rank), `title` for the titles'
 * own vector, where a synonym set is one lexeme (docs/search-and-listing.md, "Synonyms").
 */
interface WordGroup {
  full: string;
  title: string;
}

const anyOf = (alternatives: string[]) => {
  const distinct = [...new Set(alternatives)];
  return distinct.length > 1 ? `(${distinct.join(' | ')})` : distinct[0]!;
};

/**
 * The english tsquery's word groups, one per word of the keyword (joined by & or | into the query): the word
 * itself, the title and brand words it is a prefix of (spelt out from the vocabulary rather than sent as `word:*`,
 * which makes PostgreSQL merge the posting lists of every indexed word with that prefix, descriptions included; a
 * prefix shared by very many words still goes as `word:*`), its spelling corrections and its synonyms.
 */
function wordGroups(words: string[], vocabulary: readonly string[]): WordGroup[] {
  return words.map((w) => {
    // one letter or digit is taken as typed: as a prefix it would gather a large part of the catalogue (every word
    // starting with it) before the other words could narrow it (docs/search-and-listing.md, "One-character words")
    if ([...w].length === 1) return { full: w, title: w };
    // a word no title or brand word starts with (a category or description word, a typo) keeps its prefix
    // match: those fields are indexed unstemmed ('simple'), and `electron:*` is what finds "electronics"
    const longer = prefixExpansions(w, vocabulary);
    const spelt = longer !== undefined && longer.length > 0;
    const own = [spelt ? w : `${w}:*`, ...(spelt ? longer : []), ...corrections(w, vocabulary)];
    // "shoes" also finds the footwear category and boots; in the titles as the set's one lexeme, whose posting
    // list PostgreSQL reads instead of merging every word's, and which stands for the set's own words too
    // (docs/search-and-listing.md, "Synonyms")
    const synonym = titleSynonym(w);
    const standsFor = (x: string) => {
      const other = titleSynonym(x);
      return other?.covered === true && other.lexeme === synonym?.lexeme;
    };
    return {
      full: anyOf([...own, ...searchSynonyms(w)]),
      title: synonym ? anyOf([...own.filter((x) => !standsFor(x)), synonym.lexeme]) : anyOf(own),
    };
  });
}

/** One search as the SQL steps need it: the normalised keyword, its words, the filter and the order. */
function planOf(keyword: string, opts: SearchOptions) {
  const categories = [...new Set(opts.category ?? [])];
  const brands = [...new Set(opts.brand ?? [])];
  const sizes = [...new Set(opts.size ?? [])];
  // the Size filter, as the listing's (sized-listing.ts): a variant in stock in one of the sizes
  const sized = sizes.length ? sql` and ${inSizes(sizes)}` : sql``;
  const sortBy = opts.sortBy ?? 'relevance';
  const kw = keyword.toLowerCase().replace(/\s+/g, ' ').trim();
  const inList = (column: string, values: string[]) =>
    values.length ? [sql`${sql.raw(column)} = any(${textArray(values)})`] : [];
  return {
    kw,
    // a possessive is its word ("levi's" is levi, as english stemming indexes it), not a separate one-letter "s"
    words: kw.replace(/(?<=[\p{L}\p{N}])['’]s(?![\p{L}\p{N}])/gu, '').match(/[\p{L}\p{N}]+/gu) ?? [],
    page: opts.page,
    limit: opts.limit,
    offset: (opts.page - 1) * opts.limit,
    withFacets: opts.facets ?? false,
    filtered: categories.length > 0 || brands.length > 0 || sizes.length > 0,
    filter: sql`${sql.join([sql``, ...inList('category', categories), ...inList('brand', brands)], sql` and `)}${sized}`,
    /** what the facet counts are counted under: the size filter (category and brand are the facets) */
    sized,
    // relevance: score desc; a listing sort: its key, ties by id (the candidate set is at most `candidates` rows)
    order:
      sortBy === 'relevance'
        ? sql`score desc, id`
        : sql.raw(`${SORTS[sortBy].key} ${SORTS[sortBy].dir}, id ${SORTS[sortBy].dir}`),
    rowOrder: sortBy === 'relevance' ? undefined : ORDER[sortBy],
    relevance: sortBy === 'relevance',
    similarity: sql`word_similarity(${kw}::text, lower(title))`,
    facetsOf: (cells: FacetCell[]): SearchFacets => {
      const { all, category, brand } = countCells(cells, categories, brands);
      return { category, brand, capped: all >= candidates };
    },
  };
}
type Plan = ReturnType<typeof planOf>;

type Vector = 'title_vector' | 'search_vector';
/** Which rows of a search step match, given the vector to test. */
type Match = (vector: Vector) => SQL;

/**
 * How a step's statement is planned: `words`, for its words each time (the tsqueries are constants to the
 * planner); `shape`, once per connection (a statement named by its text, each tsquery a parameter parsed once per
 * execution by its own subquery rather than for every row).
 */
type Planning = 'words' | 'shape';

const tsquery = (planning: Planning, text: string) =>
  planning === 'shape'
    ? sql`(select to_tsquery('english', ${text}::text))`
    : sql`to_tsquery('english', ${text})`;

const rowsPlanned = <T>(db: Db, planning: Planning, query: SQL) =>
  planning === 'shape' ? namedRows<T>(db, query) : rowsOf<T>(db, query);

/**
 * The bounded candidate set (title matches first, from the titles' own index, topped up with matches anywhere),
 * optionally filtered. The top-up's limit is the constant budget, never an expression of the title matches:
 * PostgreSQL plans an unknown limit as 10% of the estimate and then prefers a sequential scan that, when few
 * products match, reads the whole catalogue (60 ms at 50k). The one-time filter on the title count skips the
 * top-up when titles filled the budget, and the outer limit keeps the set at the budget.
 */
const candidateSet = (match: Match, where: SQL, columns: SQL) => sql`with t as materialized (
    select ${columns} from products
    where deleted_at is null and ${match('title_vector')}${where} limit ${budget})
  select * from t
  union all (select ${columns} from products
    where (select count(*) from t) < ${budget}
      and deleted_at is null and ${match('search_vector')}${where}
      and id not in (select id from t)
    limit ${budget})
  limit ${budget}`;

/**
 * How the all-words step finds its rows. With a model number ("puma boots 345") the index is asked only for the
 * words spelt out exactly (`puma & 345`, a handful of products), and every word is then checked on those rows:
 * the same rows in the same order, but without a prefix (`footwear:*`, a misspelt `motoroal:*`) making the
 * index gather every product of a category first (at 500,000 products 20-50 ms against about 1 ms;
 * docs/search-and-listing.md). `is true` keeps the full check off the index.
 */
function allWordsMatch(
  words: string[],
  groups: WordGroup[],
  planning: Planning,
  query: (vector: Vector) => SQL,
): Match {
  const numbered = words.some((w, i) => /^\p{N}+$/u.test(w) && !groups[i]!.full.includes(':*'));
  return (vector) => {
    const all = sql`${sql.raw(vector)} @@ ${query(vector)}`;
    const exact = groups
      .map((g) => (vector === 'title_vector' ? g.title : g.full))
      .filter((g) => !g.includes(':*'));
    if (!numbered || exact.length === groups.length) return all;
    return sql`${sql.raw(vector)} @@ ${tsquery(planning, exact.join(' & '))} and (${all}) is true`;
  };
}

/**
 * Unfiltered with facets, the facets and the page come from the same candidate set: one read answers both, the
 * counts and the page's ids in order; then only the page's rows are fetched (docs/search-and-listing.md).
 */
async function facetsAndPage(
  db: Db,
  p: Plan,
  planning: Planning,
  match: Match,
  scored: SQL,
  rows: RowReader,
) {
  const [both] = await rowsPlanned<{ cells: FacetCell[]; ids: string[] }>(
    db,
    planning,
    sql`with c as materialized (${candidateSet(match, sql``, sql`${scored}, category, brand`)})
      select
        (select coalesce(json_agg(f), '[]'::json)
          from (select category, brand, count(*)::int as n from c group by category, brand) f) as cells,
        (select coalesce(json_agg(id order by rn), '[]'::json)
          from (select id, row_number() over (order by ${p.order}) as rn from c
            order by ${p.order} limit ${p.limit} offset ${p.offset}) p) as ids`,
  );
  if (!both?.cells.length) return undefined;
  return { data: await rows.productsByIds(both.ids), facets: p.facetsOf(both.cells) };
}

/** One full-text step (all words, or any word): the page, or undefined when the next step must run. */
async function fullTextStep(
  db: Db,
  p: Plan,
  queries: WordGroup,
  rows: RowReader,
  planning: Planning,
  matchOf: (query: (vector: Vector) => SQL) => Match = (query) => (vector) =>
    sql`${sql.raw(vector)} @@ ${query(vector)}`,
): Promise<SearchPage | undefined> {
  const query = tsquery(planning, queries.full);
  const titleQuery = tsquery(planning, queries.title);
  const match = matchOf((vector) => (vector === 'title_vector' ? titleQuery : query));
  const score = sql`(ts_rank(search_vector, ${query}) * ${textWeight} + ${p.similarity} * ${titleSimilarityWeight})`;
  // a listing sort orders the candidates by price or title: no score to work out for each of them
  const scored = sql`id, ${p.relevance ? score : sql`0`} as score, effective_price_paise, title`;
  if (p.withFacets && !p.filtered) return facetsAndPage(db, p, planning, match, scored, rows);
  let facets: SearchFacets | undefined;
  if (p.withFacets) {
    const cells = await rowsPlanned<FacetCell>(
      db,
      planning,
      sql`select category, brand, count(*)::int as n from (${candidateSet(match, p.sized, sql`id, category, brand`)}) c group by category, brand`,
    );
    if (!cells.length) return undefined;
    facets = p.facetsOf(cells);
  }
  // Candidates are scored where they are read; only the page's rows are fetched again. Matches anywhere are
  // read only to fill what title matches leave of the budget (candidateSet's one-time filter).
  const pageOfIds = sql`select id from (${candidateSet(match, p.filter, scored)}) c order by ${p.order} limit ${p.limit} offset ${p.offset}`;
  const page = db
    .select(productColumns)
    .from(products)
    .where(sql`${products.id} in (${pageOfIds})`)
    .orderBy(...(p.rowOrder ?? [sql`${score} desc`, asc(products.id)]));
  const found =
    planning === 'shape' ? await page.prepare(statementName(page.toSQL().sql)).execute() : await page;
  if (found.length || facets) return { data: (found as ProductRow[]).map(toProductDto), facets };
  // past the last page of these matches, or nothing under the filters: empty (the next, looser step runs only
  // when no product matches these words at all)
  if (p.page > 1 || p.filtered) {
    const [any] = await db
      .select({ id: products.id })
      .from(products)
      .where(and(isNull(products.deletedAt), sql`search_vector @@ ${query}`))
      .limit(1);
    if (any) return { data: [] };
  }
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
          where deleted_at is null and ${p.kw} <% lower(title)${p.sized} limit ${candidates}) c group by category, brand`,
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
    const joined = (op: string) => ({
      full: groups.map((g) => g.full).join(op),
      title: groups.map((g) => g.title).join(op),
    });
    // one word may be common enough for a scan that stops early: planned for it; several together, once
    const planning: Planning = groups.length > 1 ? 'shape' : 'words';
    const all = await fullTextStep(db, p, joined(' & '), deps.rows, planning, (query) =>
      allWordsMatch(p.words, groups, planning, query),
    );
    if (all) return all;
    // any of the words: as common as its most common word
    const any = p.words.length > 1 ? await fullTextStep(db, p, joined(' | '), deps.rows, 'words') : undefined;
    if (any) return any;
  }
  if (!p.kw) return { data: [] };
  // one-character words have no typo to forgive: as trigrams "x" is every title word starting with x, which
  // PostgreSQL finds only by testing every title (200–260 ms at 50,000 products; docs/search-and-listing.md,
  // "One-character words")
  if (!p.words.some((w) => [...w].length > 1))
    return { data: [], ...(p.withFacets ? { facets: p.facetsOf([]) } : {}) };
  return trigramFallback(db, p);
}
