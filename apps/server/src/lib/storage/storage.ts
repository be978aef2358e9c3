/**
 * Where uploaded files go: local disk by default, Cloudinary or S3-compatible object storage when configured.
 *
 * An adapter implements `save` (a file in memory). Optional methods keep memory and disk bounded and files shared:
 * - `saveFile` stores a file that is on the local disk (a multipart upload streamed to a temporary file) by
 *   streaming it; without it the caller reads the file into memory and calls `save` (uploads are ≤ 5 MB).
 * - `remove` deletes a stored file by its key; the sweeper of uploads no record refers to needs it
 *   (docs/orders-and-stock.md, "Uploads"). Without it such files are only forgotten, not deleted.
 * - `serve` answers GET /uploads/<key> when the files do not sit on this instance's disk (S3 without a public
 *   URL), so any instance serves a file uploaded through another (docs/operations.md). Unset: the app serves
 *   UPLOAD_DIR itself.
 */
import type { RequestHandler } from 'express';

export interface StoredFile {
  /** what the API answers as result.url: an absolute URL or a path under /uploads/ */
  url: string;
  key: string;
}

export interface FileMeta {
  ext: string;
  mime: string;
  folder: string;
  /** the stored name without extension (letters, digits, `_`, `-`); unset: a random uuid. Image variants share a
   * name stem so their URLs follow from the main one (docs/images.md). */
  name?: string;
}

export interface FileStorage {
  readonly kind: 'local' | 'cloudinary' | 's3';
  save(file: FileMeta & { buffer: Buffer }): Promise<StoredFile>;
  /** stores the file at `path` (read as a stream; the caller deletes `path` afterwards) */
  saveFile?(file: FileMeta & { path: string; size: number }): Promise<StoredFile>;
  /** deletes a stored file by the key `save` answered; a missing file is not an error */
  remove?(key: string): Promise<void>;
  readonly serve?: RequestHandler;
}

/** Folder names come from code, but stay a single safe path segment whatever a caller passes. */
export const safeFolder = (folder: string) => folder.replace(/[^a-z0-9-]/gi, '');

/** the stored file name: the caller's name (made safe) or a random uuid, and the extension */
export const fileName = (meta: Pick<FileMeta, 'ext' | 'name'>, random: () => string) =>
  `${meta.name?.replace(/[^a-z0-9_-]/gi, '') || random()}.${meta.ext.replace(/[^a-z0-9]/gi, '')}`;

/** keys handed out by the disk and S3 adapters: folder/name.ext */
export const STORED_KEY = /^[a-z0-9-]+\/[0-9a-f-]{36}(_\d+x\d+(_w\d+)?)?\.[a-z0-9]{2,5}$/i;
