import type { RequestHandler, Router } from 'express';
import multer from 'multer';
import { endpoints as api, UPLOAD_FIELD } from '@mp/shared';
import type { AppDeps } from '../../../context';
import { AppError } from '../../../lib/errors';
import { contractRouter } from '../../../lib/route';

/** The CSV in `my_file`, held in memory (it is kept in the database anyway): over the limit is 413. */
function csvUpload(maxBytes: number): RequestHandler {
  const single = multer({
    storage: multer.memoryStorage(),
    limits: { fileSize: maxBytes, files: 1, fields: 10 },
  }).single(UPLOAD_FIELD);
  const mb = Math.round((maxBytes / 1024 / 1024) * 10) / 10;
  return (req, res, next) => {
    single(req, res, (err?: unknown) => {
      if (err instanceof multer.MulterError && err.code === 'LIMIT_FILE_SIZE') {
        return next(
          new AppError(
            413,
            'PAYLOAD_TOO_LARGE',
            `This file is over ${mb} MB. Split it and upload each part.`,
            undefined,
            {
              maxBytes,
            },
          ),
        );
      }
      if (!err || err instanceof multer.MulterError) return next(err);
      next(new AppError(400, 'VALIDATION_FAILED', 'Malformed multipart/form-data body'));
    });
  };
}

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
