/**
 * Runs one claimed import job (docs/catalogue-import.md): reads its file again, skips the rows a previous claim
 * already recorded, writes each product in its own transaction and records progress and row results in batches.
 */
import type { ImportRowResult, ProductInput } from '@mp/shared';
import { AppError } from '../../../lib/errors';
import type { DbOrTx } from '../../../db/client';
import type { ImportCatalog, SkuOwner } from './import-catalog';
import { readImportCsv } from './import-csv';
import { recordBatch, type BatchProgress, type ImportJobRow } from './import-jobs.repository';
import { failGroup, groupByHandle, prepareProduct, type ProductGroup } from './import-rows';

export interface RunImportDeps {
  db: DbOrTx;
  catalog: ImportCatalog;
  /** progress is recorded after at least this many rows (whole products) */
  batchRows: number;
  /** asked after every batch: true when the process is shutting down and the job should be handed back */
  stopping?: () => boolean;
}

const emptyBatch = (): BatchProgress => ({ rows: 0, created: 0, updated: 0, errors: [], imported: [] });

/** Where each SKU of the file is first used: a second product using it is refused. */
type FirstUse = Map<string, { row: number; handle: string }>;

/**
 * The products of the file still to do (a restarted job goes on after the rows its earlier claims recorded) and
 * where each SKU is first used in the whole file.
 */
function pendingGroups(job: ImportJobRow): { groups: ProductGroup[]; firstUse: FirstUse } {
  const groups = groupByHandle(readImportCsv(job.source ?? '', Number.MAX_SAFE_INTEGER));
  const firstUse: FirstUse = new Map();
  for (const g of groups) {
    for (const r of g.rows) {
      const sku = r.cells.sku;
      if (sku && !firstUse.has(sku)) firstUse.set(sku, { row: r.row, handle: g.handle });
    }
  }
  let skipped = 0;
  let i = 0;
  while (i < groups.length && skipped + groups[i]!.rows.length <= job.processedRows) {
    skipped += groups[i]!.rows.length;
    i++;
  }
  return { groups: groups.slice(i), firstUse };
}

/** The product that already holds the group's SKUs, or a reason it cannot be imported. */
function ownerOf(
  group: ProductGroup,
  owners: Map<string, SkuOwner>,
  firstUse: FirstUse,
): { productId?: string; fault?: string } {
  for (const r of group.rows) {
    const first = firstUse.get(r.cells.sku);
    if (first && first.handle !== group.handle) {
      return {
        fault: `SKU ${r.cells.sku} is already used in row ${first.row} (another product of this file)`,
      };
    }
  }
  const ids = new Set(group.rows.flatMap((r) => owners.get(r.cells.sku)?.productId ?? []));
  if (ids.size > 1) {
    return { fault: 'The SKUs of this product belong to different products in your catalogue' };
  }
  return { productId: [...ids][0] };
}

/**
 * A re-upload sets each known variant's stock to the file's figure: the write path changes stock only from the
 * figure it was based on (the one read with the batch's SKUs), so an order placed meanwhile is not overwritten
 * (409 STALE_STOCK, reported on the row).
 */
function withStockLoaded(input: ProductInput, owners: Map<string, SkuOwner>): ProductInput {
  if (!input.variants) return input;
  const variants = input.variants.map((v) => {
    const owner = v.sku ? owners.get(v.sku) : undefined;
    return owner ? { ...v, stockLoaded: owner.stock } : v;
  });
  return { ...input, variants };
}

/** Writes one product; a refusal of the write path (a taken SKU, a bad value) becomes the rows' error. */
async function importGroup(
  deps: RunImportDeps,
  sellerId: string,
  group: ProductGroup,
  owners: Map<string, SkuOwner>,
  firstUse: FirstUse,
): Promise<ImportRowResult[]> {
  const prepared = prepareProduct(group);
  if (!prepared.ok) return prepared.errors;
  const { productId, fault } = ownerOf(group, owners, firstUse);
  const failAll = (message: string) => {
    const failed = failGroup(group, new Map([[group.rows[0]!.row, message]]));
    return failed.ok ? [] : failed.errors;
  };
  if (fault) return failAll(fault);
  try {
    const id = await deps.catalog.save(sellerId, productId, withStockLoaded(prepared.input, owners));
    return group.rows.map((r) => ({
      row: r.row,
      sku: r.cells.sku,
      handle: r.cells.handle,
      outcome: owners.has(r.cells.sku) ? 'updated' : 'created',
      productId: id,
    }));
  } catch (err) {
    if (err instanceof AppError && err.status < 500) return failAll(err.message);
    throw err;
  }
}

function addResults(batch: BatchProgress, results: ImportRowResult[]) {
  batch.rows += results.length;
  for (const r of results) {
    if (r.outcome === 'error') batch.errors.push(r);
    else {
      batch.imported.push(r);
      if (r.outcome === 'created') batch.created++;
      else batch.updated++;
    }
  }
}

/**
 * Imports what is left of the job. Answers `done` when every row is recorded, `lost` when the job was taken from
 * this claim (its lease lapsed and another worker has it), `stopped` when the process asked to stop between
 * batches.
 */
export async function runImportJob(
  deps: RunImportDeps,
  job: ImportJobRow,
): Promise<'done' | 'lost' | 'stopped'> {
  const { groups, firstUse } = pendingGroups(job);
  for (let start = 0; start < groups.length;) {
    const batchGroups: ProductGroup[] = [];
    let rows = 0;
    while (start < groups.length && (rows < deps.batchRows || !batchGroups.length)) {
      rows += groups[start]!.rows.length;
      batchGroups.push(groups[start++]!);
    }
    const skus = batchGroups.flatMap((g) => g.rows.map((r) => r.cells.sku)).filter(Boolean);
    const owners = await deps.catalog.productsBySku(job.sellerId, skus);
    const batch = emptyBatch();
    for (const group of batchGroups) {
      addResults(batch, await importGroup(deps, job.sellerId, group, owners, firstUse));
    }
    deps.catalog.changed([...new Set(batch.imported.flatMap((r) => r.productId ?? []))]);
    if (!(await recordBatch(deps.db, job.id, job.attempts, batch))) return 'lost';
    if (start < groups.length && deps.stopping?.()) return 'stopped';
  }
  return 'done';
}
