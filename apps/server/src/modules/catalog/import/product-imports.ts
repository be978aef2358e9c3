/**
 * Bulk product upload (docs/catalogue-import.md): queue a seller's CSV as a job, read its progress and results.
 * The worker (import-worker.ts) does the importing. Built once, in deps.ts.
 */
import type { ImportJobDto, ImportJobQuery } from '@mp/shared';
import type { Db } from '../../../db/client';
import type { Logger } from '../../../lib/logger';
import { notFound } from '../../../lib/errors';
import { productCatalog, type ImportCatalog } from './import-catalog';
import type { ChangeFeed } from '../../../lib/change-feed';
import { csvText, readImportCsv } from './import-csv';
import { importFinished } from './import-finished';
import { findSellerJob, insertJob, listSellerJobs } from './import-jobs.repository';
import { createImportWorker } from './import-worker';
import type { ProductService } from '../products/product.service';

export interface ProductImportsDeps {
  db: Db;
  logger: Logger;
  products: ProductService;
  changes: ChangeFeed;
  limits: { maxBytes: number; maxRows: number };
  /** where rows are written (default: the product write path) */
  catalog?: ImportCatalog;
}

/** Checks the file (400 INVALID_CSV, 413 over the row limit) and queues it; the worker is told at once. */
async function queue(
  deps: ProductImportsDeps,
  wake: () => void,
  sellerId: string,
  file: { name: string; bytes: Buffer },
): Promise<ImportJobDto> {
  const source = csvText(file.bytes);
  const rows = readImportCsv(source, deps.limits.maxRows);
  const job = await insertJob(deps.db, {
    sellerId,
    fileName: file.name.slice(0, 200) || 'products.csv',
    source,
    totalRows: rows.length,
  });
  wake();
  return job;
}

async function job(db: Db, sellerId: string, jobId: string, query: ImportJobQuery) {
  const found = await findSellerJob(db, sellerId, jobId, query);
  if (!found) throw notFound('Import');
  return found;
}

export function createProductImports(deps: ProductImportsDeps) {
  const worker = createImportWorker({
    db: deps.db,
    logger: deps.logger,
    catalog: deps.catalog ?? productCatalog(deps),
    onFinished: importFinished,
  });
  return {
    limits: deps.limits,
    worker,
    queue: (sellerId: string, file: { name: string; bytes: Buffer }) =>
      queue(deps, worker.wake, sellerId, file),
    job: (sellerId: string, jobId: string, query: ImportJobQuery) => job(deps.db, sellerId, jobId, query),
    recent: (sellerId: string) => listSellerJobs(deps.db, sellerId),
  };
}
export type ProductImports = ReturnType<typeof createProductImports>;
