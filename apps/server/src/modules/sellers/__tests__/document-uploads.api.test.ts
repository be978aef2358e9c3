/**
 * Issue 14 item 7: anonymous seller-document uploads cannot fill the disk (docs/orders-and-stock.md, "Uploads").
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { PNG } from 'pngjs';
import { eq, isNull, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { uploads } from '../../../db/schema';
import { createTestContext, type TestContext } from '../../../../test/app';
import { sweepUnclaimedUploads } from '../document-uploads';

function png(bytes = 0): Buffer {
  const img = new PNG({ width: 4, height: 3 });
  img.data.fill(200);
  const head = PNG.sync.write(img);
  return bytes > head.length ? Buffer.concat([head, Buffer.alloc(bytes - head.length)]) : head;
}

const documents = (ctx: TestContext) => {
  try {
    return readdirSync(path.join(ctx.config.uploadDir, 'documents')).length;
  } catch {
    return 0;
  }
};

const upload = (ctx: TestContext, body: Buffer, from = '203.0.113.1') =>
  ctx
    .anon()
    .post('/api/auth/seller/upload-document')
    .set('X-Forwarded-For', from)
    .attach('my_file', body, { filename: 'licence.png', contentType: 'image/png' });

const KB = 1024;

let sellers = 0;
/** a seller registration whose document is `url` */
const registerWith = (ctx: TestContext, url: string) =>
  ctx
    .anon()
    .post('/api/auth/seller/register-seller')
    .send({
      username: `Doc Seller ${++sellers}`,
      email: `doc${sellers}.${Date.now().toString(36)}@store.in`,
      phone: '9876543210',
      password: 'secret123',
      storename: `Doc Store ${sellers}`,
      gstno: '',
      address: '12 MG Road, Bengaluru',
      businesstype: 'Individual',
      bankaccount: '123456789012',
      ifsccode: 'sbin0001234',
      image: url,
    });
const quotaCtx = await createTestContext({
  TRUST_PROXY: '1',
  DOCUMENT_UPLOADS_PER_HOUR: '3',
  DOCUMENT_UPLOAD_MB_PER_HOUR: '1',
});
const capCtx = await createTestContext({ TRUST_PROXY: '1', UNCLAIMED_UPLOADS_MB_MAX: '2' });
const sweepCtx = await createTestContext({ TRUST_PROXY: '1', UNCLAIMED_UPLOAD_GRACE_HOURS: '24' });

describe('per-address quotas', () => {
  const ctx = quotaCtx;

  it('when an address uploads more files in an hour than allowed, then 429 UPLOAD_QUOTA and nothing more is stored', async () => {
    for (let i = 0; i < 3; i++) expect((await upload(ctx, png(), '203.0.113.10')).status).toBe(201);
    const before = documents(ctx);
    const res = await upload(ctx, png(), '203.0.113.10');
    expect(res.status).toBe(429);
    expect(res.body.code).toBe('UPLOAD_QUOTA');
    expect(res.headers['retry-after']).toBeDefined();
    expect(documents(ctx)).toBe(before);
    // another address is not affected
    expect((await upload(ctx, png(), '203.0.113.11')).status).toBe(201);
  });

  it('when an address uploads more bytes in an hour than allowed, then 429 and the refused file is not kept', async () => {
    expect((await upload(ctx, png(600 * KB), '203.0.113.20')).status).toBe(201);
    const before = documents(ctx);
    const res = await upload(ctx, png(600 * KB), '203.0.113.20');
    expect(res.status).toBe(429);
    expect(res.body.code).toBe('UPLOAD_QUOTA');
    expect(documents(ctx)).toBe(before);
    expect(await ctx.db.select().from(uploads).where(eq(uploads.address, '203.0.113.20'))).toHaveLength(1);
  });

  it('when many uploads from one address race, then no more than the quota are kept', async () => {
    const results = await Promise.all(Array.from({ length: 8 }, () => upload(ctx, png(), '203.0.113.30')));
    expect(results.filter((r) => r.status === 201)).toHaveLength(3);
    expect(results.filter((r) => r.status === 429)).toHaveLength(5);
    expect(await ctx.db.select().from(uploads).where(eq(uploads.address, '203.0.113.30'))).toHaveLength(3);
  });
});

describe('cap on unclaimed uploads', () => {
  const ctx = capCtx;
  const unclaimedFrom = async (address: string) =>
    ctx.db.select().from(uploads).where(eq(uploads.address, address));

  it("when strangers' uploads fill the room for unclaimed documents, then a new seller's 1 MB document is still accepted, the strangers' oldest uploads make room, and the registration works", async () => {
    for (let i = 1; i <= 4; i++)
      expect((await upload(ctx, png(600 * KB), `198.51.100.${i}`)).status).toBe(201);
    const genuine = await upload(ctx, png(1024 * KB), '192.0.2.10');
    expect(genuine.status).toBe(201);
    // one address keeps pushing: its own oldest uploads go first, the genuine one stays
    for (let i = 0; i < 3; i++) expect((await upload(ctx, png(600 * KB), '198.51.100.9')).status).toBe(201);
    expect(await unclaimedFrom('192.0.2.10')).toHaveLength(1);
    const [left] = await ctx.db
      .select({ unclaimed: sql<number>`coalesce(sum(${uploads.bytes}), 0)::int` })
      .from(uploads)
      .where(isNull(uploads.claimedAt));
    expect(left!.unclaimed).toBeLessThanOrEqual(2 * 1024 * KB);

    const reg = await registerWith(ctx, genuine.body.result.url);
    expect(reg.status, JSON.stringify(reg.body)).toBe(201);
    const served = await ctx.anon().get(genuine.body.result.url);
    expect(served.status).toBe(200);
  });
});

describe('sweeping uploads no record refers to', () => {
  const ctx = sweepCtx;

  it('when the grace period is over, then unclaimed uploads are deleted and claimed ones stay', async () => {
    const kept = (await upload(ctx, png())).body.result.url as string;
    const orphan = (await upload(ctx, png())).body.result.url as string;
    const reg = await registerWith(ctx, kept);
    expect(reg.status).toBe(201);
    const onDisk = (url: string) => existsSync(path.join(ctx.config.uploadDir, url.replace('/uploads/', '')));
    const graceMs = ctx.config.documentUploads.graceMs;

    // within the grace period nothing goes
    expect(await sweepUnclaimedUploads(ctx.db, ctx.deps.storage, { graceMs })).toBe(0);
    expect(onDisk(orphan)).toBe(true);

    const later = new Date(Date.now() + graceMs + 60_000);
    expect(await sweepUnclaimedUploads(ctx.db, ctx.deps.storage, { graceMs, now: later })).toBe(1);
    expect(onDisk(orphan)).toBe(false);
    expect(onDisk(kept)).toBe(true);
    expect((await ctx.anon().get(orphan)).status).toBe(404);
    expect(await ctx.db.select().from(uploads).where(eq(uploads.url, orphan))).toHaveLength(0);
    expect(await sweepUnclaimedUploads(ctx.db, ctx.deps.storage, { graceMs, now: later })).toBe(0);
  });
});
