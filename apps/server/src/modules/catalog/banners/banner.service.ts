import { desc, eq } from 'drizzle-orm';
import type { BannerDto, BannerInput } from '@mp/shared';
import type { Db } from '../../../db/client';
import { banners } from '../../../db/schema';
import type { ChangeFeed } from '../../../lib/change-feed';
import { notFound } from '../../../lib/errors';
import { pick } from '../../../lib/pick';

type BannerRow = typeof banners.$inferSelect;

const toBannerDto = (b: BannerRow): BannerDto => ({
  _id: b.id,
  ...pick(b, ['image', 'mobileImage', 'title', 'subtitle', 'ctaLabel', 'ctaLink']),
  createdAt: b.createdAt.toISOString(),
});

/**
 * Home page banners: the only writer of the banners table; every change is told on the change feed. The list
 * (home's API call and its server HTML, on every visit) is kept in memory and read again after a change from any
 * instance, or after `forget` (a change feed that missed messages). Built once, in deps.ts.
 */
export function createBannerService({ db, changes }: { db: Db; changes: ChangeFeed }) {
  let cached: Promise<BannerDto[]> | undefined;
  const forget = () => {
    cached = undefined;
  };
  changes.subscribe((c) => {
    if (c.type === 'banners') forget();
  });
  return {
    forget,

    async add(input: BannerInput): Promise<BannerDto> {
      const [row] = await db
        .insert(banners)
        .values({
          image: input.image,
          mobileImage: input.mobileImage ?? null,
          title: input.title,
          subtitle: input.subtitle,
          ctaLabel: input.ctaLabel,
          ctaLink: input.ctaLink,
        })
        .returning();
      changes.publish({ type: 'banners' });
      return toBannerDto(row!);
    },

    /** Newest first; every caller shares the same read until the next change. */
    list(): Promise<BannerDto[]> {
      if (cached) return cached;
      const loading = db
        .select()
        .from(banners)
        .orderBy(desc(banners.createdAt), desc(banners.id))
        .then((rows) => rows.map(toBannerDto));
      cached = loading;
      // a failed read is not kept: the next visit tries again
      loading.catch(() => {
        if (cached === loading) forget();
      });
      return loading;
    },

    async remove(id: string): Promise<BannerDto> {
      const [row] = await db.delete(banners).where(eq(banners.id, id)).returning();
      if (!row) throw notFound('Banner');
      changes.publish({ type: 'banners' });
      return toBannerDto(row);
    },
  };
}
export type BannerService = ReturnType<typeof createBannerService>;
