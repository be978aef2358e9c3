/** The API reference at /api/docs renders the OpenAPI document in a real browser with no outside request. */

import { describe, expect, it } from 'vitest';
import { BASE_URL, fileBrowser, newContext, screenshots } from './support';

const browser = fileBrowser();

describe('API reference', () => {
  it('when /api/docs is opened, then it lists the API areas and routes and asks nothing from outside', async () => {
    const { context, page } = await newContext(browser());
    const origin = new URL(BASE_URL).origin;
    const outside: string[] = [];
    const failed: string[] = [];
    page.on('request', (r) => {
      const url = r.url();
      if (!url.startsWith(origin) && !url.startsWith('data:') && !url.startsWith('blob:')) outside.push(url);
    });
    page.on('requestfailed', (r) => failed.push(r.url()));
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });

    await page.goto('/api/docs');
    await page.getByRole('heading', { name: /Haat Marketplace API/ }).waitFor();
    for (const tag of ['Auth', 'Cart', 'Orders', 'Seller orders', 'Returns', 'Coupons']) {
      await page.locator(`[data-tag="${tag}"]`).first().waitFor();
    }
    // the areas start closed; opening one lists its routes
    await page.locator('[data-tag="Shop"]').first().click();
    await page.getByText('/api/shop/products/get', { exact: true }).first().waitFor();
    // an operation opens with its parameters and answers
    await page.locator('#operations-Shop-listProducts').click();
    await page.locator('#operations-Shop-listProducts .parameters').waitFor();
    await screenshots(page, 'api-docs');
    expect(outside).toEqual([]);
    expect(failed).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
