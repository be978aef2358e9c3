/**
 * The product page like the stores people use (issue 11 item 4): a gallery of several pictures (thumbnails, arrow
 * keys, swipe, zoom), "Sold by" linking to the store's page with its products, and the buy buttons at ≥ 44 px on a phone.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { BASE_URL, MOBILE, fileBrowser, newContext, screenshots } from './support';

interface Listed {
  _id: string;
  title: string;
  sellerId: string | null;
  images: { url: string }[];
}

const browser = fileBrowser();

/** A demo product with several pictures, sold by a seller (every fourth demo product has three views). */
async function galleryProduct(context: BrowserContext): Promise<Listed> {
  for (let page = 1; page <= 5; page++) {
    const r = await context.request.get(`/api/shop/products/get?limit=100&page=${page}`);
    const body = (await r.json()) as { data: Listed[] };
    const found = body.data.find((p) => p.images.length >= 3 && p.sellerId);
    if (found) return found;
    if (body.data.length < 100) break;
  }
  throw new Error('no demo product with several pictures and a seller');
}

const mainImage = (page: Page) => page.getByTestId('gallery-main').locator('img');

describe('product page', () => {
  it('when a product has several pictures, then thumbnails, arrow keys and a zoomed view show each of them', async () => {
    const { context, page } = await newContext(browser());
    const product = await galleryProduct(context);
    const urls = product.images.map((i) => i.url);
    await page.goto(`/product/${product._id}`);
    const gallery = page.getByRole('region', { name: `Images of ${product.title}` });
    await gallery.waitFor();
    expect(await mainImage(page).getAttribute('src')).toBe(urls[0]);
    expect(await mainImage(page).getAttribute('alt')).toBe(`${product.title}, image 1 of ${urls.length}`);
    // the box has its size before the picture arrives (no layout shift)
    expect(await mainImage(page).getAttribute('width')).toBe('800');
    expect(await mainImage(page).getAttribute('height')).toBe('800');

    const thumbs = gallery.getByRole('button', { name: /^Show image \d+ of \d+$/ });
    expect(await thumbs.count()).toBe(urls.length);
    await thumbs.nth(1).click();
    await expect.poll(() => mainImage(page).getAttribute('src')).toBe(urls[1]);
    expect(await thumbs.nth(1).getAttribute('aria-current')).toBe('true');

    // keyboard: → and ← step through the pictures, wrapping around
    await page.getByTestId('gallery-main').focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => mainImage(page).getAttribute('src')).toBe(urls[2]);
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => mainImage(page).getAttribute('src')).toBe(urls[0]);
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => mainImage(page).getAttribute('src')).toBe(urls[urls.length - 1]);
    await page.keyboard.press('Home');
    await expect.poll(() => mainImage(page).getAttribute('src')).toBe(urls[0]);

    // zoom: a dialog with the largest stored width of the picture; arrows work there too; Esc closes it
    await page.getByRole('button', { name: `Zoom: ${product.title}, image 1 of ${urls.length}` }).click();
    const dialog = page.getByRole('dialog', { name: `${product.title}, image 1 of ${urls.length}` });
    await dialog.waitFor();
    const zoomed = dialog.locator('img');
    await expect
      .poll(() => zoomed.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeTruthy();
    const largest = urls[0]!.replace(/\.(jpg|png)$/, '');
    expect(await zoomed.evaluate((img: HTMLImageElement) => img.currentSrc)).toContain(
      largest.split('/').pop(),
    );
    expect(await zoomed.getAttribute('sizes')).toBe('1280px');
    await screenshots(page, 'product-zoom');
    await page.keyboard.press('ArrowRight');
    await page.getByRole('dialog', { name: `${product.title}, image 2 of ${urls.length}` }).waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => mainImage(page).getAttribute('src')).toBe(urls[1]);
    await context.close();
  });

  it('when the shopper follows "Sold by", then the store page shows only that store\'s products', async () => {
    const { context, page } = await newContext(browser());
    const product = await galleryProduct(context);
    await page.goto(`/product/${product._id}`);
    const soldBy = page.getByTestId('sold-by').getByRole('link');
    await soldBy.waitFor();
    const storeName = (await soldBy.textContent())!.trim();
    expect(storeName.length).toBeGreaterThan(0);
    await page
      .getByText(/Free delivery when a seller's items in your order come to more than ₹500/)
      .waitFor();
    const listing = page.waitForResponse(
      (r) => r.url().includes('/api/shop/products/get?') && r.url().includes('seller='),
    );
    await soldBy.click();
    await page.waitForURL(/\/shop\/store\/[a-z0-9-]+/);
    const body = (await (await listing).json()) as { data: Listed[]; pagination: { total: number } };
    expect(body.data.length).toBeGreaterThan(0);
    expect(body.data.every((p) => p.sellerId === product.sellerId)).toBe(true);
    await page.locator('article').first().waitFor();
    await context.close();
  });

  it('when shown at 390 px, then ADD TO CART and BUY NOW stay in a bar at the bottom with ≥ 44 px targets, and a swipe changes the picture', async () => {
    const context = await browser().newContext({
      baseURL: BASE_URL,
      viewport: MOBILE,
      hasTouch: true,
      isMobile: true,
    });
    context.setDefaultTimeout(15_000);
    const page = await context.newPage();
    const product = await galleryProduct(context);
    const urls = product.images.map((i) => i.url);
    await page.goto(`/product/${product._id}`);
    const bar = page.getByTestId('buy-bar');
    await bar.waitFor();
    for (const name of ['ADD TO CART', 'BUY NOW']) {
      const box = (await bar.getByRole('button', { name }).boundingBox())!;
      expect(box.height).toBeGreaterThanOrEqual(44);
      expect(box.width).toBeGreaterThanOrEqual(44);
      // on screen without scrolling: the bar sits at the bottom of the viewport
      expect(box.y + box.height).toBeLessThanOrEqual(MOBILE.height);
      expect(box.y).toBeGreaterThan(MOBILE.height - 100);
    }
    expect(await bar.evaluate((el) => getComputedStyle(el).position)).toBe('fixed');
    // still there after scrolling to the reviews
    await page.getByRole('heading', { name: 'Customer Reviews' }).scrollIntoViewIfNeeded();
    expect((await bar.getByRole('button', { name: 'BUY NOW' }).boundingBox())!.y).toBeGreaterThan(
      MOBILE.height - 100,
    );
    await page.evaluate(() => window.scrollTo(0, 0));

    // the other targets of the page are ≥ 44 px too
    for (const target of [
      page.getByRole('button', { name: 'Next image' }),
      page.getByRole('button', { name: 'Previous image' }),
      page.getByRole('button', { name: /^Show image 1 of/ }),
      page.getByTestId('sold-by').getByRole('link'),
    ]) {
      const box = (await target.boundingBox())!;
      expect(box.height).toBeGreaterThanOrEqual(44);
    }

    // swipe left on the picture: the next one
    const main = (await page.getByTestId('gallery-main').boundingBox())!;
    const y = main.y + main.height / 2;
    await page.getByTestId('gallery-main').evaluate(
      (el, p) => {
        const touch = (x: number) => new Touch({ identifier: 1, target: el, clientX: x, clientY: p.y });
        el.dispatchEvent(
          new TouchEvent('touchstart', {
            bubbles: true,
            touches: [touch(p.from)],
            changedTouches: [touch(p.from)],
          }),
        );
        el.dispatchEvent(
          new TouchEvent('touchend', { bubbles: true, touches: [], changedTouches: [touch(p.to)] }),
        );
      },
      { from: main.x + main.width * 0.8, to: main.x + main.width * 0.2, y },
    );
    await expect.poll(() => mainImage(page).getAttribute('src')).toBe(urls[1]);
    await page.screenshot({
      path: `${import.meta.dirname}/../../../artifacts/screenshots/product-page-buy-bar-390.png`,
    });
    await context.close();
  });
});
