/**
 * Bulk upload (docs/catalogue-import.md): the demo seller downloads nothing, chooses a small CSV on the "Import
 * products" screen, sees the job's progress reach the end, and finds the one bad row listed with its row number.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_COLUMNS } from '@mp/shared';
import {
  a11yViolations,
  DEMO,
  launchBrowser,
  loginThroughUi,
  newSession,
  screenshots,
  uniqueSuffix,
} from './console-helpers';

const run = uniqueSuffix();
const line = (cells: Record<string, string>) => IMPORT_COLUMNS.map((c) => cells[c] ?? '').join(',');
const product = (n: number, price: string) => ({
  handle: `e2e-import-${run}-${n}`,
  title: `E2E Import ${run} ${n}`,
  description: 'Imported by the bulk upload journey',
  category: 'men',
  brand: 'nike',
  sku: `E2E-${run}-${n}`,
  price,
  stock: '5',
  image_urls: '/uploads/products/e2e-import.jpg',
});
const CSV = [
  IMPORT_COLUMNS.join(','),
  line(product(1, '799')),
  line(product(2, 'abc')),
  line(product(3, '999')),
].join('\r\n');

let browser: Browser;
let context: BrowserContext;
let page: Page;
beforeAll(async () => {
  browser = await launchBrowser();
  ({ context, page } = await newSession(browser));
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
});

describe('bulk upload', () => {
  it('a seller uploads a CSV, watches the import finish and sees the bad row by its number', async () => {
    await loginThroughUi(page, DEMO.seller, /\/seller\/dashboard$/);
    await page.getByRole('link', { name: 'Import products' }).first().click();
    await page.waitForURL(/\/seller\/import$/);
    await page.getByRole('heading', { name: 'Import products' }).waitFor();

    await page.locator('input[type="file"]').setInputFiles({
      name: `e2e-${run}.csv`,
      mimeType: 'text/csv',
      buffer: Buffer.from(CSV),
    });
    await page.getByRole('button', { name: 'Upload and import' }).click();
    await page.getByRole('heading', { name: `e2e-${run}.csv` }).waitFor();
    await page.getByTestId('import-status').filter({ hasText: 'done' }).waitFor({ timeout: 30_000 });
    const bar = page.getByRole('progressbar', { name: 'Import progress' });
    expect(await bar.getAttribute('aria-valuenow')).toBe('100');
    await page.getByText('3 of 3 rows · 2 created · 0 updated · 1 error').waitFor();

    await page.getByRole('radio', { name: 'Errors only' }).check();
    const errorRow = page.locator('tr[data-outcome="error"]');
    await errorRow.first().waitFor();
    expect(await errorRow.count()).toBe(1);
    expect(await errorRow.locator('td').first().innerText()).toBe('3');
    expect(await errorRow.innerText()).toMatch(/price/i);
    expect(await page.locator('tr[data-outcome="created"]').count()).toBe(0);
    expect(await a11yViolations(page)).toEqual([]);
    await screenshots(page, 'bulk-import');
  });
});
