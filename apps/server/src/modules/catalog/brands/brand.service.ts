import type { AdminBrandDto, BrandUpdateInput } from '@mp/shared';
import type { Db } from '../../../db/client';
import type { ChangeFeed } from '../../../lib/change-feed';
import { addBrand, adminBrand, listForAdmin, updateBrand, type BrandAffected } from './brand-admin';
import type { BrandDirectory } from './brand-directory';
import { relabelProducts } from './brand-relabel';

export interface BrandServiceDeps {
  db: Db;
  /** told of every brand change (and of the products a merge or an acceptance moved), after the commit */
  changes: ChangeFeed;
  directory: BrandDirectory;
}

/** Above this many moved products, the caches are told "everything" instead of each id. */
const MOVED_IDS_MAX = 1000;

function publish(changes: ChangeFeed, affected: BrandAffected) {
  changes.publish({ type: 'brands' });
  if (affected.productIds.length) {
    const many = affected.productIds.length > MOVED_IDS_MAX;
    changes.publish({ type: 'products', ids: many ? [] : affected.productIds });
  }
}

async function add({ db, changes }: BrandServiceDeps, label: string): Promise<AdminBrandDto> {
  const id = await db.transaction((tx) => addBrand(tx, label));
  changes.publish({ type: 'brands' });
  return adminBrand(db, id);
}

async function update({ db, changes }: BrandServiceDeps, id: string, input: BrandUpdateInput) {
  const affected = await db.transaction((tx) => updateBrand(tx, id, input));
  publish(changes, affected);
  // a rename reaches search once its products carry the new label (brand-relabel.ts), then the caches are told
  if (input.label !== undefined && (await relabelProducts(db, id)) > 0) changes.publish({ type: 'brands' });
  return { data: await adminBrand(db, id), affected };
}

/**
 * Brands as data (docs/search-and-listing.md, "Brands"): the admin's list, add and change; the shop's list comes
 * from the directory. Product writes resolve their brand through brand-resolve.ts. Built once, in deps.ts.
 */
export function createBrandService(deps: BrandServiceDeps) {
  return {
    shopList: () => deps.directory.shopList(),
    /** a brand's label (in memory): the product page's title and structured data */
    label: (id: string) => deps.directory.label(id),
    listForAdmin: () => listForAdmin(deps.db),
    add: (label: string) => add(deps, label),
    /**
     * Rename, hide/show, accept or merge. `affected.released` names the sellers whose waiting products went live:
     * the "product brand accepted" notification is sent for those.
     */
    update: (id: string, input: BrandUpdateInput) => update(deps, id, input),
  };
}
export type BrandService = ReturnType<typeof createBrandService>;
