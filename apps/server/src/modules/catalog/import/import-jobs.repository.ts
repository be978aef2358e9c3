/**
 * The import jobs repository (docs/catalogue-import.md): the only code that writes import_jobs. The upload queues
 * a job; the worker claims it (FOR UPDATE SKIP LOCKED, with a lease a crashed worker lets lapse), records each
 * batch's progress and row results, and marks it done or failed.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import type { ImportJobDto, ImportJobQuery, ImportRowResult, Pagination } from '@mp/shared';
import type { DbOrTx } from '../../../db/client';
import { importJobs } from '../../../db/schema';

export type ImportJobRow = typeof importJobs.$inferSelect;

/** A claimed job stays with its worker this long after its last recorded batch; then another worker may take it. */
export const IMPORT_LEASE_SECONDS = 120;
/** A job claimed this many times without finishing (each claim lapsed) is given up as failed. */
export const IMPORT_MAX_ATTEMPTS = 3;
/** How many recent jobs the console lists. */
export const RECENT_JOBS = 20;

const dtoColumns = {
  id: importJobs.id,
  fileName: importJobs.fileName,
  status: importJobs.status,
  totalRows: importJobs.totalRows,
  processedRows: importJobs.processedRows,
  createdRows: importJobs.createdRows,
  updatedRows: importJobs.updatedRows,
  errorRows: importJobs.errorRows,
  failure: importJobs.failure,
  createdAt: importJobs.createdAt,
  startedAt: importJobs.startedAt,
  finishedAt: importJobs.finishedAt,
};
interface DtoRow extends Omit<ImportJobDto, '_id' | 'createdAt' | 'startedAt' | 'finishedAt'> {
  id: string;
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);
export function toImportJobDto({ id, createdAt, startedAt, finishedAt, ...rest }: DtoRow): ImportJobDto {
  return {
    _id: id,
    ...rest,
    createdAt: createdAt.toISOString(),
    startedAt: iso(startedAt),
    finishedAt: iso(finishedAt),
  };
}

export async function insertJob(
  db: DbOrTx,
  job: { sellerId: string; fileName: string; source: string; totalRows: number },
): Promise<ImportJobDto> {
  const [row] = await db.insert(importJobs).values(job).returning(dtoColumns);
  return toImportJobDto(row!);
}

/**
 * Takes the oldest job no live worker holds: a queued one, or a running one whose lease lapsed (its worker
 * died). Answers it with its file and progress, or undefined when there is none.
 */
export async function claimJob(db: DbOrTx): Promise<ImportJobRow | undefined> {
  const result = (await db.execute(sql`
    update ${importJobs} set status = 'running', attempts = attempts + 1,
      started_at = coalesce(started_at, now()),
      locked_until = now() + make_interval(secs => ${IMPORT_LEASE_SECONDS})
    where id = (
      select id from ${importJobs}
      where status = 'queued' or (status = 'running' and locked_until < now())
      order by created_at
      limit 1
      for update skip locked
    )
    returning id`)) as unknown as { rows: { id: string }[] };
  const id = result.rows[0]?.id;
  if (!id) return undefined;
  const [row] = await db.select().from(importJobs).where(eq(importJobs.id, id));
  return row;
}

export interface BatchProgress {
  /** rows handled in this batch (whole products) */
  rows: number;
  created: number;
  updated: number;
  errors: ImportRowResult[];
  imported: ImportRowResult[];
}

/** Adds one batch's results and renews the lease; answers false when the job is no longer this claim's. */
export async function recordBatch(
  db: DbOrTx,
  jobId: string,
  attempt: number,
  batch: BatchProgress,
): Promise<boolean> {
  const rows = await db
    .update(importJobs)
    .set({
      processedRows: sql`${importJobs.processedRows} + ${batch.rows}`,
      createdRows: sql`${importJobs.createdRows} + ${batch.created}`,
      updatedRows: sql`${importJobs.updatedRows} + ${batch.updated}`,
      errorRows: sql`${importJobs.errorRows} + ${batch.errors.length}`,
      errors: sql`${importJobs.errors} || ${JSON.stringify(batch.errors)}::jsonb`,
      imported: sql`${importJobs.imported} || ${JSON.stringify(batch.imported)}::jsonb`,
      lockedUntil: sql`now() + make_interval(secs => ${IMPORT_LEASE_SECONDS})`,
    })
    .where(and(eq(importJobs.id, jobId), eq(importJobs.status, 'running'), eq(importJobs.attempts, attempt)))
    .returning({ id: importJobs.id });
  return rows.length > 0;
}

/** Ends a job (its file is no longer kept); answers its final state, or undefined when another claim holds it. */
export async function finishJob(
  db: DbOrTx,
  jobId: string,
  attempt: number,
  outcome: { status: 'done' } | { status: 'failed'; failure: string },
): Promise<(ImportJobDto & { sellerId: string }) | undefined> {
  const [row] = await db
    .update(importJobs)
    .set({
      status: outcome.status,
      failure: outcome.status === 'failed' ? outcome.failure.slice(0, 1000) : null,
      source: null,
      lockedUntil: null,
      finishedAt: sql`now()`,
    })
    .where(and(eq(importJobs.id, jobId), eq(importJobs.status, 'running'), eq(importJobs.attempts, attempt)))
    .returning({ ...dtoColumns, sellerId: importJobs.sellerId });
  return row && { ...toImportJobDto(row), sellerId: row.sellerId };
}

/**
 * Hands a job back at shutdown (between batches): another worker may take it at once, and this claim does not
 * count as a failed attempt.
 */
export async function releaseJob(db: DbOrTx, jobId: string, attempt: number): Promise<void> {
  await db
    .update(importJobs)
    .set({ lockedUntil: sql`now()`, attempts: sql`${importJobs.attempts} - 1` })
    .where(and(eq(importJobs.id, jobId), eq(importJobs.status, 'running'), eq(importJobs.attempts, attempt)));
}

/** The seller's most recent jobs, newest first. */
export async function listSellerJobs(db: DbOrTx, sellerId: string): Promise<ImportJobDto[]> {
  const rows = await db
    .select(dtoColumns)
    .from(importJobs)
    .where(eq(importJobs.sellerId, sellerId))
    .orderBy(desc(importJobs.createdAt))
    .limit(RECENT_JOBS);
  return rows.map(toImportJobDto);
}

/**
 * One of the seller's jobs and one page of its row results in file order (all, or those of one outcome); undefined
 * when the job is not this seller's.
 */
export async function findSellerJob(
  db: DbOrTx,
  sellerId: string,
  jobId: string,
  { outcome, page, limit }: ImportJobQuery,
): Promise<{ job: ImportJobDto & { rows: ImportRowResult[] }; pagination: Pagination } | undefined> {
  const [row] = await db
    .select({
      ...dtoColumns,
      rows: sql<ImportRowResult[]>`(
        select coalesce(jsonb_agg(r order by (r->>'row')::int), '[]'::jsonb) from (
          select r from (
            select r from jsonb_array_elements(${importJobs.errors}) r
            union all select r from jsonb_array_elements(${importJobs.imported}) r
          ) a where ${outcome} = 'all' or r->>'outcome' = ${outcome}
          order by (r->>'row')::int limit ${limit} offset ${(page - 1) * limit}) p)`,
      matching: sql<number>`(case ${outcome} when 'all' then jsonb_array_length(${importJobs.errors}) + jsonb_array_length(${importJobs.imported})
        when 'error' then jsonb_array_length(${importJobs.errors})
        else (select count(*)::int from jsonb_array_elements(${importJobs.imported}) r where r->>'outcome' = ${outcome}) end)`,
    })
    .from(importJobs)
    .where(and(eq(importJobs.id, jobId), eq(importJobs.sellerId, sellerId)));
  if (!row) return undefined;
  const { rows, matching, ...job } = row;
  const total = Number(matching);
  return {
    job: { ...toImportJobDto(job), rows },
    pagination: { page, limit, total, pages: Math.ceil(total / limit) },
  };
}
