import { readdirSync } from 'node:fs';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createTestContext } from '../../../../../test/app';
import { pdfBytes, pngBytes } from '../../__tests__/catalog-fixtures';

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
    const jpeg = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
      .jpeg()
      .toBuffer();
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
