/** axe-core on the main storefront pages: no serious or critical violations. */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRegisterAndLogin, inStockProduct, launchBrowser, newContext, seriousViolations } from './support';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('accessibility (axe)', () => {
  it('when home, listing, product, cart and checkout are scanned, then none has serious or critical violations', async () => {
    const { context, page } = await newContext(browser);
    const product = await inStockProduct(context, 3);
    const found: Record<string, unknown> = {};
    const scan = async (name: string, path: string, ready: () => Promise<unknown>) => {
      await page.goto(path);
      await ready();
      await page.waitForTimeout(300);
      const v = await seriousViolations(page);
      if (v.length) found[name] = v;
    };
    await scan('home', '/', () => page.getByRole('heading', { name: 'Best Deals' }).waitFor());
    await scan('listing', '/shop/listing', () => page.locator('article').first().waitFor());
    await scan('product', `/product/${product._id}`, () =>
      page.getByRole('button', { name: 'ADD TO CART' }).waitFor(),
    );
    await apiRegisterAndLogin(context);
    await context.request.post('/api/shop/cart/add', { data: { productId: product._id, quantity: 1 } });
    await scan('cart', '/shop/cart', () => page.getByRole('button', { name: 'PLACE ORDER' }).waitFor());
    await scan('checkout', '/shop/checkout', () => page.getByRole('heading', { name: 'Checkout' }).waitFor());
    expect(found).toEqual({});
    await context.close();
  });
});
