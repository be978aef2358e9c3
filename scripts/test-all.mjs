#!/usr/bin/env node
// `pnpm test`: every unit and API test (Vitest, PGlite in memory), then the browser journeys when
// Chromium is present (or always with E2E=1). Prints one closing line: "N passed, N failed, N skipped".
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const out = path.join(root, 'artifacts');
mkdirSync(out, { recursive: true });
const totals = { passed: 0, failed: 0, skipped: 0 };
let failedSuites = 0;

function runVitest(label, extraEnv = {}) {
  const report = path.join(out, `vitest-${label}.json`);
  rmSync(report, { force: true });
  const r = spawnSync(
    'pnpm',
    [
      'exec',
      'vitest',
      'run',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${report}`,
      ...process.argv.slice(2),
    ],
    { cwd: root, stdio: 'inherit', env: { ...process.env, ...extraEnv } },
  );
  if (existsSync(report)) {
    const j = JSON.parse(readFileSync(report, 'utf8'));
    totals.passed += j.numPassedTests;
    totals.failed += j.numFailedTests;
    totals.skipped += j.numPendingTests + j.numTodoTests;
    if (j.numFailedTestSuites > 0) failedSuites += j.numFailedTestSuites;
  }
  if (r.status !== 0) failedSuites += 1;
}

runVitest('unit');

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (
  process.env.E2E === '1' ||
  (process.env.E2E !== '0' && existsSync(chromium) && existsSync(path.join(root, 'scripts/e2e.mjs')))
) {
  const r = spawnSync('node', ['scripts/e2e.mjs'], { cwd: root, stdio: 'inherit', env: process.env });
  const summary = path.join(out, 'e2e-summary.json');
  if (existsSync(summary)) {
    const j = JSON.parse(readFileSync(summary, 'utf8'));
    totals.passed += j.passed;
    totals.failed += j.failed;
    totals.skipped += j.skipped ?? 0;
  }
  if (r.status !== 0) failedSuites += 1;
} else {
  console.log('\n(browser journeys skipped: no Chromium at ' + chromium + '; set E2E=1 to require them)');
}

console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(totals.failed > 0 || failedSuites > 0 || totals.passed === 0 ? 1 : 0);
