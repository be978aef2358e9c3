import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { responsiveImage, storeDtoSchema, storeSlug } from '@mp/shared';
import { createTestContext } from '../../../../test/app';
import { sellers } from '../../../db/schema';
import { createLocalChangeFeed } from '../../../lib/change-feed';
import { createLogger } from '../../../lib/logger';
import { createStoreSettings } from '../store-settings';
import { insertProducts, jpegBytes, pdfBytes } from '../../catalog/__tests__/catalog-fixtures';
import { sellerBody } from '../../sellers/__tests__/helpers';

const ctx = await createTestContext();
const admin = await ctx.loginAs('admin');
const shopper = await ctx.loginAs('user');

async function register(storename: string) {
  const agent = ctx.anon();
  const res = await agent.post('/api/auth/seller/register-seller').send(sellerBody({ storename }));
  expect(res.status).toBe(201);
  const sellerId = res.body.seller._id as string;
  const [row] = await ctx.db.select({ slug: sellers.slug }).from(sellers).where(eq(sellers.id, sellerId));
  return { agent, sellerId, slug: row!.slug };
}

async function approve(sellerId: string) {
  const res = await admin.agent
    .put(`/api/auth/sellerlist/update/${sellerId}`)
    .send({ approvalstatus: 'approved' });
  expect(res.status).toBe(200);
}

describe('store addresses', () => {
  it('when sellers register, then each gets the slug of its name, a number on a clash', async () => {
    const a = await register('Banaras Silk House');
    const b = await register('Banaras  Silk  House!');
    const c = await register('Banaras Silk House');
    expect([a.slug, b.slug, c.slug]).toEqual([
      'banaras-silk-house',
      'banaras-silk-house-2',
      'banaras-silk-house-3',
    ]);
    expect(storeSlug('Café Déjà Vu')).toBe('cafe-deja-vu');
    expect(storeSlug('हथकरघा')).toBe('store');
  });

  it('when the migration backfills existing sellers, then every one gets a unique slug from its name', async () => {
    const file = path.join(import.meta.dirname, '../../../../drizzle/0017_catalogue_for_sellers.sql');
    // the migration's hand-written part that fills sellers.slug
    const backfill = readFileSync(file, 'utf8')
      .split('-- hand-written (carry over on merge)')
      .find((part) => part.includes('SET slug'))!;
    const made = await Promise.all([1, 2, 3].map(() => ctx.loginAsSeller('approved')));
    await ctx.db
      .update(sellers)
      .set({ storename: 'Old Town Crafts' })
      .where(
        sql`${sellers.id} in (${sql.join(
          made.map((m) => sql`${m.sellerId}::uuid`),
          sql`, `,
        )})`,
      );
    await ctx.db.execute(sql.raw(backfill));
    const rows = await ctx.db.select({ id: sellers.id, slug: sellers.slug }).from(sellers);
    expect(new Set(rows.map((r) => r.slug)).size).toBe(rows.length);
    const mine = rows.filter((r) => made.some((m) => m.sellerId === r.id)).map((r) => r.slug);
    expect(mine.filter((s) => s === 'old-town-crafts')).toHaveLength(1);
    expect(mine.every((s) => /^old-town-crafts(-[0-9a-f]{8})?$/.test(s))).toBe(true);
    expect(rows.find((r) => r.slug === 'banaras-silk-house')).toBeDefined();
  });
});

describe('GET /api/shop/store/{slug}', () => {
  it('when a store is approved, then its name, seller since, rating from its live products and count', async () => {
    const s = await register('Rating Test Store');
    await approve(s.sellerId);
    await insertProducts(ctx.db, [
      { sellerId: s.sellerId, ratingSum: 9, reviewCount: 2 },
      { sellerId: s.sellerId, ratingSum: 5, reviewCount: 1 },
      { sellerId: s.sellerId },
      { sellerId: s.sellerId, ratingSum: 1, reviewCount: 1, deleted: true },
      { ratingSum: 2, reviewCount: 1 },
    ]);
    const res = await ctx.anon().get(`/api/shop/store/${s.slug}`);
    expect(res.status).toBe(200);
    const store = storeDtoSchema.parse(res.body.data);
    expect(store).toMatchObject({
      _id: s.sellerId,
      slug: 'rating-test-store',
      storeName: 'Rating Test Store',
      logo: null,
      banner: null,
      averageReview: 4.7,
      reviewCount: 3,
      productCount: 3,
    });
    expect(Date.now() - Date.parse(store.sellerSince)).toBeLessThan(60_000);
  });

  it('when a shopper reviews one of its products, then the store rating follows at once', async () => {
    const s = await register('Review Follow Store');
    await approve(s.sellerId);
    const [id] = await insertProducts(ctx.db, [{ sellerId: s.sellerId }]);
    const before = await ctx.anon().get(`/api/shop/store/${s.slug}`);
    expect(before.body.data).toMatchObject({ averageReview: 0, reviewCount: 0 });
    const review = await shopper.agent
      .post('/api/shop/review/add')
      .send({ productId: id, reviewMessage: 'Lovely weave', reviewVal: 5 });
    expect(review.status).toBe(201);
    const after = await ctx.anon().get(`/api/shop/store/${s.slug}`);
    expect(after.body.data).toMatchObject({ averageReview: 5, reviewCount: 1, productCount: 1 });
  });

  it('when the address is unknown, pending or rejected, then 404 STORE_NOT_FOUND', async () => {
    const unknown = await ctx.anon().get('/api/shop/store/no-such-store');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ success: false, code: 'STORE_NOT_FOUND' });
    const pending = await register('Pending Looms');
    expect((await ctx.anon().get(`/api/shop/store/${pending.slug}`)).body.code).toBe('STORE_NOT_FOUND');
    // approved, shown, then rejected: the cached answer goes with the decision
    await approve(pending.sellerId);
    expect((await ctx.anon().get(`/api/shop/store/${pending.slug}`)).status).toBe(200);
    await admin.agent
      .put(`/api/auth/sellerlist/update/${pending.sellerId}`)
      .send({ approvalstatus: 'rejected' });
    expect((await ctx.anon().get(`/api/shop/store/${pending.slug}`)).status).toBe(404);
  });

  it('when the address is malformed, then 400; when it is the seller id of an older link, then the store', async () => {
    const bad = await ctx.anon().get('/api/shop/store/not%20a%20slug');
    expect(bad.status).toBe(400);
    const s = await register('Old Link Store');
    await approve(s.sellerId);
    const byId = await ctx.anon().get(`/api/shop/store/${s.sellerId}`);
    expect(byId.status).toBe(200);
    expect(byId.body.data.slug).toBe('old-link-store');
  });

  it('when a product detail is read, then it carries the store slug (null for the marketplace)', async () => {
    const s = await register('Detail Slug Store');
    await approve(s.sellerId);
    const [own, marketplace] = await insertProducts(ctx.db, [{ sellerId: s.sellerId }, {}]);
    const a = await ctx.anon().get(`/api/shop/products/get/${own}`);
    expect(a.body.data).toMatchObject({ storeName: 'Detail Slug Store', storeSlug: 'detail-slug-store' });
    const b = await ctx.anon().get(`/api/shop/products/get/${marketplace}`);
    expect(b.body.data).toMatchObject({ storeName: null, storeSlug: null });
  });
});

describe('the seller store settings', () => {
  it('when an approved seller uploads a logo and a banner, then the store page shows them', async () => {
    const s = await register('Picture Store');
    await approve(s.sellerId);
    const settings = await s.agent.get('/api/seller/store');
    expect(settings.body.data).toEqual({
      storeName: 'Picture Store',
      slug: 'picture-store',
      logo: null,
      banner: null,
    });
    const logo = await s.agent
      .post('/api/seller/store/images/logo')
      .attach('my_file', await jpegBytes(200, 200), 'logo.jpg');
    expect(logo.status).toBe(201);
    expect(logo.body.data.logo).toMatch(/^\/uploads\/stores\/[\w-]+_200x200\.jpg$/);
    const banner = await s.agent
      .post('/api/seller/store/images/banner')
      .attach('my_file', await jpegBytes(1600, 400), 'banner.jpg');
    expect(banner.status).toBe(201);
    // stored at most 1280 wide, like every pipeline image
    expect(banner.body.data.banner).toMatch(/_1280x320\.jpg$/);
    const page = await ctx.anon().get(`/api/shop/store/${s.slug}`);
    expect(page.body.data).toMatchObject({ logo: logo.body.data.logo, banner: banner.body.data.banner });

    const removed = await s.agent.delete('/api/seller/store/images/logo');
    expect(removed.body.data.logo).toBeNull();
    expect((await ctx.anon().get(`/api/shop/store/${s.slug}`)).body.data.logo).toBeNull();
  });

  it('when a logo is replaced or removed, then the old picture and its variants leave storage after the save', async () => {
    const s = await register('Replacing Store');
    await approve(s.sellerId);
    const upload = async (w: number) => {
      const res = await s.agent
        .post('/api/seller/store/images/logo')
        .attach('my_file', await jpegBytes(w, w), 'logo.jpg');
      expect(res.status).toBe(201);
      return res.body.data.logo as string;
    };
    const filesOf = (url: string) =>
      [url, ...responsiveImage(url).variants.map((v) => v.url)].map((u) =>
        path.join(ctx.config.uploadDir, u.replace(/^\/uploads\//, '')),
      );
    const first = await upload(300);
    expect(filesOf(first).length).toBeGreaterThan(1);
    expect(filesOf(first).every((f) => existsSync(f))).toBe(true);

    const second = await upload(400);
    expect(filesOf(first).some((f) => existsSync(f))).toBe(false);
    expect(filesOf(second).every((f) => existsSync(f))).toBe(true);

    await s.agent.delete('/api/seller/store/images/logo');
    expect(filesOf(second).some((f) => existsSync(f))).toBe(false);
  });

  it('when deleting a replaced picture fails, then the save still succeeds and the failure is logged', async () => {
    const s = await register('Stubborn Storage Store');
    await approve(s.sellerId);
    await ctx.db
      .update(sellers)
      .set({ banner: '/uploads/stores/' + randomUUID() + '_1280x320.jpg' })
      .where(eq(sellers.id, s.sellerId));
    const warned: unknown[] = [];
    const settings = createStoreSettings({
      db: ctx.db,
      changes: createLocalChangeFeed(createLogger('silent')),
      storage: { ...ctx.deps.storage, remove: () => Promise.reject(new Error('bucket unreachable')) },
      logger: { ...createLogger('silent'), warn: (...args: unknown[]) => void warned.push(args) } as never,
    });
    const saved = await settings.removeImage(s.sellerId, 'banner');
    expect(saved.banner).toBeNull();
    expect(warned.length).toBeGreaterThan(0);
  });

  it('when the file is not an image, too small, or the kind unknown, then 4xx and nothing changes', async () => {
    const s = await ctx.loginAsSeller('approved');
    const pdf = await s.agent.post('/api/seller/store/images/logo').attach('my_file', pdfBytes(), 'a.pdf');
    expect(pdf.status).toBe(400);
    expect(pdf.body.code).toBe('UNSUPPORTED_FILE');
    const tiny = await s.agent
      .post('/api/seller/store/images/logo')
      .attach('my_file', await jpegBytes(32, 32), 'tiny.jpg');
    expect(tiny.status).toBe(422);
    expect(tiny.body).toMatchObject({ code: 'IMAGE_TOO_SMALL', details: { width: 32, height: 32 } });
    const narrow = await s.agent
      .post('/api/seller/store/images/banner')
      .attach('my_file', await jpegBytes(400, 400), 'narrow.jpg');
    expect(narrow.status).toBe(422);
    const kind = await s.agent
      .post('/api/seller/store/images/cover')
      .attach('my_file', await jpegBytes(200, 200), 'x.jpg');
    expect(kind.status).toBe(400);
    const none = await s.agent.post('/api/seller/store/images/logo').field('x', '1');
    expect(none.status).toBe(400);
    const [row] = await ctx.db
      .select({ logo: sellers.logo, banner: sellers.banner })
      .from(sellers)
      .where(eq(sellers.id, s.sellerId));
    expect(row).toEqual({ logo: null, banner: null });
  });

  it('when a shopper or a pending seller calls, then 403; anonymous, 401', async () => {
    const pending = await ctx.loginAsSeller('pending');
    expect((await pending.agent.get('/api/seller/store')).status).toBe(403);
    expect((await shopper.agent.get('/api/seller/store')).status).toBe(403);
    expect((await ctx.anon().get('/api/seller/store')).status).toBe(401);
    const upload = await shopper.agent
      .post('/api/seller/store/images/logo')
      .attach('my_file', await jpegBytes(200, 200), 'logo.jpg');
    expect(upload.status).toBe(403);
  });
});
