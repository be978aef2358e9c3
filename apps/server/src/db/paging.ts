/**
 * The reads every paged list shares: how many rows match, and a page of them with that total. Each repository
 * builds its own filtered, ordered query; these run it.
 */
import { inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable, SelectedFields } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client';

/** How many rows of `table` match `where` (a list's total, a queue's backlog). */
export async function countWhere(db: DbOrTx, table: PgTable, where: SQL | undefined): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(table)
    .where(where);
  return Number(row?.n ?? 0);
}

/** A query that can be cut to a page (a drizzle select, filtered and ordered). */
interface Pageable<T> {
  limit(limit: number): { offset(offset: number): PromiseLike<T[]> };
}

/** The page `page` of `rows` and how many rows of `table` match `where` in all, read at once. */
export async function pageOf<T>(
  db: DbOrTx,
  count: { table: PgTable; where: SQL | undefined },
  rows: Pageable<T>,
  page: { page: number; limit: number },
): Promise<{ rows: T[]; total: number }> {
  const [list, total] = await Promise.all([
    rows.limit(page.limit).offset((page.page - 1) * page.limit),
    countWhere(db, count.table, count.where),
  ]);
  return { rows: list, total };
}

/** `columns` of the rows of `table` whose `key` is one of `ids`, in one read (none when there are no ids). */
export const selectWhereIn = <C extends SelectedFields>(
  db: DbOrTx,
  columns: C,
  table: PgTable,
  key: AnyPgColumn,
  ids: string[],
) => (ids.length === 0 ? Promise.resolve([]) : db.select(columns).from(table).where(inArray(key, ids)));
