/** Where uploaded files go. Local disk by default; Cloudinary when CLOUDINARY_URL is set. */
export interface StoredFile {
  /** what the API answers as result.url: an absolute URL or a path under /uploads/ */
  url: string;
  key: string;
}

export interface FileStorage {
  readonly kind: 'local' | 'cloudinary';
  save(file: { buffer: Buffer; ext: string; mime: string; folder: string }): Promise<StoredFile>;
}
