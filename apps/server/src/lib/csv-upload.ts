/**
 * A CSV file in the multipart field `my_file`, held in memory (product imports, docs/catalogue-import.md; COD
 * remittances, docs/money.md): over the limit is 413; a body busboy cannot parse is a 400 (not a 500).
 */
import type { RequestHandler } from 'express';
import multer from 'multer';
import { UPLOAD_FIELD } from '@mp/shared';
import { AppError } from './errors';

export function csvUpload(maxBytes: number): RequestHandler {
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
