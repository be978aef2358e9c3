/** Store pages (docs/seo-and-email.md, "Store pages"): the public answer and the seller's own settings. */
import type { Db } from '../../db/client';
import type { ChangeFeed } from '../../lib/change-feed';
import type { Logger } from '../../lib/logger';
import type { FileStorage } from '../../lib/storage/storage';
import { createStorePages } from './store-page';
import { createStoreSettings } from './store-settings';

export { createStoreRouter } from './store.routes';

export function createStores(deps: {
  db: Db;
  /** where the public page's read goes (the catalogue reader) */
  reader: () => Db;
  storage: FileStorage;
  changes: ChangeFeed;
  logger: Logger;
}) {
  return {
    pages: createStorePages({ db: deps.reader, changes: deps.changes }),
    settings: createStoreSettings(deps),
  };
}
export type Stores = ReturnType<typeof createStores>;
