/**
 * The import worker (docs/catalogue-import.md): claims one queued job at a time (or one whose claim lapsed when
 * its worker died) and runs it. Safe with several instances: a claim skips jobs another worker holds.
 */
import type { Db } from '../../../db/client';
import type { Logger } from '../../../lib/logger';
import type { ImportCatalog } from './import-catalog';
import type { ImportFinished } from './import-finished';
import {
  claimJob,
  finishJob,
  IMPORT_MAX_ATTEMPTS,
  releaseJob,
  type ImportJobRow,
} from './import-jobs.repository';
import { runImportJob } from './run-import-job';

export interface ImportWorkerDeps {
  db: Db;
  catalog: ImportCatalog;
  logger: Logger;
  onFinished: ImportFinished;
  /** progress is recorded after this many rows */
  batchRows?: number;
}

export interface ImportWorker {
  /** one pass: claims and runs one job; answers its id, or undefined when none was due */
  runOnce(): Promise<string | undefined>;
  /**
   * polls every intervalMs (and at once on wake()) until stop(), which lets a running job finish its batch, hands
   * it back and resolves
   */
  start(intervalMs: number): () => Promise<void>;
  /** a job was queued: start a pass now instead of at the next poll (no-op unless started) */
  wake(): void;
}

async function finish(deps: ImportWorkerDeps, job: ImportJobRow, failure?: string) {
  // the job's end and the seller's notice commit together (import-finished.ts)
  const done = await deps.db.transaction(async (tx) => {
    const ended = await finishJob(
      tx,
      job.id,
      job.attempts,
      failure ? { status: 'failed', failure } : { status: 'done' },
    );
    if (ended) await deps.onFinished(tx, ended);
    return ended;
  });
  if (!done) return;
  deps.logger.info(
    {
      importJob: job.id,
      status: done.status,
      created: done.createdRows,
      updated: done.updatedRows,
      errors: done.errorRows,
    },
    'product import finished',
  );
}

async function runOnce(deps: ImportWorkerDeps, stopping?: () => boolean): Promise<string | undefined> {
  const job = await claimJob(deps.db);
  if (!job) return undefined;
  if (job.attempts > IMPORT_MAX_ATTEMPTS) {
    await finish(
      deps,
      job,
      'The import stopped several times before it could finish. Please upload the file again.',
    );
    return job.id;
  }
  try {
    const outcome = await runImportJob(
      { db: deps.db, catalog: deps.catalog, batchRows: deps.batchRows ?? 100, stopping },
      job,
    );
    if (outcome === 'done') await finish(deps, job);
    // shutting down: the next worker (here after a restart, or another instance) goes on from the last batch
    if (outcome === 'stopped') await releaseJob(deps.db, job.id, job.attempts);
  } catch (err) {
    // the claim lapses and the job is taken up again (up to IMPORT_MAX_ATTEMPTS claims)
    deps.logger.error({ err, importJob: job.id }, 'product import interrupted');
  }
  return job.id;
}

export function createImportWorker(deps: ImportWorkerDeps): ImportWorker {
  let wakeUp: (() => void) | undefined;
  return {
    runOnce: () => runOnce(deps),
    wake: () => wakeUp?.(),
    start(intervalMs) {
      let pass: Promise<unknown> = Promise.resolve();
      let stopped = false;
      let timer: NodeJS.Timeout | undefined;
      let running = false;
      const tick = () => {
        clearTimeout(timer);
        if (running || stopped) return;
        running = true;
        // a pass that ran a job looks for the next one at once
        pass = runOnce(deps, () => stopped)
          .catch((err: unknown) => deps.logger.error({ err }, 'import worker pass failed'))
          .then((ran) => {
            running = false;
            if (!stopped) timer = setTimeout(tick, ran ? 0 : intervalMs);
          });
      };
      wakeUp = tick;
      timer = setTimeout(tick, 0);
      return async () => {
        stopped = true;
        wakeUp = undefined;
        clearTimeout(timer);
        await pass;
      };
    },
  };
}
