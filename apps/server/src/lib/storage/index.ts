import type { Config } from '../../config/env';
import { createCloudinaryStorage, parseCloudinaryUrl } from './cloudinary-storage';
import { createLocalStorage } from './local-storage';
import { createS3Storage } from './s3-storage';
import type { FileStorage } from './storage';

export type { FileStorage, StoredFile } from './storage';

export function createStorage(
  config: Pick<Config, 'uploadDir' | 'cloudinaryUrl' | 'cloudinaryApiBase' | 's3'>,
): FileStorage {
  if (config.s3) return createS3Storage(config.s3);
  if (config.cloudinaryUrl) {
    return createCloudinaryStorage(parseCloudinaryUrl(config.cloudinaryUrl, config.cloudinaryApiBase));
  }
  return createLocalStorage(config.uploadDir);
}
