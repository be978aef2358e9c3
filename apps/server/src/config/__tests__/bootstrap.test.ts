import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { verify } from '@node-rs/argon2';
import { count, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { BRANDS, CATEGORY_IDS } from '@mp/shared';
import { loadConfig } from '../env';
import { banners, products, returns, reviews, sellers, users } from '../../db/schema';
import type { Db } from '../../db/client';
import { createLogger } from '../../lib/logger';
import { createStorage } from '../../lib/storage';
import { bootstrapData } from '../../seed/bootstrap';
import { createTestDatabase } from '../../../test/db';

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const c of cleanups) await c();
});

/** A fresh empty migrated database and a temp upload dir, with bootstrapData bound to an environment. */
async function setup(env: Record<string, string>) {
  const uploadDir = mkdtempSync(path.join(tmpdir(), 'mp-boot-'));
  const database = await createTestDatabase();
  cleanups.push(
    () => database.close(),
    () => rmSync(uploadDir, { recursive: true, force: true }),
  );
  const config = loadConfig({
    PASSWORD_HASH_MEMORY_KIB: '1024',
    LOG_LEVEL: 'silent',
    UPLOAD_DIR: uploadDir,
    ...env,
  });
  const run = () =>
    bootstrapData({
      config,
      db: database.db,
      logger: createLogger('silent'),
      storage: createStorage(config),
    });
  return { db: database.db, uploadDir, run };
}

const countOf = async (db: Db, table: typeof users | typeof products | typeof banners | typeof reviews) =>
  (await db.select({ n: count() }).from(table))[0]!.n;

const ADMIN = { ADMIN_EMAIL: 'Boss@Haat.Example', ADMIN_PASSWORD: 'admin-pass-123' };

describe('bootstrapData on an empty database (development)', async () => {
  const { db, uploadDir, run } = await setup({ NODE_ENV: 'development', ...ADMIN });
  await run();

  it('when ADMIN_EMAIL/ADMIN_PASSWORD are set, then that admin exists and is the only admin', async () => {
    const admins = await db.select().from(users).where(eq(users.role, 'admin'));
    expect(admins.map((a) => a.email)).toEqual(['boss@haat.example']);
    expect(admins[0]!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await verify(admins[0]!.passwordHash, 'admin-pass-123')).toBe(true);
  });

  it('when the database is empty, then at least 60 products cover all 9 categories and all 25 brands', async () => {
    const rows = await db.select().from(products);
    expect(rows.length).toBeGreaterThanOrEqual(60);
    expect(new Set(rows.map((p) => p.category))).toEqual(new Set(CATEGORY_IDS));
    expect(new Set(rows.map((p) => p.brand))).toEqual(new Set(BRANDS.map((b) => b.id)));
    for (const p of rows) {
      expect(p.pricePaise).toBeGreaterThan(0);
      if (p.salePricePaise != null) expect(p.salePricePaise).toBeLessThanOrEqual(p.pricePaise);
    }
  });

  it('when demo data loads, then there are 3 sellers of which 2 are approved, and a demo shopper', async () => {
    const rows = await db.select().from(sellers);
    expect(rows).toHaveLength(3);
    expect(rows.filter((s) => s.isapproved && s.approvalstatus === 'approved')).toHaveLength(2);
    expect(rows.filter((s) => !s.isapproved && s.approvalstatus === 'pending')).toHaveLength(1);
    const shoppers = await db.select().from(users).where(eq(users.role, 'user'));
    expect(shoppers.length).toBeGreaterThanOrEqual(1);
  });

  it('when demo data loads, then banners and reviews exist and product ratings match the reviews', async () => {
    expect(await countOf(db, banners)).toBeGreaterThanOrEqual(1);
    const allReviews = await db.select().from(reviews);
    expect(allReviews.length).toBeGreaterThan(0);
    const reviewed = await db.select().from(products);
    for (const p of reviewed) {
      const mine = allReviews.filter((r) => r.productId === p.id);
      expect(p.reviewCount).toBe(mine.length);
      expect(p.ratingSum).toBe(mine.reduce((s, r) => s + r.reviewVal, 0));
    }
  });

  it('when demo data loads, then every product and banner image is a file under UPLOAD_DIR', async () => {
    const images = [
      ...(await db.select({ image: products.image }).from(products)),
      ...(await db.select({ image: banners.image }).from(banners)),
    ].map((r) => r.image);
    for (const url of images) {
      expect(url).toMatch(/^\/uploads\//);
      expect(existsSync(path.join(uploadDir, url.replace(/^\/uploads\//, '')))).toBe(true);
    }
  });

  it('when demo data loads, then a delivered order has one unit asked back, waiting for its seller', async () => {
    const rows = await db.select().from(returns);
    expect(rows.map((r) => [r.state, r.reason])).toEqual([['requested', 'size_fit']]);
    expect(rows[0]!.decisionDueAt.getTime()).toBeGreaterThan(Date.now());
  });

  it('when start-up runs again, then nothing is duplicated', async () => {
    const before = [await countOf(db, users), await countOf(db, products), await countOf(db, banners)];
    await run();
    expect([await countOf(db, users), await countOf(db, products), await countOf(db, banners)]).toEqual(
      before,
    );
  });
});

describe('bootstrapData in production', () => {
  it('when the database is empty, then only the admin from ADMIN_EMAIL is created, no demo data', async () => {
    const { db, run } = await setup({
      NODE_ENV: 'production',
      JWT_SECRET: 'a-production-secret-of-32-chars!',
      ...ADMIN,
    });
    await run();
    const all = await db.select({ email: users.email, role: users.role }).from(users);
    expect(all).toEqual([{ email: 'boss@haat.example', role: 'admin' }]);
    expect(await countOf(db, products)).toBe(0);
    expect(await countOf(db, banners)).toBe(0);
  });

  it('when SEED_DEMO=true is set in production, then there are still no demo accounts', async () => {
    const { db, run } = await setup({
      NODE_ENV: 'production',
      JWT_SECRET: 'a-production-secret-of-32-chars!',
      SEED_DEMO: 'true',
    });
    await run();
    expect(await countOf(db, users)).toBe(0);
    expect(await countOf(db, products)).toBe(0);
  });
});

describe('bootstrapData with an existing admin or SEED_DEMO=false', () => {
  it('when an admin already exists, then ADMIN_EMAIL creates no second admin', async () => {
    const { db, run } = await setup({ NODE_ENV: 'development', SEED_DEMO: 'false', ...ADMIN });
    await db
      .insert(users)
      .values({ username: 'Old', email: 'old@haat.example', passwordHash: 'x', role: 'admin' });
    await run();
    const admins = await db.select({ email: users.email }).from(users).where(eq(users.role, 'admin'));
    expect(admins).toEqual([{ email: 'old@haat.example' }]);
  });

  it('when SEED_DEMO=false and no admin keys, then an empty database stays empty', async () => {
    const { db, run } = await setup({ NODE_ENV: 'development', SEED_DEMO: 'false' });
    await run();
    expect(await countOf(db, users)).toBe(0);
    expect(await countOf(db, products)).toBe(0);
  });
});
