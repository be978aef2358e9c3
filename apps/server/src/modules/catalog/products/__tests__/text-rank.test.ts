import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compareLexemes, rankQuery, readTsvector, type RankDoc, type RankOperand } from '../text-rank';

// tsRank must return exactly the float4 PostgreSQL's ts_rank returns. ts_rank(...)::float8 is that float4 widened
// (exact), and float8 text output round-trips, so the numbers compared below are the float4 values themselves.

let db: PGlite;

/** A parsed tsvector whose lookups compare lexemes as PostgreSQL's find_wordentry does (the index uses numbers). */
class ParsedDoc implements RankDoc {
  readonly lexemes: string[] = [];
  readonly entryPositions: number[][] = [];
  matched = 0;

  get size(): number {
    return this.lexemes.length;
  }

  lexeme(i: number): string {
    return this.lexemes[i]!;
  }

  positions(i: number): ArrayLike<number> {
    return this.entryPositions[i]!;
  }

  find(operand: RankOperand): number {
    let low = 0;
    let high = this.size;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (compareLexemes(operand.lexeme, this.lexemes[middle]!) > 0) low = middle + 1;
      else high = middle;
    }
    this.matched = 0;
    if (operand.prefix)
      while (low + this.matched < this.size && this.lexemes[low + this.matched]!.startsWith(operand.lexeme))
        this.matched++;
    else if (this.lexemes[low] === operand.lexeme) this.matched = 1;
    return low;
  }
}

function parseTsvector(text: string): ParsedDoc {
  const doc = new ParsedDoc();
  readTsvector(
    text,
    (lexeme) => {
      doc.lexemes.push(lexeme);
      doc.entryPositions.push([]);
    },
    (packed) => doc.entryPositions[doc.entryPositions.length - 1]!.push(packed),
  );
  return doc;
}

const tsRank = (doc: RankDoc, operands: readonly RankOperand[], and: boolean) =>
  rankQuery(operands, and)(doc);

beforeAll(async () => {
  db = new PGlite();
  await db.waitReady;
}, 60_000);

afterAll(async () => {
  await db.close();
});

/** A small seeded PRNG (mulberry32), so a failure can be replayed. */
function prng(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The operands of a tsquery's text output, in text order, and whether its top node is & or <->. */
function parseTsquery(text: string): { operands: RankOperand[]; and: boolean } {
  const operands: RankOperand[] = [];
  let depth = 0;
  let topOr = false;
  let topAnd = false;
  for (const m of text.matchAll(/'((?:[^'\\]|''|\\.)*)'(?::([*A-D]+))?|[()]|[&|]|<\d*-?>/g)) {
    const token = m[0];
    if (m[1] !== undefined) {
      const lexeme = m[1].replace(/''/g, "'").replace(/\\(.)/g, '$1');
      operands.push({ lexeme, prefix: (m[2] ?? '').includes('*') });
    } else if (token === '(') depth++;
    else if (token === ')') depth--;
    else if (depth === 0 && token === '|') topOr = true;
    else if (depth === 0) topAnd = true;
  }
  return { operands, and: topAnd && !topOr };
}

function positionsOf(doc: RankDoc, i: number): number[] {
  return Array.from(doc.positions(i));
}

describe('readTsvector', () => {
  it('when lexemes hold quotes, backslashes, spaces and non-ASCII text, then they and their positions read back as PostgreSQL keeps them', async () => {
    const literal = String.raw`'it''s':1 'back\\slash':2A 'a b':3B,4C,5 'x' 'é':6 'ｚ':7A '😀':8 '\\':9 '''':10B`;
    const { rows } = await db.query<{ text: string }>('select $1::tsvector::text as text', [literal]);
    const doc = parseTsvector(rows[0]!.text);
    const unnested = await db.query<{ lexeme: string; positions: number[] | null; weights: string[] | null }>(
      'select lexeme, positions, weights from unnest($1::tsvector)',
      [literal],
    );
    // unnest lists the entries in the tsvector's own (byte) order, as the doc must
    expect(doc.size).toBe(unnested.rows.length);
    unnested.rows.forEach((row, i) => {
      expect(doc.lexeme(i)).toBe(row.lexeme);
      const packed = (row.positions ?? []).map(
        (p, j) => ({ A: 3, B: 2, C: 1, D: 0 })[row.weights![j]!]! * 16384 + p,
      );
      expect(positionsOf(doc, i)).toEqual(packed);
    });
    expect(Array.from({ length: doc.size }, (_, i) => doc.lexeme(i))).toContain("it's");
    expect(Array.from({ length: doc.size }, (_, i) => doc.lexeme(i))).toContain('back\\slash');
    expect(Array.from({ length: doc.size }, (_, i) => doc.lexeme(i))).toContain("'");
    expect(Array.from({ length: doc.size }, (_, i) => doc.lexeme(i))).toContain('\\');
  });

  it('when the text is empty, then the doc has no entries and ranks 0', () => {
    const doc = parseTsvector('');
    expect(doc.size).toBe(0);
    expect(tsRank(doc, [{ lexeme: 'a', prefix: false }], false)).toBe(0);
  });

  it('when the text is not a tsvector output, then it throws', () => {
    expect(() => parseTsvector("'abc")).toThrow(/unterminated/);
    expect(() => parseTsvector('abc')).toThrow(/quoted lexeme/);
    expect(() => parseTsvector("'a':x")).toThrow(/bad position/);
    expect(() => parseTsvector("'a':1'b'")).toThrow(/space/);
  });
});

interface Pair {
  doc: number;
  query: number;
  rank: number;
}

/** Ranks every document with every query in PostgreSQL and with tsRank; returns the pairs that differ. */
async function compareAll(
  vectors: string[],
  queries: string[],
  toQuery = "to_tsquery('english', q.q)",
): Promise<{ pairs: number; ranked: number; mismatches: string[] }> {
  const { rows: docRows } = await db.query<{ text: string }>(
    'select v::text as text from unnest($1::tsvector[]) with ordinality as t(v, n) order by n',
    [vectors],
  );
  const { rows: queryRows } = await db.query<{ text: string }>(
    `select ${toQuery}::text as text from unnest($1::text[]) with ordinality as q(q, n) order by n`,
    [queries],
  );
  const { rows } = await db.query<Pair>(
    `select d.n::int - 1 as doc, q.n::int - 1 as query, ts_rank(d.v, ${toQuery})::float8 as rank
       from unnest($1::tsvector[]) with ordinality as d(v, n), unnest($2::text[]) with ordinality as q(q, n)`,
    [vectors, queries],
  );
  const docs = docRows.map((r) => parseTsvector(r.text));
  const parsed = queryRows.map((r) => parseTsquery(r.text));
  const mismatches: string[] = [];
  let ranked = 0;
  for (const { doc, query, rank } of rows) {
    expect(Math.fround(rank)).toBe(rank);
    const { operands, and } = parsed[query]!;
    const ours = tsRank(docs[doc]!, operands, and);
    if (rank > Math.fround(1e-20)) ranked++;
    if (!Object.is(ours, rank)) {
      mismatches.push(`${docRows[doc]!.text} / ${queryRows[query]!.text}: postgres ${rank}, ours ${ours}`);
    }
  }
  return { pairs: rows.length, ranked, mismatches };
}

describe('tsRank', () => {
  it('when two words are 1 to 120 positions apart in any two weights, then the & rank is the same as PostgreSQL', async () => {
    const vectors: string[] = [];
    for (const a of 'ABCD') {
      for (const b of 'ABCD') {
        for (let d = 1; d <= 120; d++) vectors.push(`'a':1${a} 'b':${1 + d}${b}`);
      }
    }
    vectors.push(`'a':16383 'b':16383`, `'a' 'b':5`, `'a' 'b'`, `'a':4,9,16383 'b'`);
    const { pairs, mismatches } = await compareAll(vectors, ['a & b', 'b & a', 'a | b', 'a'], 'q.q::tsquery');
    expect(mismatches).toEqual([]);
    expect(pairs).toBe(vectors.length * 4);
  });

  it('when an operand is both exact and a prefix, then the one written last counts, as in PostgreSQL', async () => {
    const vectors = [`'a':1 'ab':3 'b':5`, `'a':1 'ab':3 'abc':9A 'b':5,12B`, `'ab':2 'b':1`];
    const queries = [
      'a:* & a & b',
      'a & a:* & b',
      'b & a:* & a',
      '(a | x) & a:* & b',
      '(a:* | x) & b & a',
      'a:* | a | b',
      'a | a:* | b',
      'a:* & a',
      'a & a:*',
    ];
    const { mismatches } = await compareAll(vectors, queries, 'q.q::tsquery');
    expect(mismatches).toEqual([]);
  });

  it('when lexemes sort differently in UTF-8 and UTF-16, then they are still found as PostgreSQL finds them', async () => {
    const vectors = [`'ｚ':1A 'ｚｚ':4 '😀':2 '😀x':5C 'é':3B 'e':6 'it''s':7 'back\\slash':8`];
    const queries = [
      `'ｚ' & '😀'`,
      `'😀':* & 'é'`,
      `'ｚ':* | '😀x'`,
      `'e':* & 'é'`,
      `'it''s' & 'back\\slash'`,
      `'😀' | 'ｚｚ' | 'none'`,
    ];
    const { mismatches, ranked } = await compareAll(vectors, queries, 'q.q::tsquery');
    expect(mismatches).toEqual([]);
    expect(ranked).toBe(queries.length);
  });

  it('when generated products are ranked for generated queries, then every rank is the float4 PostgreSQL gives', async () => {
    const random = prng(20240611);
    const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
    const titleWords = [
      'shirt',
      'shirts',
      'slim',
      'fit',
      'jeans',
      'jean',
      'denim',
      'blue',
      'black',
      'cotton',
      'running',
      'runner',
      'shoes',
      'shoe',
      'samsung',
      'galaxy',
      'phone',
      'phones',
      'case',
      'sample',
      'samsonite',
      'laptop',
      'lap',
      'charger',
      'charging',
      't-shirt',
      '12',
      '120',
      '128gb',
      'the',
    ];
    const brands = ['Samsung', 'Sams', 'Nike', 'Levis', 'Apple', 'Samsonite', 'Shirtify'];
    const categories = ['electronics', 'clothing', 'footwear', 'bags', 'phones'];
    const fillers = ['great', 'quality', 'for', 'everyday', 'use', 'with', 'soft', 'warranty', 'and', 'a'];
    const sentence = (min: number, max: number, words: readonly string[]) =>
      Array.from({ length: min + Math.floor(random() * (max - min + 1)) }, () => pick(words)).join(' ');
    const products = Array.from({ length: 320 }, () => ({
      title: sentence(2, 7, titleWords),
      brand: pick(brands),
      category: pick(categories),
      description: sentence(0, 45, [...titleWords, ...fillers, ...fillers]),
    }));
    // a long description: a lexeme at its 256-position cap, and positions clamped at 16383
    products.push({
      title: 'blue shirt blue shirt',
      brand: 'Nike',
      category: 'clothing',
      description: Array.from({ length: 17_000 }, (_, i) => (i % 3 ? 'shirt' : pick(titleWords))).join(' '),
    });
    await db.exec(
      'create temporary table products (title text, brand text, category text, description text)',
    );
    await db.query(
      `insert into products select * from unnest($1::text[], $2::text[], $3::text[], $4::text[])`,
      [
        products.map((p) => p.title),
        products.map((p) => p.brand),
        products.map((p) => p.category),
        products.map((p) => p.description),
      ],
    );
    const { rows } = await db.query<{ v: string }>(
      `select v::text as v from (
         select setweight(to_tsvector('english', coalesce(title, '')), 'A')
             || setweight(to_tsvector('simple', coalesce(brand, '') || ' ' || coalesce(category, '')), 'B')
             || setweight(to_tsvector('english', coalesce(description, '')), 'C') as v
           from products) s`,
    );
    // every seventh product also stripped of positions
    const vectors = rows.map((r) => r.v);
    vectors.push(...vectors.filter((_, i) => i % 7 === 0).map((v) => `strip:${v}`));

    const queryWords = [
      ...titleWords,
      'samsnug',
      'shrit',
      'nothing',
      'electronics',
      'clothing',
      'apple',
      'nike',
      'warranty',
      'soft',
    ];
    const prefixes = [
      'sam',
      'sh',
      'shirt',
      'ph',
      'run',
      '12',
      'electron',
      'lap',
      'c',
      'jean',
      's',
      'zz',
      'samsung',
    ];
    const operand = () => (random() < 0.35 ? `${pick(prefixes)}:*` : pick(queryWords));
    const queries = new Set<string>([
      '(samsnug:* | samsung) & shirt',
      '(sams | samsung) & (phone | phones) & case',
      'shirt & shirt & blue',
      'shirt:* & shirt & jeans',
      'shirt | shirt:* | nothing',
      'blue <-> shirt',
      'nothing & zzz',
      'the & shirt',
      'the',
      '12 | 120 | 121 | 122 | 123 | 124 | 125 | 126 | 127 | 128 | 129',
      's:* & c:*',
    ]);
    while (queries.size < 60) {
      const groups = 1 + Math.floor(random() * 4);
      const parts: string[] = [];
      let operands = 0;
      for (let g = 0; g < groups && operands < 6; g++) {
        const group = Array.from({ length: random() < 0.3 && operands < 5 ? 2 : 1 }, operand);
        // now and then repeat an earlier operand
        if (group.length === 1 && parts.length && random() < 0.2)
          group[0] = parts[0]!.replace(/^\(| \|.*$/g, '');
        operands += group.length;
        parts.push(group.length > 1 ? `(${group.join(' | ')})` : group[0]!);
      }
      const join = random() < 0.55 ? ' & ' : random() < 0.8 ? ' | ' : ' <-> ';
      queries.add(parts.join(join));
    }

    // the stripped vectors are built in PostgreSQL too
    const stripped = vectors.map((v) => (v.startsWith('strip:') ? v.slice(6) : v));
    const { rows: strippedRows } = await db.query<{ v: string }>(
      `select case when s then strip(v) else v end::text as v
         from unnest($1::tsvector[], $2::bool[]) with ordinality as t(v, s, n) order by n`,
      [stripped, vectors.map((v) => v.startsWith('strip:'))],
    );
    const { pairs, ranked, mismatches } = await compareAll(
      strippedRows.map((r) => r.v),
      [...queries],
    );
    expect(mismatches.slice(0, 5)).toEqual([]);
    expect(pairs).toBeGreaterThan(20_000);
    expect(ranked).toBeGreaterThan(5_000);
  });
});
