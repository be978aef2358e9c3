import { Router } from 'express';
import { desc, eq } from 'drizzle-orm';
import { endpoints as api, type BannerDto } from '@mp/shared';
import type { AppDeps } from '../../../context';
import { send } from '../../../lib/contract';
import { banners } from '../../../db/schema';
import { notFound, parse } from '../../../lib/errors';
import { requireRole } from '../../../lib/session';

const toBannerDto = (b: typeof banners.$inferSelect): BannerDto => ({
  _id: b.id,
  image: b.image,
  createdAt: b.createdAt.toISOString(),
});

export function createBannerRouter(deps: AppDeps): Router {
  const { db } = deps;
  const r = Router();
  const adminOnly = requireRole('admin');

  r.post('/common/banner/add', adminOnly, async (req, res) => {
    const { image } = parse(api.addBanner.body.schema, req.body);
    const [row] = await db.insert(banners).values({ image }).returning();
    send(res, api.addBanner, { message: 'Banner uploaded successfully!', data: toBannerDto(row!) });
  });

  r.get('/common/banner/get', async (_req, res) => {
    const rows = await db.select().from(banners).orderBy(desc(banners.createdAt), desc(banners.id));
    send(res, api.listBanners, { data: rows.map(toBannerDto) });
  });

  r.delete('/common/banner/delete/:id', adminOnly, async (req, res) => {
    const { id } = parse(api.deleteBanner.params, req.params);
    const [row] = await db.delete(banners).where(eq(banners.id, id)).returning();
    if (!row) throw notFound('Banner');
    send(res, api.deleteBanner, { message: 'Banner deleted successfully!', data: toBannerDto(row) });
  });

  return r;
}
