/**
 * A seller's own store page settings (docs/seo-and-email.md, "Store pages"): the logo and the banner, uploaded
 * through the image pipeline (docs/images.md) with a minimum size each. The only writer of sellers.logo and
 * sellers.banner; every change is told on the change feed (the store pages drop their answers).
 */
import { eq } from 'drizzle-orm';
import { STORE_IMAGE_SIZES, type StoreImageKind, type StoreSettingsDto } from '@mp/shared';
import type { Request } from 'express';
import type { Db } from '../../db/client';
import { sellers } from '../../db/schema';
import type { ChangeFeed } from '../../lib/change-feed';
import { firstOr404, notFound } from '../../lib/errors';
import type { Logger } from '../../lib/logger';
import type { FileStorage } from '../../lib/storage/storage';
import { storeImageUpload } from '../../lib/upload';
import { deleteReplaced } from './replaced-images';

export interface StoreSettingsDeps {
  db: Db;
  storage: FileStorage;
  changes: ChangeFeed;
  /** a replaced image's files that could not be deleted are logged */
  logger: Logger;
}

const settingsColumns = {
  storeName: sellers.storename,
  slug: sellers.slug,
  logo: sellers.logo,
  banner: sellers.banner,
};

const settings = async ({ db }: StoreSettingsDeps, sellerId: string): Promise<StoreSettingsDto> =>
  firstOr404(
    await db.select(settingsColumns).from(sellers).where(eq(sellers.id, sellerId)).limit(1),
    'Seller',
  );

async function setImage(
  deps: StoreSettingsDeps,
  sellerId: string,
  kind: StoreImageKind,
  url: string | null,
): Promise<StoreSettingsDto> {
  const { row, old } = await deps.db.transaction(async (tx) => {
    const [before] = await tx
      .select({ image: sellers[kind] })
      .from(sellers)
      .where(eq(sellers.id, sellerId))
      .for('update');
    const [after] = await tx
      .update(sellers)
      .set({ [kind]: url, updatedAt: new Date() })
      .where(eq(sellers.id, sellerId))
      .returning(settingsColumns);
    return { row: after, old: before?.image };
  });
  if (!row) throw notFound('Seller');
  deps.changes.publish({ type: 'stores' });
  // after the commit: the page no longer shows the old picture (replaced-images.ts)
  if (old && old !== url) await deleteReplaced(deps, old);
  return row;
}

/** Stores the request's file as the store's logo or banner (checked and processed first) and saves its URL. */
async function uploadImage(
  deps: StoreSettingsDeps,
  req: Request,
  sellerId: string,
  kind: StoreImageKind,
): Promise<StoreSettingsDto> {
  const image = await storeImageUpload(req, deps.storage, {
    folder: 'stores',
    minSize: STORE_IMAGE_SIZES[kind].min,
  });
  return setImage(deps, sellerId, kind, image.url);
}

export function createStoreSettings(deps: StoreSettingsDeps) {
  return {
    settings: (sellerId: string) => settings(deps, sellerId),
    uploadImage: (req: Request, sellerId: string, kind: StoreImageKind) =>
      uploadImage(deps, req, sellerId, kind),
    removeImage: (sellerId: string, kind: StoreImageKind) => setImage(deps, sellerId, kind, null),
  };
}
export type StoreSettings = ReturnType<typeof createStoreSettings>;
