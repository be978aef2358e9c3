import { asc } from 'drizzle-orm';
import { brandLabel, type BrandDto } from '@mp/shared';
import type { Db } from '../../../db/client';
import { brands } from '../../../db/schema';
import type { ChangeFeed } from '../../../lib/change-feed';

export interface DirectoryBrand {
  id: string;
  label: string;
  status: 'active' | 'hidden' | 'pending';
  mergedInto: string | null;
}

/**
 * Every brand's label and status, kept in memory (a few hundred rows) and read again after a `brands` change from
 * any instance (docs/search-and-listing.md, "Brands"). The shop's brand list, its filter labels and the search
 * box's suggestions read this; the brands module is its only writer.
 */
export function createBrandDirectory({ db, changes }: { db: Db; changes: ChangeFeed }) {
  let cached: Promise<Map<string, DirectoryBrand>> | undefined;
  const forget = () => {
    cached = undefined;
  };
  const unsubscribe = changes.subscribe((c) => {
    if (c.type === 'brands') forget();
  });

  function all(): Promise<Map<string, DirectoryBrand>> {
    if (cached) return cached;
    const loading = db
      .select({ id: brands.id, label: brands.label, status: brands.status, mergedInto: brands.mergedInto })
      .from(brands)
      .orderBy(asc(brands.label))
      .then((rows) => new Map(rows.map((b) => [b.id, b])));
    cached = loading;
    // a failed read is not kept: the next call tries again
    loading.catch(() => {
      if (cached === loading) forget();
    });
    return loading;
  }

  return {
    forget,
    /**
     * GET /api/shop/brands: the active brands by label, then the hidden ones marked `hidden` (their products
     * still show and need a label; filters and suggestions leave them out).
     */
    async shopList(): Promise<BrandDto[]> {
      const listed = [...(await all()).values()].filter((b) => !b.mergedInto && b.status !== 'pending');
      return listed.map((b) =>
        b.status === 'hidden' ? { id: b.id, label: b.label, hidden: true } : { id: b.id, label: b.label },
      );
    },
    /** the brands offered in suggestions: active, not merged */
    async offered(): Promise<{ id: string; label: string }[]> {
      return [...(await all()).values()]
        .filter((b) => b.status === 'active' && !b.mergedInto)
        .map((b) => ({ id: b.id, label: b.label }));
    },
    /** a brand's label, or the seed label / the id when the table has no such brand */
    async label(id: string): Promise<string> {
      return (await all()).get(id)?.label ?? brandLabel(id);
    },
    close: unsubscribe,
  };
}
export type BrandDirectory = ReturnType<typeof createBrandDirectory>;
