#!/usr/bin/env node
// Browser journeys against the real built app:
//   1. `pnpm build` (skipped with SKIP_BUILD=1)
//   2. the bundled server on a free port with a fresh DATA_DIR (embedded PGlite + demo data)
//   3. Vitest over apps/web/e2e/*.e2e.ts (node environment, sequential), base URL in E2E_BASE_URL
//   4. artifacts/e2e-summary.json = {"passed","failed","skipped"}; exit code non-zero on failure.
// Extra arguments are passed to Vitest (e.g. a file filter). The server is always stopped.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { build, root, startServer } from './lib/app-server.mjs';

const artifacts = path.join(root, 'artifacts');
const summaryPath = path.join(artifacts, 'e2e-summary.json');
mkdirSync(path.join(artifacts, 'screenshots'), { recursive: true });
rmSync(summaryPath, { force: true });
const writeSummary = (s) => writeFileSync(summaryPath, JSON.stringify(s) + '\n');

const started = Date.now();
if (process.env.SKIP_BUILD !== '1') {
  console.log('[e2e] pnpm build');
  if (!build()) {
    writeSummary({ passed: 0, failed: 1, skipped: 0 });
    console.error('[e2e] build failed');
    process.exit(1);
  }
}

let server;
let exitCode = 1;
const logPath = path.join(artifacts, 'e2e-server.log');
for (const sig of ['SIGINT', 'SIGTERM']) {
  process.on(sig, async () => {
    await server?.stop();
    process.exit(130);
  });
}

try {
  server = await startServer({ logPath });
  console.log(`[e2e] server on ${server.baseUrl} (log ${path.relative(root, logPath)})`);
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
    {
      cwd: root,
      stdio: 'inherit',
      env: {
        ...process.env,
        E2E_BASE_URL: server.baseUrl,
        // the server has no SMTP_URL: its e-mails land in the development mailbox under DATA_DIR/mail
        E2E_MAIL_DIR: path.join(server.dataDir, 'mail'),
        // and its text messages (one-time codes) in the development SMS outbox under DATA_DIR/sms
        E2E_SMS_DIR: path.join(server.dataDir, 'sms'),
      },
    },
  );
  let summary = { passed: 0, failed: 1, skipped: 0 };
  if (existsSync(report)) {
    const j = JSON.parse(readFileSync(report, 'utf8'));
    summary = {
      passed: j.numPassedTests,
      // a file that fails to load counts as one failure
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
  await server?.stop();
}
process.exit(exitCode);
