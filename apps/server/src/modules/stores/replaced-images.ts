/**
 * A store's replaced or removed logo and banner leave storage (docs/seo-and-email.md, "Store pages"): after the
 * save commits, every file of the old image (the main picture and its width and format variants) is deleted. A
 * failed delete is logged and never fails the save: the worst case is a forgotten file, never a lost picture.
 */
import { responsiveImage } from '@mp/shared';
import type { Logger } from '../../lib/logger';
import { STORED_KEY, type FileStorage } from '../../lib/storage/storage';

/**
 * The storage keys of a stored image and its variants: on disk and S3 the URL's last two segments (folder/name),
 * on Cloudinary its public id (one asset; the variants are transformations of it).
 */
export function storedKeysOf(url: string, kind: FileStorage['kind']): string[] {
  if (kind === 'cloudinary') {
    const publicId = /\/upload\/(?:v\d+\/)?(.+)\.[a-z0-9]+$/i.exec(
      new URL(url, 'http://local').pathname,
    )?.[1];
    return publicId ? [publicId] : [];
  }
  const urls = [url, ...responsiveImage(url).variants.map((v) => v.url)];
  const keys = urls.map((u) => new URL(u, 'http://local').pathname.split('/').slice(-2).join('/'));
  return [...new Set(keys)].filter((k) => STORED_KEY.test(k));
}

/** Deletes the files of an image the store no longer shows; answers how many deletes failed. */
export async function deleteReplaced(
  deps: { storage: FileStorage; logger: Logger },
  url: string,
): Promise<number> {
  const { storage, logger } = deps;
  if (!storage.remove) return 0;
  let failed = 0;
  for (const key of storedKeysOf(url, storage.kind)) {
    try {
      await storage.remove(key);
    } catch (err) {
      failed++;
      logger.warn({ err, key }, 'a replaced store image could not be deleted from storage');
    }
  }
  return failed;
}
