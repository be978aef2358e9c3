import type { Router } from 'express';
import { endpoints as api, UPLOAD_FIELD } from '@mp/shared';
import type { AppDeps } from '../../../context';
import { AppError } from '../../../lib/errors';
import { contractRouter } from '../../../lib/route';
import { csvUpload } from '../../../lib/csv-upload';

/** Bulk product upload for approved sellers (docs/catalogue-import.md); the seller is always the session's. */
export function createImportRouter(deps: AppDeps): Router {
  const { router, route } = contractRouter(deps.db);
  const imports = deps.productImports;
  route(api.sellerImportProducts, csvUpload(imports.limits.maxBytes), async ({ req, reply }) => {
    const file = req.file;
    if (!file) throw new AppError(400, 'INVALID_CSV', `Attach the CSV file in the "${UPLOAD_FIELD}" field`);
    const data = await imports.queue(req.sellerId!, { name: file.originalname, bytes: file.buffer });
    reply({ message: `Import queued: ${data.totalRows} rows`, data }, 202);
  });
  route(api.sellerImportJobs, async ({ req, reply }) => {
    reply({ data: await imports.recent(req.sellerId!) });
  });
  route(api.sellerImportJob, async ({ req, params, query, reply }) => {
    const { job, pagination } = await imports.job(req.sellerId!, params.jobId, query);
    reply({ data: job, pagination });
  });
  return router;
}
