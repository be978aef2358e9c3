/**
 * Where uploaded files go. Local disk by default; Cloudinary when CLOUDINARY_URL is set.
 *
 * An adapter implements `save` (a file in memory). Two optional methods keep memory and disk bounded:
 * - `saveFile` stores a file that is on the local disk (a multipart upload streamed to a temporary file) by
 *   streaming it; without it the caller reads the file into memory and calls `save` (uploads are ≤ 5 MB).
 * - `remove` deletes a stored file by its key; the sweeper of uploads no record refers to needs it
 *   (docs/orders-and-stock.md, "Uploads"). Without it such files are only forgotten, not deleted.
 */
export interface StoredFile {
  /** what the API answers as result.url: an absolute URL or a path under /uploads/ */
  url: string;
  key: string;
}

export interface FileMeta {
  ext: string;
  mime: string;
  folder: string;
}

export interface FileStorage {
  readonly kind: 'local' | 'cloudinary';
  save(file: FileMeta & { buffer: Buffer }): Promise<StoredFile>;
  /** stores the file at `path` (read as a stream; the caller deletes `path` afterwards) */
  saveFile?(file: FileMeta & { path: string; size: number }): Promise<StoredFile>;
  /** deletes a stored file by the key `save` answered; a missing file is not an error */
  remove?(key: string): Promise<void>;
}
