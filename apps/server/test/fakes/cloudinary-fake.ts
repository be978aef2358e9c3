/**
 * A local stand-in for Cloudinary's upload API (POST /v1_1/{cloud}/image/upload, multipart form) on 127.0.0.1,
 * port 0. It answers as the real API does: JSON with public_id, secure_url... on success, `{ error: { message } }`
 * with 401 for a missing signature. `mode` switches it to a 500 answer or to never answering (a time-out).
 */
import { createServer, type Server } from 'node:http';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';

export type CloudinaryFakeMode = 'ok' | 'error500' | 'hang';

export interface CloudinaryUpload {
  cloud: string;
  fields: Record<string, string>;
  fileBytes: number;
}

export interface CloudinaryFake {
  /** http://127.0.0.1:port, for CLOUDINARY_API_BASE */
  baseUrl: string;
  mode: CloudinaryFakeMode;
  /** uploads answered with success */
  uploads: CloudinaryUpload[];
  /** every request received, whatever the answer */
  requests: number;
  close(): Promise<void>;
}

function parseMultipart(body: Buffer, boundary: string) {
  const fields: Record<string, string> = {};
  let fileBytes = 0;
  const text = body.toString('latin1');
  for (const part of text.split(`--${boundary}`)) {
    const m =
      /Content-Disposition: form-data; name="([^"]+)"(; filename="[^"]*")?\r\n(?:[^\r\n]+\r\n)*\r\n/.exec(
        part,
      );
    if (!m) continue;
    const value = part.slice(m.index + m[0].length).replace(/\r\n$/, '');
    if (m[2]) fileBytes = Buffer.byteLength(value, 'latin1');
    else fields[m[1]!] = value;
  }
  return { fields, fileBytes };
}

export async function startCloudinaryFake(opts: { apiKey: string }): Promise<CloudinaryFake> {
  const fake = { mode: 'ok' as CloudinaryFakeMode, uploads: [] as CloudinaryUpload[], requests: 0 };
  const server: Server = createServer((req, res) => {
    fake.requests++;
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const route = /^\/v1_1\/([^/]+)\/image\/upload$/.exec(req.url ?? '');
      const json = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (req.method !== 'POST' || !route) return json(404, { error: { message: 'Not found' } });
      if (fake.mode === 'hang') return; // never answers
      if (fake.mode === 'error500') return json(500, { error: { message: 'Internal Server Error' } });
      const boundary = /boundary=(.+)$/.exec(req.headers['content-type'] ?? '')?.[1];
      if (!boundary) return json(400, { error: { message: 'Missing required parameter - file' } });
      const { fields, fileBytes } = parseMultipart(Buffer.concat(chunks), boundary);
      if (fields.api_key !== opts.apiKey || !fields.signature || !fields.timestamp) {
        return json(401, { error: { message: 'Invalid Signature' } });
      }
      if (!fileBytes) return json(400, { error: { message: 'Missing required parameter - file' } });
      const cloud = route[1]!;
      // like the API: the caller's public_id (inside the folder) when given, else a random one
      const publicId = `${fields.folder ? `${fields.folder}/` : ''}${fields.public_id || randomBytes(10).toString('hex')}`;
      fake.uploads.push({ cloud, fields, fileBytes });
      const version = Math.floor(Date.now() / 1000);
      json(200, {
        asset_id: randomBytes(16).toString('hex'),
        public_id: publicId,
        version,
        signature: randomBytes(20).toString('hex'),
        format: 'png',
        resource_type: 'image',
        created_at: new Date().toISOString(),
        bytes: fileBytes,
        type: 'upload',
        url: `http://res.cloudinary.com/${cloud}/image/upload/v${version}/${publicId}.png`,
        secure_url: `https://res.cloudinary.com/${cloud}/image/upload/v${version}/${publicId}.png`,
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(fake, {
    baseUrl: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}
