/**
 * Search words as PostgreSQL's english `to_tsquery` stems them (docs/search-and-listing.md, "Search in memory"), so
 * the in-memory search looks up exactly the lexemes the SQL path would ("shirts:*" → 'shirt':*, "the" → nothing).
 * Each word group (a word with its alternatives, as product.service.ts writes it) is asked once per process, all
 * of a search's new groups in one statement; a search made of groups seen before costs no query.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import type { WordGroup } from './text-index';

/** How many groups are remembered before the store starts again (a few hundred bytes each). */
const KEPT = 20_000;

const OPERAND = /^'((?:[^']|'')*)'(:\*)?$/;

/**
 * The alternatives of PostgreSQL's text form of a stemmed group (`'samsnug':* | 'samsung'`; empty for stop words),
 * or null when it is anything else (an `&` or a phrase from a word the parser splits): the SQL path answers those.
 */
export function readAlternatives(text: string): WordGroup | null {
  if (!text.trim()) return [];
  const out: { lexeme: string; prefix: boolean }[] = [];
  for (const part of text.replace(/^\( (.*) \)$/, '$1').split(' | ')) {
    const m = OPERAND.exec(part.trim());
    if (!m) return null;
    out.push({ lexeme: m[1]!.replaceAll("''", "'"), prefix: m[2] !== undefined });
  }
  return out;
}

export function createQueryStems(db: Db) {
  const known = new Map<string, WordGroup | null>();
  return {
    /** Each group's alternatives as stemmed lexemes ([] for stop words; null when only SQL can answer it). */
    async stems(groups: readonly string[]): Promise<(WordGroup | null)[]> {
      const had = groups.map((g) => known.get(g));
      const missing = [...new Set(groups.filter((g) => !known.has(g)))];
      if (missing.length) {
        // the groups are words of letters and digits with `:*`, `|`, spaces and parentheses: safe inside quotes
        const { rows } = (await db.execute(
          sql`select g, to_tsquery('english', g)::text as q
            from unnest(${`{${missing.map((g) => JSON.stringify(g)).join(',')}}`}::text[]) as g`,
        )) as unknown as { rows: { g: string; q: string }[] };
        if (known.size + missing.length > KEPT) known.clear();
        for (const r of rows) known.set(r.g, readAlternatives(r.q));
      }
      return groups.map((g, i) => (had[i] !== undefined ? had[i] : (known.get(g) ?? null)));
    },
  };
}
export type QueryStems = ReturnType<typeof createQueryStems>;
