/** Navigation that follows the shopper (issue 11 item 6): View All, listing headings, search filters, suggestions. */

import { describe, expect, it } from 'vitest';
import { fileBrowser, newContext } from './support';

const browser = fileBrowser();

describe('navigation', () => {
  it("when View All is clicked after a category visit, then the section's own filter opens, named in the heading", async () => {
    const { context, page } = await newContext(browser());
    await page.goto('/shop/listing?category=footwear');
    await page.getByRole('heading', { level: 1, name: 'Footwear' }).waitFor();
    await page.goto('/');
    await page.getByRole('link', { name: 'View All Top Offers on Electronics' }).click();
    await page.waitForURL(/\/shop\/listing\?.*category=electronics/);
    await page.getByRole('heading', { level: 1, name: 'Electronics' }).waitFor();
    const aside = page.locator('aside');
    await expect.poll(() => aside.getByLabel('Electronics').isChecked()).toBe(true);
    expect(await aside.getByLabel('Footwear').isChecked()).toBe(false);
    // a brand and a category together
    await aside.getByLabel('Samsung').click();
    await expect.poll(() => aside.getByLabel('Samsung').isChecked()).toBe(true);
    await page.getByRole('heading', { level: 1, name: 'Samsung · Electronics' }).waitFor();
    await context.close();
  });

  it('when search results are filtered and sorted, then they match the API under the same filter and sort', async () => {
    const { context, page } = await newContext(browser());
    await page.goto('/shop/listing/search?keyword=watch');
    await page.locator('article').first().waitFor();
    const aside = page.locator('aside');
    const accessories = aside.getByLabel(/Accessories/);
    // the box follows the URL (the filter is a navigation), so click and wait for it rather than check()
    await accessories.click();
    await page.waitForURL(/category=accessories/);
    await expect.poll(() => accessories.isChecked()).toBe(true);
    await page
      .getByRole('heading', { level: 1, name: /Search results for “watch” in Accessories/ })
      .waitFor();
    await page.getByLabel('Sort by').selectOption('price-lowtohigh');
    await page.waitForURL(/sortBy=price-lowtohigh/);
    const res = await context.request.get(
      '/api/shop/product/search/search-product/watch?category=accessories&sortBy=price-lowtohigh&facets=true',
    );
    const body = (await res.json()) as {
      data: { title: string; category: string }[];
      facets: { category: { id: string; count: number }[] };
    };
    expect(body.data.length).toBeGreaterThan(1);
    expect(body.data.every((p) => p.category === 'accessories')).toBe(true);
    await expect
      .poll(() => page.locator('article h3').allTextContents())
      .toEqual(body.data.map((p) => p.title));
    // the facet count beside Accessories is the number of results it gives
    const count = body.facets.category.find((f) => f.id === 'accessories')!.count;
    expect(await aside.locator('label', { hasText: 'Accessories' }).textContent()).toContain(String(count));
    expect(count).toBe(body.data.length);
    await context.close();
  });

  it('when suggestions are chosen with the keyboard, then Enter opens the product, or the brand listing', async () => {
    const { context, page } = await newContext(browser());
    await page.goto('/');
    const box = page.getByRole('combobox', { name: 'Search products' }).first();
    await box.fill('sneakers');
    const list = page.getByRole('listbox', { name: 'Suggestions' }).first();
    await list.waitFor();
    await box.press('ArrowDown');
    const first = list.getByRole('option').first();
    expect(await first.getAttribute('aria-selected')).toBe('true');
    expect(await box.getAttribute('aria-activedescendant')).toBe(await first.getAttribute('id'));
    const title = (await first.textContent())!.trim();
    await box.press('Enter');
    await page.waitForURL(/\/product\//);
    await page.getByRole('heading', { level: 1, name: title }).waitFor();

    await box.fill('adidas');
    await list.getByRole('option', { name: 'Adidas', exact: true }).waitFor();
    const options = await list.getByRole('option').allTextContents();
    const at = options.findIndex((o) => o.trim() === 'Adidas');
    for (let i = 0; i <= at; i++) await box.press('ArrowDown');
    await box.press('Enter');
    await page.waitForURL(/\/shop\/listing\?.*brand=adidas/);
    await page.getByRole('heading', { level: 1, name: 'Adidas' }).waitFor();
    // Escape closes the list
    await box.fill('adidas shoes');
    await list.waitFor();
    await box.press('Escape');
    expect(await box.getAttribute('aria-expanded')).toBe('false');
    await context.close();
  });
});
