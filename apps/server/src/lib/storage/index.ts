import type { Config } from '../../config/env';
import { createLocalStorage } from './local-storage';
import type { FileStorage } from './storage';

export type { FileStorage, StoredFile } from './storage';

export function createStorage(
  config: Pick<Config, 'uploadDir' | 'cloudinaryUrl' | 'cloudinaryApiBase'>,
): FileStorage {
  return createLocalStorage(config.uploadDir);
}
