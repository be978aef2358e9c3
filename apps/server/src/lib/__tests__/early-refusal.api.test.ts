/**
 * An upload refused before its body is read (a quota, a rate limit, a missing session) must not break the client's
 * keep-alive connection: the refusal closes the connection, so the client's next request goes on a fresh one
 * (docs/security.md, "Rate limits").
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { PNG } from 'pngjs';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../../app';
import { createTestContext } from '../../../test/app';

const ctx = await createTestContext({ TRUST_PROXY: '1', DOCUMENT_UPLOADS_PER_HOUR: '1' });
const app = express();
app.use(createApp(ctx.deps));
const server = http.createServer(app);
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const port = (server.address() as AddressInfo).port;
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
afterAll(async () => {
  agent.destroy();
  await new Promise((resolve) => server.close(resolve));
});

/** `file` as a multipart document upload on the shared keep-alive agent */
function upload(file: Buffer): Promise<{ status: number; body: string }> {
  const boundary = 'x-boundary-42';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="my_file"; filename="doc.png"\r\nContent-Type: image/png\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const payload = Buffer.concat([head, file, tail]);
  return send('POST', '/api/auth/seller/upload-document', payload, {
    'Content-Type': `multipart/form-data; boundary=${boundary}`,
  });
}

/** one request on the shared keep-alive agent (from one client address); answers status and body */
function send(method: string, path: string, payload?: Buffer, headers: Record<string, string> = {}) {
  const url = new URL(path, `http://127.0.0.1:${port}`);
  const sent: Record<string, string> = { 'X-Forwarded-For': '198.51.100.9', ...headers };
  if (payload) sent['Content-Length'] = String(payload.length);
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = http.request(url, { method, agent, headers: sent }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end(payload);
  });
}

describe('a refusal before the body is read', () => {
  it('when an upload over the quota is refused before its body is read, then the same client’s next requests are answered', async () => {
    // the first upload uses the address's one upload of the hour
    const img = new PNG({ width: 4, height: 3 });
    img.data.fill(200);
    expect((await upload(PNG.sync.write(img))).status).toBe(201);
    const refused = await upload(Buffer.alloc(3 * 1024 * 1024, 7));
    expect(refused.status).toBe(429);
    for (let i = 0; i < 3; i++) {
      const next = await send('GET', '/api/shop/products/get?limit=1');
      expect(next.status).toBe(200);
      expect(JSON.parse(next.body).success).toBe(true);
    }
  });
});
