/**
 * A 390 px phone (issue 27): every tap target a shopper uses is at least 44 × 44 px, and no page scrolls sideways,
 * measured with a mouse (no touch) so that nothing relies on touch-only styles (docs/web.md, "Phones").
 */
import type { APIRequestContext, Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from './console-helpers';
import {
  apiRegisterAndLogin,
  BASE_URL,
  cartLineOf,
  inStockProduct,
  launchBrowser,
  sandboxPay,
  shipAndAwaitDelivery,
  SHOPPER_ADDRESS,
} from './support';
import type { SellerProduct } from './support';

type CartLine = ReturnType<typeof cartLineOf>;

const PHONE = { width: 390, height: 844 };
const TAP = 44;

let browser: Browser;
const contexts: BrowserContext[] = [];
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
  await browser?.close();
});

async function phone(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: BASE_URL, viewport: PHONE, hasTouch: false });
  context.setDefaultTimeout(15_000);
  contexts.push(context);
  return { context, page: await context.newPage() };
}

/** The page's width, and when it is wider than the phone, the outermost element reaching past the right edge. */
async function overflow(page: Page): Promise<string | null> {
  return page.evaluate((limit) => {
    const width = document.scrollingElement!.scrollWidth;
    if (width <= limit) return null;
    // the outermost element past the edge that no box of its own scrolls or clips
    const clipped = (e: Element): boolean => {
      for (let a = e.parentElement; a && a !== document.body; a = a.parentElement)
        if (getComputedStyle(a).overflowX !== 'visible') return true;
      return false;
    };
    const past = [...document.querySelectorAll('body *')].find(
      (e) => e.getBoundingClientRect().right > limit && !clipped(e),
    );
    const name = past ? `${past.tagName.toLowerCase()}.${[...past.classList].join('.')}` : '?';
    return `${width}px (${name})`;
  }, PHONE.width);
}

/** The targets among these that are smaller than 44 × 44 px, named with their size (none when all pass). */
async function smallTargets(name: string, targets: Locator): Promise<string[]> {
  await targets.first().waitFor();
  const small: string[] = [];
  for (const [i, t] of (await targets.all()).entries()) {
    const box = await t.boundingBox();
    if (!box || box.width < TAP || box.height < TAP)
      small.push(`${name} #${i + 1}: ${box ? `${box.width}×${box.height}` : 'not shown'}`);
  }
  return small;
}

/** The shopper on `req` buys this product through the sandbox (one unit); answers the paid order's id. */
async function buy(req: APIRequestContext, line: CartLine, addressId: string): Promise<string> {
  const added = await req.post('/api/shop/cart/add', { data: { ...line, quantity: 1 } });
  expect(added.ok(), await added.text()).toBe(true);
  return sandboxPay(req, addressId, `e2e-phone-${Date.now()}`);
}

/** What adds one of a product of the seller logged in on `req` (with stock) to a cart: its fullest variant. */
async function sellerProduct(req: APIRequestContext): Promise<CartLine> {
  const me = (await (await req.get('/api/auth/check-auth')).json()) as { seller: { _id: string } };
  const list = (await (await req.get(`/api/seller/products/get/${me.seller._id}`)).json()) as {
    data: SellerProduct[];
  };
  const p = list.data.find((x) => x.totalStock > 5);
  if (!p) throw new Error('the demo seller has no product in stock');
  return cartLineOf(p);
}

describe('a 390 px phone with a mouse', () => {
  let seller: Page;

  it('when a shopper goes from home to cart, checkout, addresses and orders, then every tap target is at least 44 × 44 px and no page scrolls sideways', async () => {
    ({ page: seller } = await phone());
    expect((await seller.request.post('/api/auth/login', { data: DEMO.seller })).ok()).toBe(true);
    const { context, page } = await phone();
    await apiRegisterAndLogin(context);
    const product = await inStockProduct(context);
    const added = await context.request.post('/api/shop/address/add', { data: SHOPPER_ADDRESS });
    expect(added.status(), await added.text()).toBe(201);
    const addressId = ((await added.json()) as { data: { _id: string } }).data._id;
    // an order of the demo seller's, delivered: the seller's statement has a line (below)
    const orderId = await buy(context.request, await sellerProduct(seller.request), addressId);
    await shipAndAwaitDelivery(seller.request, orderId);
    expect(
      (
        await context.request.post('/api/shop/cart/add', { data: { productId: product._id, quantity: 2 } })
      ).ok(),
    ).toBe(true);

    const small: string[] = [];
    const wide: string[] = [];
    const measure = async (where: string) => {
      const past = await overflow(page);
      if (past) wide.push(`${where}: ${past}`);
    };

    await page.goto('/');
    await page.getByRole('navigation', { name: 'Categories' }).waitFor();
    await page.waitForLoadState('networkidle');
    await measure('home');
    small.push(...(await smallTargets('carousel dot', page.getByRole('button', { name: /^Go to slide/ }))));
    small.push(...(await smallTargets('View All', page.getByRole('link', { name: /^View All/ }))));

    await page.goto('/shop/cart');
    await page.getByTestId('quantity').first().waitFor();
    await measure('cart');
    small.push(...(await smallTargets('cart −', page.getByRole('button', { name: 'Decrease quantity' }))));
    small.push(...(await smallTargets('cart +', page.getByRole('button', { name: 'Increase quantity' }))));
    small.push(...(await smallTargets('REMOVE', page.getByRole('button', { name: /^Remove$/i }))));

    await page.goto('/shop/checkout');
    await measure('checkout');
    small.push(...(await smallTargets('DELIVER HERE', page.getByRole('button', { name: 'DELIVER HERE' }))));
    small.push(...(await smallTargets('checkout Edit', page.getByRole('button', { name: /^Edit address/ }))));

    await page.goto('/shop/account/address');
    await page.getByRole('button', { name: /^Edit/ }).first().waitFor();
    await measure('addresses');
    small.push(...(await smallTargets('address Edit', page.getByRole('button', { name: /^Edit/ }))));

    await page.goto('/shop/account/orders');
    await page
      .getByRole('button', { name: /^Details/ })
      .first()
      .waitFor();
    await measure('orders');
    small.push(...(await smallTargets('order Details', page.getByRole('button', { name: /^Details/ }))));

    expect({ small, wide }).toEqual({ small: [], wide: [] });
  });

  it('when a seller opens Earnings on a phone, then every line of the statement is read without scrolling sideways', async () => {
    await seller.goto('/seller/earnings');
    const statement = seller.getByRole('region', { name: 'Statement' });
    const cells = statement.locator('td');
    await cells.first().waitFor();
    expect(await overflow(seller)).toBeNull();
    // each line's date, type, description and amount lies inside the screen, not in a box scrolled sideways
    const cut: string[] = [];
    for (const c of await cells.all()) {
      const box = await c.boundingBox();
      if (box && (box.x < 0 || box.x + box.width > PHONE.width))
        cut.push(`${await c.textContent()}: ${box.x}+${box.width}`);
    }
    expect(cut).toEqual([]);
  });

  it('when a shopper sends the address form with a wrong pincode hidden under the sticky header, then the field is focused and brought clear of the header', async () => {
    const { context, page } = await phone();
    await apiRegisterAndLogin(context);
    await page.goto('/shop/account/address');
    await page.getByRole('button', { name: /Add a New Address/ }).click();
    const form = page.getByRole('form', { name: 'Add a new address' });
    await form.getByLabel('Recipient name').fill('Asha Rao');
    await form.getByRole('textbox', { name: 'Address', exact: true }).fill('9 Park Street');
    await form.getByLabel('City').fill('Kolkata');
    await form.getByLabel('State').selectOption('West Bengal');
    await form.getByLabel('Pincode').fill('12');
    await form.getByLabel('Phone').fill('9876543210');
    await form.getByLabel('Place').selectOption('home');
    // the page scrolled so that the pincode sits under the header, then the form is sent (no scrolling of its own)
    const pincode = form.getByLabel('Pincode');
    await pincode.evaluate((el) => window.scrollBy(0, el.getBoundingClientRect().top - 10));
    await form.evaluate((f) => (f as HTMLFormElement).requestSubmit());
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('name')))
      .toBe('pincode');
    await page.waitForTimeout(300);
    const header = (await page.locator('header').first().boundingBox())!;
    const field = (await pincode.boundingBox())!;
    expect(field.y).toBeGreaterThanOrEqual(header.y + header.height);
    expect(field.y + field.height).toBeLessThanOrEqual(PHONE.height);
  });
});
