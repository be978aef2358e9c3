#!/usr/bin/env node
// Performance budgets of the storefront (`pnpm budgets`):
//   1. initial JavaScript for `/`: the Vite entry chunk, the boot chunks it imports (React DOM and the app, dynamically:
//      apps/web/src/main.tsx) and their static imports (manifest), gzipped, ≤ 170 KB;
//      and, loading `/` in Chromium as a shopper, the JS actually fetched before idle (gzipped) with no
//      admin/seller chunk among it;
//   2. Lighthouse (mobile profile) on home, listing and a product page, with Debian's Chromium (CHROME_PATH,
//      default /usr/bin/chromium; --headless=new --no-sandbox): performance ≥ 95, CLS ≤ 0.02, accessibility
//      ≥ 95; LCP printed beside each. Desktop figures are printed for information.
// Builds first unless SKIP_BUILD=1. Writes artifacts/budgets.json; exits non-zero when a budget is missed.
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { gzipSync } from 'node:zlib';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { computeMedianRun, filterToValidRuns } from 'lighthouse/core/lib/median-run.js';
import { build, freePort, root, startServer } from './lib/app-server.mjs';

// playwright-core is a dependency of the web app, not of the root
const { chromium } = createRequire(path.join(root, 'apps/web/package.json'))('playwright-core');

const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const JS_BUDGET_KB = 170;
const PERF_MIN = 95;
const CLS_MAX = 0.02;
const A11Y_MIN = 95;
// Lighthouse's scores vary from run to run; its own advice is to judge the median of several runs
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 5);
const dist = path.join(root, 'apps/web/dist');
const artifacts = path.join(root, 'artifacts');
mkdirSync(artifacts, { recursive: true });

const kb = (bytes) => Math.round((bytes / 1024) * 10) / 10;
const gz = (buf) => gzipSync(buf, { level: 9 }).length;

if (process.env.SKIP_BUILD !== '1' && !build()) {
  console.error('[budgets] build failed');
  process.exit(1);
}

// ---- 1a. the manifest: entry + boot chunks, and the console (admin/seller) chunks
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
const initial = new Set();
function walk(key) {
  const m = manifest[key];
  if (!m || initial.has(m.file)) return;
  initial.add(m.file);
  for (const i of m.imports ?? []) walk(i);
}
walk(entryKey);
// the entry boots React DOM and the app through dynamic imports: they are initial JS too
for (const key of manifest[entryKey].dynamicImports ?? []) walk(key);
const initialGzip = [...initial].reduce((sum, f) => sum + gz(readFileSync(path.join(dist, f))), 0);

const CONSOLE_SRC = /(^|\/)src\/(app\/routes\/(admin|seller)|features\/(admin|seller))\//;
const consoleFiles = new Set(
  Object.entries(manifest)
    .filter(([key, m]) => CONSOLE_SRC.test(key) || CONSOLE_SRC.test(m.src ?? ''))
    .map(([, m]) => m.file),
);
// console chunks that the shop also imports statically are shared code, not console code
for (const f of initial) consoleFiles.delete(f);

const rows = [];
const check = (name, value, target, ok) =>
  rows.push({ check: name, value, target, result: ok ? 'PASS' : 'FAIL' });

let server;
let chrome;
try {
  server = await startServer({ logPath: path.join(artifacts, 'budgets-server.log') });
  const base = server.baseUrl;
  const products = await (await fetch(`${base}/api/shop/products/get?limit=1`)).json();
  const productPath = `/product/${products.data[0]._id}`;

  // ---- 1b. what a shopper's browser actually loads on `/`
  const browser = await chromium.launch({
    executablePath: CHROME,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  const page = await browser.newPage();
  const scripts = new Map();
  page.on('response', async (res) => {
    if (res.request().resourceType() !== 'script') return;
    try {
      scripts.set(new URL(res.url()).pathname, await res.body());
    } catch {
      /* redirected or aborted */
    }
  });
  await page.goto(`${base}/`, { waitUntil: 'networkidle' });
  await page.waitForTimeout(500);
  await browser.close();
  const loaded = [...scripts.entries()];
  const loadedGzip = loaded.reduce((s, [, body]) => s + gz(body), 0);
  const consoleLoaded = loaded.map(([p]) => p.replace(/^\//, '')).filter((p) => consoleFiles.has(p));

  check(
    'initial JS for / (entry + boot chunks, gzip)',
    `${kb(initialGzip)} KB`,
    `≤ ${JS_BUDGET_KB} KB`,
    kb(initialGzip) <= JS_BUDGET_KB,
  );
  check(`JS loaded by / before idle (${loaded.length} files, gzip)`, `${kb(loadedGzip)} KB`, 'info', true);
  check(
    'admin/seller chunks loaded by a shopper on /',
    consoleLoaded.length ? consoleLoaded.join(', ') : 'none',
    'none',
    consoleLoaded.length === 0,
  );

  // ---- 2. Lighthouse with Debian's Chromium
  const port = await freePort();
  chrome = spawn(
    CHROME,
    [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      `--remote-debugging-port=${port}`,
      `--user-data-dir=${path.join(artifacts, '.lh-profile')}`,
      'about:blank',
    ],
    { stdio: 'ignore' },
  );
  for (let i = 0; i < 50; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/json/version`)).ok) break;
    } catch {
      /* starting */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  const lh = {};
  // the gate is Lighthouse's default (mobile, simulated slow 4G); desktop figures are shown for information
  for (const [name, p, config] of [
    ['home', '/', undefined],
    ['listing', '/shop/listing', undefined],
    ['product', productPath, undefined],
    ['home (desktop)', '/', desktopConfig],
    ['listing (desktop)', '/shop/listing', desktopConfig],
    ['product (desktop)', productPath, desktopConfig],
  ]) {
    const runs = [];
    // the desktop figures are information only: one run each
    for (let i = 0; i < (config ? 1 : RUNS); i++) {
      const { lhr } = await lighthouse(
        `${base}${p}`,
        { port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] },
        config,
      );
      runs.push(lhr);
    }
    // Lighthouse's median run (closest to the median FCP and TTI); a run whose trace failed (NO_NAVSTART and the
    // like) has no metrics and is left out
    const valid = filterToValidRuns(runs);
    const lhr = valid.length ? computeMedianRun(valid) : runs[0];
    const result = { lhr };
    writeFileSync(
      path.join(artifacts, `lighthouse-${name.replace(/\W+/g, '-').replace(/-$/, '')}.json`),
      JSON.stringify(result.lhr),
    );
    const c = result.lhr.categories;
    const perf = Math.round((c.performance.score ?? 0) * 100);
    const a11y = Math.round((c.accessibility.score ?? 0) * 100);
    const a = result.lhr.audits;
    lh[name] = {
      performance: perf,
      accessibility: a11y,
      lcp: a['largest-contentful-paint']?.displayValue,
      fcp: a['first-contentful-paint']?.displayValue,
      tbt: a['total-blocking-time']?.displayValue,
      cls: a['cumulative-layout-shift']?.displayValue,
      clsValue: a['cumulative-layout-shift']?.numericValue ?? 1,
      lcpMs: Math.round(a['largest-contentful-paint']?.numericValue ?? 0),
      failedA11y: Object.values(a)
        .filter(
          (x) => x.score === 0 && result.lhr.categories.accessibility.auditRefs.some((r) => r.id === x.id),
        )
        .map((x) => x.id),
    };
    const gate = !config;
    check(
      `Lighthouse performance: ${name}${config ? '' : ` (median of ${runs.length}; runs ${runs.map((r) => Math.round((r.categories.performance.score ?? 0) * 100)).join('/')})`} (FCP ${lh[name].fcp}, LCP ${lh[name].lcp}, TBT ${lh[name].tbt}, CLS ${lh[name].cls})`,
      perf,
      gate ? `≥ ${PERF_MIN}` : 'info',
      !gate || perf >= PERF_MIN,
    );
    check(
      `Cumulative layout shift: ${name}`,
      Math.round(lh[name].clsValue * 1000) / 1000,
      gate ? `≤ ${CLS_MAX}` : 'info',
      !gate || lh[name].clsValue <= CLS_MAX,
    );
    check(
      `Lighthouse accessibility: ${name}${lh[name].failedA11y.length ? ` (failing: ${lh[name].failedA11y.join(', ')})` : ''}`,
      a11y,
      gate ? `≥ ${A11Y_MIN}` : 'info',
      !gate || a11y >= A11Y_MIN,
    );
  }
  writeFileSync(
    path.join(artifacts, 'budgets.json'),
    JSON.stringify(
      {
        initialJsGzipKb: kb(initialGzip),
        loadedJsGzipKb: kb(loadedGzip),
        consoleLoaded,
        lighthouse: lh,
        rows,
      },
      null,
      2,
    ),
  );
} finally {
  chrome?.kill('SIGTERM');
  await server?.stop();
}

console.log('');
console.table(rows);
const failed = rows.filter((r) => r.result === 'FAIL');
console.log(failed.length ? `\n${failed.length} budget(s) missed` : '\nall budgets met');
process.exit(failed.length ? 1 : 0);
