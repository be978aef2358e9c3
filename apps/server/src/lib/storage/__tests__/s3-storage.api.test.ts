import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { responsiveImage } from '@mp/shared';
import { createTestContext } from '../../../../test/app';
import { startLocalS3 } from '../../../../test/s3';
import { jpegBytes, pngBytes } from '../../../modules/catalog/__tests__/catalog-fixtures';
import { createS3Storage } from '../s3-storage';

const URL_PATH = '/api/admin/products/upload-image';
const s3 = await startLocalS3();
afterAll(() => s3.close());

describe('uploads with S3_BUCKET set (a real S3-compatible server)', async () => {
  const ctx = await createTestContext(s3.env);
  const admin = await ctx.loginAs('admin');

  it('when the admin uploads an image, then every variant lands in the bucket and /uploads streams the same bytes back', async () => {
    const jpeg = await jpegBytes(700, 500, '#4a7');
    const res = await admin.agent.post(URL_PATH).attach('my_file', jpeg, 'photo.jpg');
    expect(res.status).toBe(201);
    expect(res.body.result.url).toMatch(/^\/uploads\/products\/[0-9a-f-]{36}_700x500\.jpg$/);
    const variants = responsiveImage(res.body.result.url).variants;
    expect(variants.map((v) => `${v.type} ${v.width}`)).toEqual([
      'image/webp 320',
      'image/webp 640',
      'image/webp 700',
      'image/jpeg 320',
      'image/jpeg 640',
      'image/jpeg 700',
    ]);
    for (const v of variants) {
      const key = v.url.replace('/uploads/', '');
      // the object is really in the bucket, with its type
      const direct = await fetch(`${s3.endpoint}/${s3.bucket}/${key}`);
      expect(direct.status).toBe(200);
      expect(direct.headers.get('content-type')).toBe(v.type);
      const stored = Buffer.from(await direct.arrayBuffer());
      expect((await sharp(stored).metadata()).width).toBe(v.width);

      const served = await ctx.anon().get(v.url).buffer(true);
      expect(served.status).toBe(200);
      expect(served.headers['content-type']).toBe(v.type);
      expect(served.headers['cache-control']).toMatch(/max-age=31536000/);
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(Buffer.from(served.body as Buffer).equals(stored)).toBe(true);
    }
  });

  it('when a key is not in the bucket, then /uploads answers 404', async () => {
    const res = await ctx.anon().get('/uploads/products/00000000-0000-4000-8000-000000000000.png');
    expect(res.status).toBe(404);
  });

  it('when a PDF is uploaded as a product image, then 400 and the bucket gets nothing new', async () => {
    const res = await admin.agent
      .post(URL_PATH)
      .attach('my_file', Buffer.from('%PDF-1.4\n%\u00e2\u00e3\n1 0 obj\n'), 'x.png');
    expect(res.status).toBe(400);
  });
});

describe('uploads with S3_PUBLIC_URL set', async () => {
  const ctx = await createTestContext({ ...s3.env, S3_PUBLIC_URL: `${s3.endpoint}/${s3.bucket}` });
  const admin = await ctx.loginAs('admin');

  it('when the admin uploads, then result.url points into the bucket and the image policy allows that host', async () => {
    const res = await admin.agent.post(URL_PATH).attach('my_file', pngBytes(), 'photo.png');
    expect(res.status).toBe(201);
    expect(res.body.result.url).toMatch(
      new RegExp(`^${s3.endpoint}/${s3.bucket}/products/[0-9a-f-]{36}_4x4\\.jpg$`),
    );
    expect((await fetch(res.body.result.url)).status).toBe(200);
    expect(res.headers['content-security-policy']).toContain(s3.endpoint);
  });
});

describe('uploads when the storage server is unreachable', async () => {
  const ctx = await createTestContext({ ...s3.env, S3_ENDPOINT: 'http://127.0.0.1:9' });
  const admin = await ctx.loginAs('admin');

  it('when the admin uploads, then 502 UPSTREAM_ERROR, not 500', async () => {
    const res = await admin.agent.post(URL_PATH).attach('my_file', pngBytes(), 'photo.png');
    expect(res.status).toBe(502);
    expect(res.body).toMatchObject({ success: false, code: 'UPSTREAM_ERROR' });
  });
});

describe('the S3 adapter streaming a file from disk and removing it', () => {
  it('when a temporary upload file is stored and later removed, then the bucket has it and then no longer', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'mp-s3-file-'));
    const file = path.join(dir, 'upload.tmp');
    const png = pngBytes();
    writeFileSync(file, png);
    const storage = createS3Storage({
      bucket: s3.bucket,
      region: 'us-east-1',
      endpoint: s3.endpoint,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      forcePathStyle: true,
    });
    try {
      const stored = await storage.saveFile!({
        path: file,
        size: png.length,
        ext: 'png',
        mime: 'image/png',
        folder: 'documents',
      });
      const inBucket = await fetch(`${s3.endpoint}/${s3.bucket}/${stored.key}`);
      expect(Buffer.from(await inBucket.arrayBuffer()).equals(png)).toBe(true);
      await storage.remove!(stored.key);
      expect((await fetch(`${s3.endpoint}/${s3.bucket}/${stored.key}`)).status).toBe(404);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
