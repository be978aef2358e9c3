/**
 * A local stand-in for an Indian SMS gateway (MSG91-style; docs/money.md, "Cash on delivery"): `POST /api/v5/sms`
 * with the `authkey` header and JSON `{ sender, mobiles, message }`, answering `{ type: "success", request_id }`, or
 * `{ type: "error", message }` (401 for a wrong key, 400 for a missing field, 500 when told to fail). Served on
 * 127.0.0.1 for the tests; the controls read what was sent and make the next sends fail.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeSms {
  requestId: string;
  sender: string;
  mobiles: string;
  message: string;
  at: Date;
}

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

async function bodyOf(req: IncomingMessage): Promise<Record<string, unknown> | undefined> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  try {
    const parsed: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

export async function startSmsFake(opts: { port?: number; authKey?: string } = {}) {
  const authKey = opts.authKey ?? `fake-${randomBytes(8).toString('hex')}`;
  const messages: FakeSms[] = [];
  let failing = 0;
  const server = createServer((req, res) => {
    void (async () => {
      if (req.method !== 'POST' || req.url !== '/api/v5/sms')
        return json(res, 404, { type: 'error', message: 'Not found' });
      if (req.headers.authkey !== authKey)
        return json(res, 401, { type: 'error', message: 'Authentication failure' });
      const body = await bodyOf(req);
      const [sender, mobiles, message] = [body?.sender, body?.mobiles, body?.message];
      if (
        typeof sender !== 'string' ||
        typeof mobiles !== 'string' ||
        typeof message !== 'string' ||
        !message
      ) {
        return json(res, 400, { type: 'error', message: 'sender, mobiles and message are required' });
      }
      if (failing > 0) {
        failing--;
        return json(res, 500, { type: 'error', message: 'Internal error, please retry' });
      }
      const requestId = randomBytes(12).toString('hex');
      messages.push({ requestId, sender, mobiles, message, at: new Date() });
      json(res, 200, { type: 'success', request_id: requestId });
    })();
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/api/v5/sms`,
    authKey,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
    controls: {
      /** every message accepted, oldest first */
      messages,
      /** the next `n` sends answer 500 */
      failNext(n: number) {
        failing = n;
      },
    },
  };
}
