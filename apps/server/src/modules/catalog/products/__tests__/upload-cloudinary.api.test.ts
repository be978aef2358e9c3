import { readdirSync } from 'node:fs';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext } from '../../../../../test/app';
import { startCloudinaryFake } from '../../../../../test/fakes/cloudinary-fake';
import { jpegBytes, pngBytes } from '../../__tests__/catalog-fixtures';

const fake = await startCloudinaryFake({ apiKey: 'testkey' });
afterAll(() => fake.close());
const ctx = await createTestContext({
  // timeout (ms) in the URL's query keeps the time-out case short
  CLOUDINARY_URL: 'cloudinary://testkey:testsecret@demo-cloud?timeout=400',
  CLOUDINARY_API_BASE: fake.baseUrl,
});
const admin = await ctx.loginAs('admin');
const seller = await ctx.loginAsSeller('approved');
const URL_PATH = '/api/admin/products/upload-image';
const localFiles = () => readdirSync(ctx.config.uploadDir, { recursive: true });

beforeEach(() => {
  fake.mode = 'ok';
});

describe('POST /api/admin/products/upload-image with CLOUDINARY_URL set', () => {
  it('when Cloudinary accepts the image, then result.url is its secure_url and nothing is written locally', async () => {
    const res = await seller.agent.post(URL_PATH).attach('my_file', pngBytes(200), 'p.png');
    expect(res.status).toBe(201);
    expect(res.body.result.url).toMatch(
      /^https:\/\/res\.cloudinary\.com\/demo-cloud\/image\/upload\/v\d+\/products\//,
    );
    const last = fake.uploads.at(-1)!;
    expect(last.cloud).toBe('demo-cloud');
    expect(last.fields.folder).toBe('products');
    expect(last.fileBytes).toBe(200);
    expect(localFiles()).toEqual([]);
  });

  it('when Cloudinary is configured, then the original goes up under a name carrying its size and the widths are URL transformations', async () => {
    const jpeg = await jpegBytes(1600, 1200, '#09c');
    const res = await seller.agent.post(URL_PATH).attach('my_file', jpeg, 'p.jpg');
    expect(res.status).toBe(201);
    expect(fake.uploads.at(-1)!.fileBytes).toBe(jpeg.length); // no local resizing
    expect(fake.uploads.at(-1)!.fields.public_id).toMatch(/^[0-9a-f-]{36}_1280x960$/);
    const { url, width, height, variants } = res.body.result;
    expect({ width, height }).toEqual({ width: 1280, height: 960 });
    expect(url).toMatch(/\/image\/upload\/v\d+\/products\/[0-9a-f-]{36}_1280x960\.png$/);
    const base = url.replace('/image/upload/', '/image/upload/c_limit,w_W,f_auto,q_auto/');
    expect(variants).toEqual(
      [320, 640, 1280].map((w) => ({ url: base.replace('w_W', `w_${w}`), width: w, type: '' })),
    );
    expect(localFiles()).toEqual([]);
  });

  it('when a decompression bomb is uploaded, then 422 before Cloudinary is called', async () => {
    const requests = fake.requests;
    const huge = await jpegBytes(8000, 7000, '#000');
    const res = await admin.agent.post(URL_PATH).attach('my_file', huge, 'huge.jpg');
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('IMAGE_TOO_LARGE');
    expect(fake.requests).toBe(requests);
  });

  it('when Cloudinary answers 500, then 502 UPSTREAM_ERROR with a clear message and nothing written', async () => {
    fake.mode = 'error500';
    const uploads = fake.uploads.length;
    const res = await admin.agent.post(URL_PATH).attach('my_file', pngBytes(), 'p.png');
    expect(res.status).toBe(502);
    expect(res.body).toMatchObject({ success: false, code: 'UPSTREAM_ERROR' });
    expect(res.body.message).toMatch(/image service answered with an error \(500\)/);
    expect(fake.uploads.length).toBe(uploads);
    expect(localFiles()).toEqual([]);
  });

  it('when Cloudinary does not answer in time, then 502 UPSTREAM_ERROR and nothing written', async () => {
    fake.mode = 'hang';
    const started = Date.now();
    const res = await admin.agent.post(URL_PATH).attach('my_file', pngBytes(), 'p.png');
    expect(res.status).toBe(502);
    expect(res.body.code).toBe('UPSTREAM_ERROR');
    expect(res.body.message).toMatch(/did not answer in time/);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(localFiles()).toEqual([]);
  });

  it('when the file is not an image, then 400 before Cloudinary is called', async () => {
    const requests = fake.requests;
    const res = await admin.agent
      .post(URL_PATH)
      .attach('my_file', Buffer.from('%PDF-1.7 not an image at all'), 'a.png');
    expect(res.status).toBe(400);
    expect(fake.requests).toBe(requests);
  });
});
