// Starts the bundled server (apps/server/dist/index.js) on a free port with a fresh DATA_DIR (embedded PGlite,
// demo data) for the browser scripts. Always call stop().
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '../..');

export function build() {
  const b = spawnSync('pnpm', ['build'], { cwd: root, stdio: 'inherit' });
  return b.status === 0;
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

async function waitForHealth(url, child, timeoutMs) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`server exited early with code ${child.exitCode}`);
    try {
      const r = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2000) });
      if (r.ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`server not healthy after ${timeoutMs} ms`);
}

/** @returns {Promise<{ baseUrl: string, dataDir: string, stop: () => Promise<void> }>} */
export async function startServer({ logPath, env = {}, timeoutMs = 120_000 } = {}) {
  const entry = path.join(root, 'apps/server/dist/index.js');
  if (!existsSync(entry)) throw new Error(`${entry} is missing: run pnpm build`);
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mp-app-'));
  const baseUrl = `http://127.0.0.1:${port}`;
  // the server under test runs on its own embedded database, never on the caller's DATABASE_URL
  const { DATABASE_URL: _callersDatabase, ...parentEnv } = process.env;
  const child = spawn(process.execPath, [entry], {
    cwd: root,
    env: {
      ...parentEnv,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      UPLOAD_DIR: path.join(dataDir, 'uploads'),
      LOGIN_RATE_LIMIT: '10000',
      // every journey's requests come from this one address (docs/seo-and-email.md, "Priority and limits")
      MAIL_PER_CLIENT_PER_HOUR: '10000',
      // no load balancer to drain for: stop at once on SIGTERM
      SHUTDOWN_DRAIN_MS: '0',
      PUBLIC_URL: baseUrl,
      LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
      // the in-process fake courier moves parcels along quickly, so journeys see them delivered (docs/delivery.md)
      COURIER_FAKE_ADVANCE_MS: '1000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log = [];
  child.stdout.on('data', (d) => log.push(d));
  child.stderr.on('data', (d) => log.push(d));
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => {
        const t = setTimeout(() => {
          child.kill('SIGKILL');
          r();
        }, 5000);
        child.once('exit', () => {
          clearTimeout(t);
          r();
        });
      });
    }
    if (logPath) writeFileSync(logPath, Buffer.concat(log));
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(baseUrl, child, timeoutMs);
  } catch (err) {
    await stop();
    throw err;
  }
  return { baseUrl, dataDir, stop };
}
