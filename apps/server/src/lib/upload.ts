/** multipart `my_file` uploads: ≤ 5 MB, checked by content, stored through the FileStorage. */
import type { Request, RequestHandler } from 'express';
import multer from 'multer';
import { LIMITS } from '@mp/shared';
import { AppError } from './errors';
import { detectFileKind, type FileKind } from './storage/file-kind';
import type { FileStorage, StoredFile } from './storage/storage';

export const UPLOAD_FIELD = 'my_file';

const multerSingle = multer({
  storage: multer.memoryStorage(),
  limits: { fileSize: LIMITS.uploadMaxBytes, files: 1, fields: 10 },
}).single(UPLOAD_FIELD);

/** multer; its limit errors go on to the error middleware, a body busboy cannot parse is a 400 (not a 500). */
export const singleFileUpload: RequestHandler = (req, res, next) => {
  multerSingle(req, res, (err?: unknown) => {
    if (!err || err instanceof multer.MulterError) return next(err);
    next(new AppError(400, 'VALIDATION_FAILED', 'Malformed multipart/form-data body'));
  });
};

export async function storeUpload(
  req: Request,
  storage: FileStorage,
  opts: { folder: string; allowPdf?: boolean },
): Promise<StoredFile & { kind: FileKind }> {
  const file = req.file;
  if (!file) throw new AppError(400, 'VALIDATION_FAILED', `Attach a file in the "${UPLOAD_FIELD}" field`);
  const kind = detectFileKind(file.buffer);
  const allowed = opts.allowPdf ? 'a PNG, JPEG, GIF, WebP or PDF file' : 'a PNG, JPEG, GIF or WebP image';
  if (!kind || (!kind.image && !opts.allowPdf)) {
    throw new AppError(400, 'UNSUPPORTED_FILE', `Unsupported file: upload ${allowed}`);
  }
  const stored = await storage.save({
    buffer: file.buffer,
    ext: kind.ext,
    mime: kind.mime,
    folder: opts.folder,
  });
  return { ...stored, kind };
}
