/**
 * What happens when an import job ends (done or failed). The seller's "bulk upload finished" notice
 * (docs/catalogue-import.md) is raised from here.
 */
import type { ImportJobDto } from '@mp/shared';

export type FinishedImportJob = ImportJobDto & { sellerId: string };

export type ImportFinished = (job: FinishedImportJob) => Promise<void>;

/** Called once per job, after its final state is stored. NOTIFICATIONS: raise `import_finished` for job.sellerId here. */
export const importFinished: ImportFinished = () => Promise.resolve();
