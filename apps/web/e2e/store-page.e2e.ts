/**
 * Store pages (issue 29 item 3): from a product page, "Sold by" opens the seller's store page, which shows the
 * store's name, rating, "Seller since" and its products, with the listing's filters and sort.
 */

import { describe, expect, it } from 'vitest';
import { categoryLabel } from '@mp/shared/constants';
import { DEMO, loginThroughUi, makePng } from './console-helpers';
import { a11yViolations, apiRegisterAndLogin, fileBrowser, newContext, screenshots } from './support';

interface Listed {
  _id: string;
  title: string;
  category: string;
  price: number;
  salePrice: number | null;
  sellerId: string | null;
}
interface ListingAnswer {
  data: Listed[];
  pagination: { total: number };
}

const browser = fileBrowser();

const shown = (p: Listed) => (p.salePrice && p.salePrice > 0 ? p.salePrice : p.price);

describe('store page', () => {
  it('when the shopper follows "Sold by", then the store page shows name, rating and products, and filters and sorts them', async () => {
    const { context, page } = await newContext(browser());
    await apiRegisterAndLogin(context);
    const all = (await (
      await context.request.get('/api/shop/products/get?limit=100')
    ).json()) as ListingAnswer;
    const product = all.data.find((p) => p.sellerId)!;
    expect(product).toBeDefined();
    // a review of one of its products: the store has a rating
    const review = await context.request.post('/api/shop/review/add', {
      data: { productId: product._id, reviewMessage: 'Well packed, as described', reviewVal: 5 },
    });
    expect(review.ok()).toBe(true);

    await page.goto(`/product/${product._id}`);
    const soldBy = page.getByTestId('sold-by').getByRole('link');
    await soldBy.waitFor();
    const storeName = (await soldBy.textContent())!.trim();
    const firstPage = page.waitForResponse(
      (r) => r.url().includes('/api/shop/products/get?') && r.url().includes(`seller=${product.sellerId}`),
    );
    await soldBy.click();
    await page.waitForURL(/\/shop\/store\/[a-z0-9-]+/);
    const slug = new URL(page.url()).pathname.split('/').pop()!;
    const store = (await (await context.request.get(`/api/shop/store/${slug}`)).json()) as {
      data: { storeName: string; reviewCount: number; averageReview: number; productCount: number };
    };
    expect(store.data.storeName).toBe(storeName);
    expect(store.data.reviewCount).toBeGreaterThan(0);

    const header = page.getByTestId('store-header');
    await header.getByRole('heading', { level: 1, name: storeName }).waitFor();
    await header
      .getByRole('img', { name: `${store.data.averageReview.toFixed(1)} out of 5 stars` })
      .waitFor();
    await header.getByText(/Seller since [A-Z][a-z]+ \d{4}/).waitFor();
    await header.getByText(`${store.data.productCount} products`).waitFor();
    expect(await page.title()).toBe(`${storeName} – shop online | Haat Marketplace`);
    const listed = (await (await firstPage).json()) as ListingAnswer;
    expect(listed.data.length).toBeGreaterThan(0);
    expect(listed.data.every((p) => p.sellerId === product.sellerId)).toBe(true);
    await page.locator('article').first().waitFor();
    await screenshots(page, 'store-page');
    expect(await a11yViolations(page)).toEqual([]);

    // filter: one category of its products; the URL and the answer follow, still this store's products only
    const filters = page.getByRole('complementary', { name: 'Filters' });
    const filtered = page.waitForResponse(
      (r) => r.url().includes('/api/shop/products/get?') && r.url().includes(`category=${product.category}`),
    );
    await filters.getByRole('checkbox', { name: new RegExp(`^${categoryLabel(product.category)}`) }).click();
    await page.waitForURL(new RegExp(`/shop/store/${slug}\\?.*category=${product.category}`));
    const byCategory = (await (await filtered).json()) as ListingAnswer;
    expect(byCategory.data.length).toBeGreaterThan(0);
    expect(
      byCategory.data.every((p) => p.category === product.category && p.sellerId === product.sellerId),
    ).toBe(true);

    // sort: price high to low
    const sorted = page.waitForResponse(
      (r) => r.url().includes('/api/shop/products/get?') && r.url().includes('sortBy=price-hightolow'),
    );
    await page.getByLabel('Sort by').selectOption('price-hightolow');
    await page.waitForURL(/sortBy=price-hightolow/);
    const prices = ((await (await sorted).json()) as ListingAnswer).data.map(shown);
    expect(prices).toEqual([...prices].sort((a, b) => b - a));
    await expect
      .poll(async () => page.locator('article h3').first().textContent())
      .toBe(((await (await sorted).json()) as ListingAnswer).data[0]!.title);
    await context.close();
  });

  it('when the demo seller uploads a logo on the Store screen, then its store page shows it', async () => {
    const { context, page } = await newContext(browser());
    await page.goto('/auth/login');
    await loginThroughUi(page, DEMO.seller, /\/seller\/dashboard/);
    await page.getByRole('link', { name: 'Store' }).first().click();
    await page.waitForURL(/\/seller\/store$/);
    const name = (await page.getByTestId('store-name').textContent())!.trim();
    // the demo store has a drawn logo: remove it, then upload another
    const field = page.getByTestId('store-logo');
    await field.getByAltText('Uploaded image preview').waitFor();
    const removed = page.waitForResponse(
      (r) => r.url().includes('/api/seller/store/images/logo') && r.request().method() === 'DELETE',
    );
    await field.getByRole('button', { name: 'Remove' }).click();
    expect(((await (await removed).json()) as { data: { logo: null } }).data.logo).toBeNull();
    const saved = page.waitForResponse(
      (r) => r.url().includes('/api/seller/store/images/logo') && r.request().method() === 'POST',
    );
    await field.getByLabel('Logo').setInputFiles({
      name: 'logo.png',
      mimeType: 'image/png',
      buffer: makePng(300, 300, [190, 18, 60], [251, 113, 133]),
    });
    const answer = (await (await saved).json()) as { data: { logo: string } };
    expect(answer.data.logo).toMatch(/^\/uploads\/stores\/[\w-]+_300x300\.jpg$/);
    await field.getByAltText('Uploaded image preview').waitFor();
    await screenshots(page, 'seller-store-settings');
    expect(await a11yViolations(page)).toEqual([]);

    const href = (await page.getByTestId('store-preview').getAttribute('href'))!;
    await page.goto(href);
    const logo = page.getByTestId('store-header').getByRole('img', { name: `${name} logo` });
    await logo.waitFor();
    expect(await logo.getAttribute('src')).toBe(answer.data.logo);
    await context.close();
  });

  it('when an unknown store is opened, then the page says so and offers the whole listing', async () => {
    const { context, page } = await newContext(browser());
    const res = await page.goto('/shop/store/no-such-store-here');
    expect(res!.status()).toBe(404);
    await page.getByRole('heading', { name: 'This store does not exist' }).waitFor();
    await page.getByRole('link', { name: 'Browse all products' }).waitFor();
    await context.close();
  });
});
