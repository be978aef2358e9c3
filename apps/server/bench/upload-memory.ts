/**
 * Upload memory benchmark: `pnpm --filter @mp/server exec tsx bench/upload-memory.ts`.
 *
 * Starts the real app on port 0 (embedded PGlite in memory, uploads to a temporary directory, quotas raised so
 * nothing is refused) and, from a child process, sends 40 anonymous 5 MB seller-document uploads at once, as the red-team pass did.
 * Prints the server process's resident memory before, at its peak and after, and the time taken. Uploads stream to a
 * temporary file (docs/orders-and-stock.md, "Uploads"), so the peak should stay far below 40 × 5 MB.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { LIMITS } from '@mp/shared';
import { createRequestHandler } from '../src/app';
import { loadConfig } from '../src/config/env';
import { openPglite } from '../src/db/client';
import { buildDeps } from '../src/deps';
import { createLogger } from '../src/lib/logger';
import { withJwtSecret } from '../src/modules/auth/installation-secret';

const UPLOADS = Number(process.env.BENCH_UPLOADS ?? 40);
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(0)} MB`;

const uploadDir = mkdtempSync(path.join(tmpdir(), 'mp-bench-uploads-'));
const config = loadConfig({
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  JWT_SECRET: 'bench-secret-long-enough',
  UPLOAD_DIR: uploadDir,
  DOCUMENT_UPLOADS_PER_HOUR: '100000',
  DOCUMENT_UPLOAD_MB_PER_HOUR: '100000',
  UNCLAIMED_UPLOADS_MB_MAX: '100000',
  TRUST_PROXY: '1',
});
const database = await openPglite();
await database.migrate();
const deps = buildDeps(await withJwtSecret(config, database.db), database.db, createLogger('silent'));
const server = createServer(createRequestHandler(deps));
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const { port } = server.address() as AddressInfo;

// the client runs in a child process, so only the server's memory is measured here
const client = `
const body = Buffer.alloc(${LIMITS.uploadMaxBytes - 1024});
Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]).copy(body);
const send = async (i) => {
  const form = new FormData();
  form.append('my_file', new Blob([body], { type: 'image/png' }), 'licence.png');
  const res = await fetch('http://127.0.0.1:${port}/api/auth/seller/upload-document', {
    method: 'POST', body: form, headers: { 'X-Forwarded-For': '198.18.0.' + (i % 250) },
  });
  await res.arrayBuffer();
  return res.status;
};
Promise.all(Array.from({ length: ${UPLOADS} }, (_, i) => send(i))).then((s) => console.log(JSON.stringify(s)));
`;

const before = process.memoryUsage().rss;
let peak = before;
const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
const started = performance.now();
const child = spawn(process.execPath, ['-e', client], { stdio: ['ignore', 'pipe', 'inherit'] });
let out = '';
child.stdout.on('data', (d: Buffer) => (out += d.toString()));
await new Promise((resolve) => child.on('exit', resolve));
const statuses = JSON.parse(out) as number[];
const ms = performance.now() - started;
clearInterval(sampler);
const after = process.memoryUsage().rss;
const size = LIMITS.uploadMaxBytes - 1024;

const counts = statuses.reduce<Record<number, number>>((c, s) => ((c[s] = (c[s] ?? 0) + 1), c), {});
process.stdout.write(
  `${UPLOADS} × ${mb(size)} uploads in ${ms.toFixed(0)} ms, answers ${JSON.stringify(counts)}\n` +
    `server RSS before ${mb(before)}, peak ${mb(peak)} (+${mb(peak - before)}), after ${mb(after)}\n`,
);
server.close();
await database.close();
rmSync(uploadDir, { recursive: true, force: true });
