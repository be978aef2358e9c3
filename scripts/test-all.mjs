#!/usr/bin/env node
// `pnpm test`: every unit and API test (Vitest, PGlite in memory) and, when Chromium is present (or always with
// E2E=1), the browser journeys (build, server, journeys: scripts/e2e.mjs). The two passes are independent and run
// side by side: Vitest uses one worker per core but one (its default on two cores), the browser pass the other.
// Every line is prefixed with its pass, a progress line comes every 30 s, and each pass's time is printed when it
// ends. Closing line: "N passed, N failed, N skipped".
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';

const root = path.resolve(import.meta.dirname, '..');
const out = path.join(root, 'artifacts');
mkdirSync(out, { recursive: true });
const started = Date.now();
const elapsed = (since = started) => {
  const s = Math.round((Date.now() - since) / 1000);
  return `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, '0')} s`;
};

/** Runs one pass with its output prefixed; resolves with its exit code once it ends. */
function runPass(pass, command, args, env = process.env) {
  const child = spawn(command, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  pass.child = child;
  pass.startedAt = Date.now();
  for (const stream of [child.stdout, child.stderr]) {
    readline.createInterface({ input: stream }).on('line', (line) => {
      if (/^ (✓|×|↓) /.test(line)) pass.files += 1;
      console.log(`[${pass.name}] ${line}`);
    });
  }
  return new Promise((resolve) =>
    child.on('close', (code, signal) => {
      pass.running = false;
      console.log(`[${pass.name}] finished in ${elapsed(pass.startedAt)} (exit ${code ?? signal})`);
      resolve(code ?? 1);
    }),
  );
}

const passes = [];
const newPass = (name) => {
  const pass = { name, running: true, files: 0, child: undefined, startedAt: Date.now() };
  passes.push(pass);
  return pass;
};

// 1. Vitest over every project
const unitReport = path.join(out, 'vitest-unit.json');
rmSync(unitReport, { force: true });
const unit = newPass('unit');
const unitDone = runPass(unit, 'pnpm', [
  'exec',
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${unitReport}`,
  ...process.argv.slice(2),
]);

// 2. the browser journeys, at the same time
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const withBrowser =
  process.env.E2E === '1' ||
  (process.env.E2E !== '0' && existsSync(chromium) && existsSync(path.join(root, 'scripts/e2e.mjs')));
const summaryPath = path.join(out, 'e2e-summary.json');
const browserReport = path.join(out, 'vitest-e2e.json');
let browserDone = Promise.resolve(0);
if (withBrowser) {
  rmSync(summaryPath, { force: true });
  rmSync(browserReport, { force: true });
  browserDone = runPass(newPass('browser'), 'node', ['scripts/e2e.mjs']);
} else {
  console.log('(browser journeys skipped: no Chromium at ' + chromium + '; set E2E=1 to require them)');
}

const progress = setInterval(() => {
  const state = passes
    .map((p) => `${p.name} ${p.running ? `running, ${p.files} files done` : 'done'}`)
    .join('; ');
  console.log(`[test] ${elapsed()}: ${state}`);
}, 30_000);

for (const sig of ['SIGINT', 'SIGTERM']) {
  process.on(sig, () => {
    for (const p of passes) if (p.running) p.child?.kill(sig);
  });
}

const [unitCode, browserCode] = await Promise.all([unitDone, browserDone]);
clearInterval(progress);

const totals = { passed: 0, failed: 0, skipped: 0 };
let failedSuites = 0;
/** "pass file > test: first line of the message" for each failure in a Vitest JSON report, so the run's last
 * lines name what failed even when only its tail is kept. */
const failures = [];
const collectFailures = (pass, report) => {
  if (!existsSync(report)) return;
  const j = JSON.parse(readFileSync(report, 'utf8'));
  for (const file of j.testResults ?? []) {
    const name = path.relative(root, file.name);
    const failed = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
    if (failed.length === 0 && file.status === 'failed')
      failures.push(`[${pass}] ${name}: ${String(file.message ?? '').split('\n')[0]}`);
    for (const t of failed)
      failures.push(
        `[${pass}] ${name} > ${t.fullName}: ${String(t.failureMessages?.[0] ?? '').split('\n')[0]}`,
      );
  }
};
collectFailures('unit', unitReport);
if (withBrowser) collectFailures('browser', browserReport);
if (existsSync(unitReport)) {
  const j = JSON.parse(readFileSync(unitReport, 'utf8'));
  totals.passed += j.numPassedTests;
  totals.failed += j.numFailedTests;
  totals.skipped += j.numPendingTests + j.numTodoTests;
  if (j.numFailedTestSuites > 0) failedSuites += j.numFailedTestSuites;
}
if (unitCode !== 0) failedSuites += 1;
if (withBrowser) {
  if (existsSync(summaryPath)) {
    const j = JSON.parse(readFileSync(summaryPath, 'utf8'));
    totals.passed += j.passed;
    totals.failed += j.failed;
    totals.skipped += j.skipped ?? 0;
  }
  if (browserCode !== 0) failedSuites += 1;
}

console.log(`\n[test] all passes done in ${elapsed()}`);
if (failures.length > 0) console.log(`\nfailed:\n${failures.map((f) => `  ${f.slice(0, 400)}`).join('\n')}`);
console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(totals.failed > 0 || failedSuites > 0 || totals.passed === 0 ? 1 : 0);
