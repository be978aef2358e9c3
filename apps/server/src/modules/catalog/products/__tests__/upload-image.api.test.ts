import { readdirSync } from 'node:fs';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { IMAGE_WIDTHS, responsiveImage, uploadedImageSchema } from '@mp/shared';
import { createTestContext, getBinary } from '../../../../../test/app';
import { jpegBytes, pdfBytes, pngBytes } from '../../__tests__/catalog-fixtures';

const ctx = await createTestContext();
const admin = await ctx.loginAs('admin');
const shopper = await ctx.loginAs('user');
const seller = await ctx.loginAsSeller('approved');
const pending = await ctx.loginAsSeller('pending');
const URL_PATH = '/api/admin/products/upload-image';

const storedFiles = () => {
  try {
    return readdirSync(`${ctx.config.uploadDir}/products`);
  } catch {
    return [];
  }
};

describe('POST /api/admin/products/upload-image (local storage)', () => {
  it('when the admin uploads a PNG, then 201 with result.url served under /uploads with long caching', async () => {
    const res = await admin.agent.post(URL_PATH).attach('my_file', pngBytes(), 'photo.png');
    expect(res.status).toBe(201);
    expect(res.body.success).toBe(true);
    expect(res.body.result.url).toMatch(/^\/uploads\/products\/[\w-]+_4x4\.jpg$/);
    const file = await ctx.anon().get(res.body.result.url);
    expect(file.status).toBe(200);
    expect(file.headers['cache-control']).toMatch(/max-age=31536000/);
  });

  it('when an approved seller uploads a JPEG named .txt, then it is accepted by its content', async () => {
    const jpeg = await jpegBytes(8, 8, '#fff');
    const res = await seller.agent.post(URL_PATH).attach('my_file', jpeg, 'notes.txt');
    expect(res.status).toBe(201);
    expect(res.body.result.url).toMatch(/\.jpg$/);
  });

  it('when a PDF or a text file renamed .png is uploaded, then 400 and nothing is stored', async () => {
    const before = storedFiles().length;
    const pdf = await admin.agent.post(URL_PATH).attach('my_file', pdfBytes(), 'doc.pdf');
    expect(pdf.status).toBe(400);
    expect(pdf.body.code).toBe('UNSUPPORTED_FILE');
    const text = await admin.agent
      .post(URL_PATH)
      .attach('my_file', Buffer.from('just some text, honestly not an image'), {
        filename: 'fake.png',
        contentType: 'image/png',
      });
    expect(text.status).toBe(400);
    expect(storedFiles().length).toBe(before);
  });

  it('when no file is attached, then 400', async () => {
    const res = await admin.agent.post(URL_PATH).field('other', 'x');
    expect(res.status).toBe(400);
  });

  it('when the file is over 5 MB, then 413 and nothing is stored', async () => {
    const before = storedFiles().length;
    const res = await admin.agent.post(URL_PATH).attach('my_file', pngBytes(5 * 1024 * 1024 + 1), 'big.png');
    expect(res.status).toBe(413);
    expect(res.body.code).toBe('PAYLOAD_TOO_LARGE');
    expect(storedFiles().length).toBe(before);
  });

  it('when nobody, a shopper or an unapproved seller uploads, then 401, 403, 403', async () => {
    expect((await ctx.anon().post(URL_PATH).attach('my_file', pngBytes(), 'a.png')).status).toBe(401);
    expect((await shopper.agent.post(URL_PATH).attach('my_file', pngBytes(), 'a.png')).status).toBe(403);
    expect((await pending.agent.post(URL_PATH).attach('my_file', pngBytes(), 'a.png')).status).toBe(403);
  });
});

// The image pipeline (docs/images.md)
/** fetches a stored file as bytes */
async function served(url: string) {
  const res = await getBinary(ctx.anon(), url);
  return { status: res.status, type: res.headers['content-type'] as string, body: res.body as Buffer };
}

/** A camera-like JPEG: 2000×1500 pixels stored sideways (EXIF orientation 6) with a maker note and GPS-ish text. */
const cameraJpeg = () =>
  sharp({ create: { width: 2000, height: 1500, channels: 3, background: '#3366cc' } })
    .jpeg({ quality: 90 })
    .withMetadata({ orientation: 6 })
    .withExifMerge({ IFD0: { Make: 'SecretCam', Artist: 'Jane Private' } })
    .toBuffer();

/**
 * A decompression bomb: a tiny JPEG whose frame header (SOF0) declares 20,000×20,000 pixels (1.2 GB once
 * decoded), as a hostile file would.
 */
async function bombJpeg(): Promise<Buffer> {
  const jpeg = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#888' } })
    .jpeg({ mozjpeg: false })
    .toBuffer();
  const sof = jpeg.indexOf(Buffer.from([0xff, 0xc0]));
  expect(sof).toBeGreaterThan(0);
  jpeg.writeUInt16BE(20_000, sof + 5); // height
  jpeg.writeUInt16BE(20_000, sof + 7); // width
  return jpeg;
}

describe('POST /api/admin/products/upload-image: the image pipeline', () => {
  it('when a sideways 2000×1500 camera JPEG is uploaded, then it is stored upright at 320/640/1280 in WebP and JPEG without metadata', async () => {
    const original = await cameraJpeg();
    expect(original.includes('SecretCam')).toBe(true);
    const res = await admin.agent.post(URL_PATH).attach('my_file', original, 'camera.jpg');
    expect(res.status).toBe(201);
    const result = uploadedImageSchema.parse(res.body.result);
    // upright: 1500×2000, stored at most 1280 wide
    expect(result).toMatchObject({ width: 1280, height: 1707 });
    expect(result.url).toMatch(/^\/uploads\/products\/[0-9a-f-]{36}_1280x1707\.jpg$/);
    expect(result.variants.map((v) => `${v.type} ${v.width}`)).toEqual([
      ...IMAGE_WIDTHS.map((w) => `image/webp ${w}`),
      ...IMAGE_WIDTHS.map((w) => `image/jpeg ${w}`),
    ]);
    // the web derives the same from the URL alone
    expect(responsiveImage(result.url).variants).toEqual(result.variants);

    for (const v of result.variants) {
      const file = await served(v.url);
      expect(file.status).toBe(200);
      expect(file.type).toBe(v.type);
      const meta = await sharp(file.body).metadata();
      expect(meta.width).toBe(v.width);
      expect(meta.height).toBe(Math.round((1707 * v.width) / 1280));
      expect(meta.exif).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
      expect(file.body.includes('SecretCam')).toBe(false);
      expect(file.body.includes('Jane Private')).toBe(false);
    }
  });

  it('when a small PNG with transparency is uploaded, then it is never enlarged and its fallback stays PNG', async () => {
    const png = await sharp({
      create: { width: 300, height: 200, channels: 4, background: { r: 255, g: 0, b: 0, alpha: 0.4 } },
    })
      .png()
      .toBuffer();
    const res = await admin.agent.post(URL_PATH).attach('my_file', png, 'logo.png');
    expect(res.status).toBe(201);
    expect(res.body.result).toMatchObject({ width: 300, height: 200 });
    expect(res.body.result.url).toMatch(/_300x200\.png$/);
    expect(
      res.body.result.variants.map((v: { type: string; width: number }) => `${v.type} ${v.width}`),
    ).toEqual(['image/webp 300', 'image/png 300']);
    const main = await served(res.body.result.url);
    const meta = await sharp(main.body).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 300, height: 200, hasAlpha: true });
  });

  it('when a decompression bomb (20,000×20,000 declared in a tiny JPEG) is uploaded, then 422 IMAGE_TOO_LARGE and nothing is stored', async () => {
    const before = storedFiles().length;
    const res = await admin.agent.post(URL_PATH).attach('my_file', await bombJpeg(), 'bomb.jpg');
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ success: false, code: 'IMAGE_TOO_LARGE' });
    expect(res.body.message).toMatch(/20000×20000 pixels/);
    expect(storedFiles().length).toBe(before);
  });

  it('when a PNG header is followed by garbage, or the file is text, then 400 UNSUPPORTED_FILE and nothing is stored', async () => {
    const before = storedFiles().length;
    const png = await sharp({ create: { width: 50, height: 50, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const damaged = Buffer.concat([png.subarray(0, 40), Buffer.alloc(200, 7)]);
    const bad = await admin.agent.post(URL_PATH).attach('my_file', damaged, 'damaged.png');
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('UNSUPPORTED_FILE');
    const text = await admin.agent
      .post(URL_PATH)
      .attach('my_file', Buffer.from('plain words, not a picture'), 'a.png');
    expect(text.status).toBe(400);
    expect(text.body.code).toBe('UNSUPPORTED_FILE');
    expect(storedFiles().length).toBe(before);
  });

  it('when an uploaded image becomes a banner, then the banner list answers the main URL the variants derive from', async () => {
    const jpeg = await jpegBytes(1600, 500, '#f90');
    const up = await admin.agent.post(URL_PATH).attach('my_file', jpeg, 'banner.jpg');
    expect(up.status).toBe(201);
    const add = await admin.agent.post('/api/common/banner/add').send({ image: up.body.result.url });
    expect(add.status).toBe(201);
    const list = await ctx.anon().get('/api/common/banner/get');
    const banner = list.body.data.find((b: { image: string }) => b.image === up.body.result.url);
    const r = responsiveImage(banner.image);
    expect(r).toMatchObject({ width: 1280, height: 400 });
    expect(r.webpSrcSet).toMatch(/_w320\.webp 320w, .*_w640\.webp 640w, .*_1280x400\.webp 1280w$/);
    for (const v of r.variants) expect((await served(v.url)).status).toBe(200);
  });
});
