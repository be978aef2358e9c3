/**
 * What happens when an import job ends (done or failed): the seller is told, in the transaction that stores the
 * job's final state (docs/catalogue-import.md; docs/seo-and-email.md, "Seller notifications").
 */
import type { ImportJobDto } from '@mp/shared';
import type { DbOrTx } from '../../../db/client';
import { notifySeller } from '../../notifications';

export type FinishedImportJob = ImportJobDto & { sellerId: string };

export type ImportFinished = (tx: DbOrTx, job: FinishedImportJob) => Promise<void>;

/** Called once per job, inside the transaction that ends it: the seller's `import_finished` notice. */
export const importFinished: ImportFinished = (tx, job) =>
  notifySeller(
    tx,
    job.sellerId,
    'import_finished',
    { jobId: job._id, created: job.createdRows, updated: job.updatedRows, failed: job.errorRows },
    `seller-import-finished:${job._id}`,
  );
