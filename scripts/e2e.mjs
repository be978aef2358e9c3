#!/usr/bin/env node
// Browser journeys against the real built app:
//   1. `pnpm build` (skipped with SKIP_BUILD=1)
//   2. the bundled server on a free port with a fresh DATA_DIR (embedded PGlite + demo data)
//   3. Vitest over apps/web/e2e/*.e2e.ts (node environment, sequential), base URL in E2E_BASE_URL
//   4. artifacts/e2e-summary.json = {"passed","failed","skipped"}; exit code non-zero on failure.
// The server is always stopped.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const artifacts = path.join(root, 'artifacts');
const summaryPath = path.join(artifacts, 'e2e-summary.json');
mkdirSync(path.join(artifacts, 'screenshots'), { recursive: true });
rmSync(summaryPath, { force: true });

const writeSummary = (s) => writeFileSync(summaryPath, JSON.stringify(s) + '\n');

function freePort() {
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

async function waitForHealth(url, server, timeoutMs = 120_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (server.exitCode !== null) throw new Error(`server exited early with code ${server.exitCode}`);
    try {
      const r = await fetch(`${url}/api/health`);
      if (r.ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`server not healthy after ${timeoutMs} ms`);
}

const started = Date.now();
if (process.env.SKIP_BUILD !== '1') {
  console.log('[e2e] pnpm build');
  const b = spawnSync('pnpm', ['build'], { cwd: root, stdio: 'inherit' });
  if (b.status !== 0) {
    writeSummary({ passed: 0, failed: 1, skipped: 0 });
    console.error('[e2e] build failed');
    process.exit(1);
  }
}

const entry = path.join(root, 'apps/server/dist/index.js');
if (!existsSync(entry)) {
  writeSummary({ passed: 0, failed: 1, skipped: 0 });
  console.error(`[e2e] ${entry} is missing: run pnpm build`);
  process.exit(1);
}

const port = await freePort();
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mp-e2e-'));
const baseUrl = `http://127.0.0.1:${port}`;
const logPath = path.join(artifacts, 'e2e-server.log');
console.log(`[e2e] server on ${baseUrl} (DATA_DIR ${dataDir}, log ${path.relative(root, logPath)})`);
const { DATABASE_URL: _ignored, ...parentEnv } = process.env;
const server = spawn(process.execPath, [entry], {
  cwd: root,
  env: {
    ...parentEnv,
    NODE_ENV: 'development',
    PORT: String(port),
    DATA_DIR: dataDir,
    UPLOAD_DIR: path.join(dataDir, 'uploads'),
    LOGIN_RATE_LIMIT: '10000',
    PUBLIC_URL: baseUrl,
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
  },
  stdio: ['ignore', 'pipe', 'pipe'],
  detached: false,
});
const log = [];
server.stdout.on('data', (d) => log.push(d));
server.stderr.on('data', (d) => log.push(d));

let exitCode = 1;
const stopServer = async () => {
  if (server.exitCode === null) {
    server.kill('SIGTERM');
    await new Promise((r) => {
      const t = setTimeout(() => {
        server.kill('SIGKILL');
        r();
      }, 5000);
      server.once('exit', () => {
        clearTimeout(t);
        r();
      });
    });
  }
  writeFileSync(logPath, Buffer.concat(log));
  rmSync(dataDir, { recursive: true, force: true });
};
for (const sig of ['SIGINT', 'SIGTERM']) {
  process.on(sig, async () => {
    await stopServer();
    process.exit(130);
  });
}

try {
  await waitForHealth(baseUrl, server);
  const report = path.join(artifacts, 'vitest-e2e.json');
  rmSync(report, { force: true });
  const r = spawnSync(
    'pnpm',
    [
      'exec',
      'vitest',
      'run',
      '--config',
      'apps/web/vitest.e2e.config.ts',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${report}`,
      ...process.argv.slice(2),
    ],
    { cwd: root, stdio: 'inherit', env: { ...process.env, E2E_BASE_URL: baseUrl } },
  );
  let summary = { passed: 0, failed: 1, skipped: 0 };
  if (existsSync(report)) {
    const j = JSON.parse(readFileSync(report, 'utf8'));
    summary = {
      passed: j.numPassedTests,
      failed: j.numFailedTests + (j.numFailedTestSuites > 0 && j.numFailedTests === 0 ? 1 : 0),
      skipped: j.numPendingTests + j.numTodoTests,
    };
  }
  writeSummary(summary);
  exitCode = r.status === 0 && summary.failed === 0 && summary.passed > 0 ? 0 : 1;
  console.log(
    `[e2e] ${summary.passed} passed, ${summary.failed} failed, ${summary.skipped} skipped in ${Math.round((Date.now() - started) / 1000)} s`,
  );
} catch (err) {
  console.error('[e2e]', err instanceof Error ? err.message : err);
  writeSummary({ passed: 0, failed: 1, skipped: 0 });
  exitCode = 1;
} finally {
  await stopServer();
}
process.exit(exitCode);
