import type { Config } from '../../config/env';
import { createCloudinaryStorage, parseCloudinaryUrl } from './cloudinary-storage';
import { createLocalStorage } from './local-storage';
import type { FileStorage } from './storage';

export type { FileStorage, StoredFile } from './storage';

export function createStorage(
  config: Pick<Config, 'uploadDir' | 'cloudinaryUrl' | 'cloudinaryApiBase'>,
): FileStorage {
  if (config.cloudinaryUrl) {
    return createCloudinaryStorage(parseCloudinaryUrl(config.cloudinaryUrl, config.cloudinaryApiBase));
  }
  return createLocalStorage(config.uploadDir);
}
