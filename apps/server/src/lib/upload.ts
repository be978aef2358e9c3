/**
 * multipart `my_file` uploads: ≤ 5 MB, streamed by multer to a temporary file (never whole in memory), checked by
 * content, then stored through the FileStorage (streamed when the adapter has `saveFile`). The temporary file is
 * deleted when the response ends, whatever happened.
 */
import { mkdirSync } from 'node:fs';
import { open, readFile, unlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Request, RequestHandler } from 'express';
import multer from 'multer';
import { LIMITS, UPLOAD_FIELD, type UploadedImage } from '@mp/shared';
import { AppError } from './errors';
import { storeImage } from './images';
import { detectFileKind, type FileKind } from './storage/file-kind';
import type { FileStorage, StoredFile } from './storage/storage';

const TEMP_DIR = path.join(tmpdir(), 'haat-uploads');

const multerSingle = multer({
  storage: multer.diskStorage({
    destination: (_req, _file, cb) => {
      try {
        mkdirSync(TEMP_DIR, { recursive: true });
        cb(null, TEMP_DIR);
      } catch (err) {
        cb(err as Error, TEMP_DIR);
      }
    },
  }),
  limits: { fileSize: LIMITS.uploadMaxBytes, files: 1, fields: 10 },
}).single(UPLOAD_FIELD);

const removeTemp = (file: string) => unlink(file).catch(() => undefined);

/** multer; its limit errors go on to the error middleware, a body busboy cannot parse is a 400 (not a 500). */
export const singleFileUpload: RequestHandler = (req, res, next) => {
  multerSingle(req, res, (err?: unknown) => {
    // multer removes a partial file itself on its errors; a complete one goes when the response ends
    const file = req.file?.path;
    if (file) res.on('close', () => void removeTemp(file));
    if (!err || err instanceof multer.MulterError) return next(err);
    next(new AppError(400, 'VALIDATION_FAILED', 'Malformed multipart/form-data body'));
  });
};

async function firstBytes(file: string, n = 16): Promise<Buffer> {
  const handle = await open(file, 'r');
  try {
    const buf = Buffer.alloc(n);
    const { bytesRead } = await handle.read(buf, 0, n, 0);
    return buf.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** an image upload (products, banners) through the image pipeline: variants, no metadata (docs/images.md) */
export async function storeImageUpload(
  req: Request,
  storage: FileStorage,
  opts: { folder: string; minSize?: { width: number; height: number } },
): Promise<UploadedImage> {
  const file = req.file;
  if (!file) throw new AppError(400, 'VALIDATION_FAILED', `Attach a file in the "${UPLOAD_FIELD}" field`);
  const kind = detectFileKind(await firstBytes(file.path));
  if (!kind?.image) {
    throw new AppError(400, 'UNSUPPORTED_FILE', 'Unsupported file: upload a PNG, JPEG, GIF or WebP image');
  }
  return storeImage(storage, { path: file.path }, opts);
}

export async function storeUpload(
  req: Request,
  storage: FileStorage,
  opts: { folder: string; allowPdf?: boolean },
): Promise<StoredFile & { kind: FileKind; size: number }> {
  const file = req.file;
  if (!file) throw new AppError(400, 'VALIDATION_FAILED', `Attach a file in the "${UPLOAD_FIELD}" field`);
  const kind = detectFileKind(await firstBytes(file.path));
  const allowed = opts.allowPdf ? 'a PNG, JPEG, GIF, WebP or PDF file' : 'a PNG, JPEG, GIF or WebP image';
  if (!kind || (!kind.image && !opts.allowPdf)) {
    throw new AppError(400, 'UNSUPPORTED_FILE', `Unsupported file: upload ${allowed}`);
  }
  const meta = { ext: kind.ext, mime: kind.mime, folder: opts.folder };
  const stored = storage.saveFile
    ? await storage.saveFile({ ...meta, path: file.path, size: file.size })
    : await storage.save({ ...meta, buffer: await readFile(file.path) });
  return { ...stored, kind, size: file.size };
}
