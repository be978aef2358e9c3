/**
 * Console journeys against the built app: seller registration → approval → own product → a shopper buys it through
 * the sandbox → the seller ships its own line → the shopper sees it; banners; a rejected seller; axe on the consoles.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEMO,
  expectToast,
  launchBrowser,
  loginThroughUi,
  makePng,
  newSession,
  registerSellerThroughWizard,
  screenshots,
  a11yViolations,
  uniqueSuffix,
  readyToSell,
} from './console-helpers';
import { SHOPPER_ADDRESS, soldAsOne, payOnSandbox } from './support';

const run = uniqueSuffix();
const newSeller = {
  username: `E2E Seller ${run}`,
  email: `e2e-seller-${run}@haat.test`,
  phone: '9876501234',
  password: 'Seller@123',
  storename: `Lamp House ${run}`,
  address: '42 Residency Road, Bengaluru',
  bankaccount: '123456789012',
  ifsccode: 'HDFC0001234',
  businesstype: 'Individual',
};
const productTitle = `Brass Desk Lamp ${run}`;

let browser: Browser;
const contexts: BrowserContext[] = [];
async function session() {
  const s = await newSession(browser);
  contexts.push(s.context);
  return s;
}
/** A new session logged in as the admin or a demo seller, on their dashboard. */
async function consoleOf(who: 'admin' | 'seller'): Promise<Page> {
  const { page } = await session();
  await loginThroughUi(page, DEMO[who], new RegExp(`/${who}/dashboard$`));
  return page;
}
const toast = expectToast;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
  await browser?.close();
});

describe('seller lifecycle: register, approval, product, sale, shipping', () => {
  let seller: Page;
  let admin: Page;
  let shopper: Page;
  let orderId = '';

  it('when a seller registers through the wizard with a document, then it lands on the pending page', async () => {
    ({ page: seller } = await session());
    await registerSellerThroughWizard(seller, newSeller);
    await seller.getByRole('heading', { name: 'Approval Pending' }).waitFor();
    await seller.getByText('Checking status every 5 seconds...').waitFor();
    // the console links are locked until approval
    expect(await seller.getByText('Access restricted until admin approval').first().isVisible()).toBe(true);
    await seller.goto('/seller/products');
    await seller.waitForURL(/\/seller\/pending$/);
    await screenshots(seller, 'seller-pending');
  }, 90_000);

  it('when the admin approves it in the seller listing, then the pending page moves on to the dashboard by itself', async () => {
    ({ page: admin } = await session());
    await loginThroughUi(admin, DEMO.admin, /\/admin\/dashboard$/);
    await admin.getByRole('link', { name: "Seller's" }).first().click();
    await admin.getByRole('heading', { name: "Seller's Listing" }).waitFor();
    const row = admin.getByRole('row').filter({ hasText: newSeller.storename });
    await row.getByRole('button', { name: /View Detail/ }).click();
    const dialog = admin.getByRole('dialog', { name: "Seller's Details" });
    await dialog.getByText(newSeller.email).waitFor();
    await dialog.getByRole('link', { name: /Open document/ }).waitFor();
    await screenshots(admin, 'admin-seller-details');
    await dialog.getByLabel(/Seller Status/).selectOption('approved');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await toast(admin, 'Seller status updated!');
    await dialog.getByText(/Current status:\s*Approved/).waitFor();
    await admin.keyboard.press('Escape');
    await row.getByText('Approved').waitFor();
    await screenshots(admin, 'admin-seller-listing');

    // no reload: the pending page polls every 5 s
    await seller.waitForURL(/\/seller\/dashboard$/, { timeout: 15_000 });
    await seller.getByRole('heading', { name: `Welcome back, ${newSeller.username}!` }).waitFor();
    await seller.getByText('Revenue by day').first().waitFor();
    await screenshots(seller, 'seller-dashboard');
  }, 90_000);

  it('when the approved seller adds a product with an image, then it is listed and found in the shop', async () => {
    await readyToSell(seller.request, 'Lamp Works LLP');
    await seller.getByRole('link', { name: 'Products' }).first().click();
    await seller.getByText('No products found.').waitFor();
    await seller.getByRole('button', { name: '+ Add Product' }).click();
    const dialog = seller.getByRole('dialog', { name: 'Add New Product' });
    // two pictures at once, then the second made the main one with the keyboard (move up)
    await dialog.getByLabel('Upload Images').setInputFiles([
      { name: 'lamp.png', mimeType: 'image/png', buffer: makePng(200, 200, [245, 158, 11], [120, 53, 15]) },
      {
        name: 'lamp-lit.png',
        mimeType: 'image/png',
        buffer: makePng(200, 200, [254, 240, 138], [234, 179, 8]),
      },
    ]);
    await dialog.getByAltText('Image 2 of 2').waitFor();
    const first = await dialog.getByAltText('Image 1 of 2').getAttribute('src');
    const second = await dialog.getByAltText('Image 2 of 2').getAttribute('src');
    await dialog.getByRole('button', { name: 'Move image 2 up' }).focus();
    await seller.keyboard.press('Enter');
    await expect.poll(() => dialog.getByAltText('Image 1 of 2').getAttribute('src')).toBe(second);
    expect(await dialog.getByAltText('Image 2 of 2').getAttribute('src')).toBe(first);
    await dialog.getByLabel(/^Title/).fill(productTitle);
    await dialog.getByLabel(/^Description/).fill('A warm brass lamp for the study table.');
    await dialog.getByLabel(/^Category/).selectOption('appliances');
    await dialog.getByLabel(/^Brand/).fill('Philips');
    await dialog.getByLabel(/^Price/).fill('1299');
    await dialog.getByLabel(/^Sale Price/).fill('999');
    await dialog.getByLabel(/^Discount/).fill('10');
    await dialog.getByLabel(/^Total Stock/).fill('25');
    await dialog.getByRole('button', { name: 'Add Product' }).click();
    await toast(seller, 'Product added Successfully!');
    await dialog.waitFor({ state: 'detached' });
    await seller.getByRole('heading', { name: productTitle }).waitFor();
    await screenshots(seller, 'seller-products');
    const found = await seller.request.get(
      `/api/shop/product/search/search-product/${encodeURIComponent(productTitle)}`,
    );
    const saved = (
      (await found.json()) as { data: { title: string; images: { url: string }[] }[] }
    ).data.find((p) => p.title === productTitle);
    expect(saved?.images.map((i) => i.url)).toEqual([second, first]);

    ({ page: shopper } = await session());
    await loginThroughUi(shopper, DEMO.shopper, /\/$/);
    await shopper.goto(`/shop/listing/search?keyword=${encodeURIComponent(productTitle)}`);
    await shopper
      .getByRole('link', { name: new RegExp(productTitle) })
      .first()
      .waitFor();
    await screenshots(shopper, 'shop-search-new-product');
  }, 90_000);

  it('when a shopper buys it through the sandbox, then the payment succeeds', async () => {
    // a clean cart: the new product (through the UI) plus one line of another seller (through the API)
    const me = (await (await shopper.request.get('/api/auth/check-auth')).json()) as { user: { id: string } };
    const userId = me.user.id;
    const cart = (await (await shopper.request.get(`/api/shop/cart/get/${userId}`)).json()) as {
      data?: { items?: { productId: string }[] };
    };
    for (const item of cart.data?.items ?? [])
      await shopper.request.delete(`/api/shop/cart/${userId}/${item.productId}`);
    const addresses = (await (await shopper.request.get(`/api/shop/address/get/${userId}`)).json()) as {
      data?: unknown[];
    };
    if (!addresses.data?.length) {
      const added = await shopper.request.post('/api/shop/address/add', { data: SHOPPER_ADDRESS });
      expect(added.ok()).toBe(true);
    }
    const otherSellerProduct = await productOfDemoSeller();
    const addOther = await shopper.request.post('/api/shop/cart/add', {
      data: { userId, productId: otherSellerProduct._id, quantity: 1 },
    });
    expect(addOther.ok()).toBe(true);

    await shopper
      .getByRole('link', { name: new RegExp(productTitle) })
      .first()
      .click();
    await shopper.waitForURL(/\/product\//);
    await shopper.getByRole('button', { name: 'ADD TO CART' }).click();
    await toast(shopper, 'Product added Successfully!');
    await shopper.goto('/shop/cart');
    await shopper.getByText(productTitle).first().waitFor();
    await shopper
      .getByRole('button', { name: /PLACE ORDER/ })
      .or(shopper.getByRole('link', { name: /PLACE ORDER/ }))
      .first()
      .click();
    await shopper.waitForURL(/\/shop\/checkout/);
    await shopper
      .getByRole('radio', { name: /^Deliver to/ })
      .first()
      .check();
    await payOnSandbox(shopper);
    await shopper.getByRole('button', { name: 'Approve payment' }).click();
    await shopper.waitForURL(/\/shop\/payment-success\//, { timeout: 30_000 });
    await shopper.getByText('Payment Successful!').waitFor();
    orderId = decodeURIComponent(new URL(shopper.url()).pathname.split('/').pop() ?? '');
    expect(orderId).toMatch(/^[0-9a-f-]{36}$/);

    // the other seller ships its line through its own API, so the order's overall status can move with ours
    const other = await session();
    const login = await other.page.request.post('/api/auth/login', { data: DEMO.seller });
    expect(login.ok()).toBe(true);
    const shipped = await other.page.request.put(`/api/seller/orders/update/${orderId}`, {
      data: { orderStatus: 'inShipping' },
    });
    expect(shipped.ok()).toBe(true);

    async function productOfDemoSeller() {
      const s = await session();
      await s.page.request.post('/api/auth/login', { data: DEMO.seller });
      const info = (await (await s.page.request.get('/api/auth/check-auth')).json()) as {
        seller: { _id: string };
      };
      const list = (await (
        await s.page.request.get(`/api/seller/products/get/${info.seller._id}`)
      ).json()) as {
        data: { _id: string; title: string; totalStock: number; options: unknown[] }[];
      };
      const p = list.data.find((x) => x.totalStock > 5 && soldAsOne(x));
      if (!p) throw new Error('the demo seller has no product in stock');
      return p;
    }
  }, 120_000);

  it('when the seller opens Order History, then it sees only its own line and moves it to inShipping', async () => {
    await seller.getByRole('link', { name: 'Orders' }).first().click();
    await seller.getByRole('heading', { name: 'Order History' }).waitFor();
    const table = seller.getByRole('table');
    await table.getByText(productTitle).waitFor();
    await table
      .getByRole('row')
      .filter({ hasText: productTitle })
      .getByRole('button', { name: 'View Detail' })
      .click();
    const dialog = seller.getByRole('dialog', { name: 'Order Details' });
    await dialog.getByText(orderId).waitFor();
    expect(await dialog.getByText(productTitle).count()).toBe(1);
    expect(await dialog.getByText('Quantity: ').count()).toBe(1); // only its own line
    await dialog.getByText('Sandbox (test payment)', { exact: true }).waitFor();
    await dialog.getByText('Paid', { exact: true }).first().waitFor(); // the payment status in words, never raw "paid"
    // the select starts on the status the summary shows
    expect(await dialog.getByLabel('Order Status').inputValue()).toBe('confirmed');
    await screenshots(seller, 'seller-order-details');
    await dialog.getByLabel('Order Status').selectOption('inShipping');
    await dialog.getByRole('button', { name: 'Update Order Status' }).click();
    await toast(seller, 'Order status updated!');
    await dialog.getByText('In Shipping', { exact: true }).first().waitFor();
    await seller.keyboard.press('Escape');
    await table.getByRole('row').filter({ hasText: productTitle }).getByText('In Shipping').waitFor();
    await screenshots(seller, 'seller-orders');
  }, 60_000);

  it("when the shopper opens its order history, then the order shows the seller's new status", async () => {
    await shopper.goto('/shop/account/orders');
    await shopper.getByRole('heading', { name: 'Order History' }).waitFor();
    // newest first: the order just paid
    const row = shopper.getByTestId('order-row').first();
    await row.getByRole('button', { name: 'Details' }).click();
    const dialog = shopper.getByRole('dialog', { name: 'Order Details' });
    await dialog.getByText(orderId).waitFor();
    await dialog.getByText(productTitle).first().waitFor();
    await shopper.keyboard.press('Escape');
    await row.getByText('In Shipping', { exact: true }).waitFor();
    await screenshots(shopper, 'shop-order-history');
  }, 60_000);
});

describe('banners', () => {
  it('when the admin uploads a banner with its message, then it rotates on the home page with the message over it, whole at 390 px; deleting asks first, then it is gone', async () => {
    const admin = await consoleOf('admin');
    await admin.getByRole('link', { name: 'Banner' }).first().click();
    await admin.getByRole('heading', { name: 'Upload Banner Images' }).waitFor();
    await admin.getByTestId('banner-sizes').getByText('1920 × 480 px').waitFor();
    const uploadButton = admin.getByRole('button', { name: 'Upload Banner' });
    expect(await uploadButton.isDisabled()).toBe(true);
    await admin.getByLabel('Banner image', { exact: true }).setInputFiles({
      name: 'sale.png',
      mimeType: 'image/png',
      buffer: makePng(900, 300, [190, 24, 93], [250, 204, 21]),
    });
    const preview = admin.getByAltText('Uploaded image preview');
    await preview.waitFor();
    const url = (await preview.getAttribute('src')) ?? '';
    expect(url).toMatch(/^\/uploads\/|^https?:\/\//);
    const title = `Monsoon Sale ${run}`;
    await admin.getByLabel('Title', { exact: true }).fill(title);
    await admin.getByLabel('Subtitle').fill('Rain or shine, up to 50% off');
    await admin.getByLabel('Button label').fill('Shop electronics');
    await admin.getByLabel('Button link').fill('/shop/listing?category=electronics');
    await uploadButton.click();
    await toast(admin, 'Banner uploaded successfully!');
    const card = admin.getByRole('listitem').filter({ has: admin.locator(`img[src="${url}"]`) });
    await card.waitFor();
    await screenshots(admin, 'admin-banner');

    const { page: visitor } = await session();
    await visitor.goto('/');
    await visitor.locator(`img[src="${url}"]`).first().waitFor({ state: 'attached' });
    // the newest banner is the first slide: its message is text over the picture, whole on a phone too
    await visitor.setViewportSize({ width: 390, height: 844 });
    const message = visitor.getByTestId('banner-message').filter({ hasText: title });
    await message.getByText(title).waitFor();
    const carousel = visitor.getByRole('region', { name: 'Offers', exact: true });
    const [box, inner] = [await carousel.boundingBox(), await message.getByText(title).boundingBox()];
    expect(inner!.x).toBeGreaterThanOrEqual(box!.x);
    expect(inner!.x + inner!.width).toBeLessThanOrEqual(box!.x + box!.width);
    expect(inner!.y + inner!.height).toBeLessThanOrEqual(box!.y + box!.height);
    await screenshots(visitor, 'home-banner-message');

    await card.getByRole('button', { name: /Delete/ }).click();
    const confirm = admin.getByRole('dialog', { name: 'Delete banner?' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await toast(admin, 'Banner deleted successfully!');
    await card.waitFor({ state: 'detached' });
    await visitor.reload();
    await visitor.getByRole('img').first().waitFor({ state: 'attached' });
    expect(await visitor.locator(`img[src="${url}"]`).count()).toBe(0);
  }, 90_000);
});

describe('a rejected seller', () => {
  it('when the admin rejects a seller, then its session ends and, logged in again, it is told so on the pending page', async () => {
    const { page: rejected } = await session();
    const email = `e2e-rejected-${run}@haat.test`;
    const doc = await rejected.request.post('/api/auth/seller/upload-document', {
      multipart: {
        my_file: { name: 'doc.png', mimeType: 'image/png', buffer: makePng(40, 40, [0, 0, 0], [90, 90, 90]) },
      },
    });
    expect(doc.ok()).toBe(true);
    const { result } = (await doc.json()) as { result: { url: string } };
    const reg = await rejected.request.post('/api/auth/seller/register-seller', {
      data: {
        ...newSeller,
        email,
        username: `Rejected ${run}`,
        storename: `Rejected Store ${run}`,
        image: result.url,
      },
    });
    expect(reg.ok()).toBe(true);

    const admin = await consoleOf('admin');
    await admin.goto('/admin/seller-listing');
    const row = admin.getByRole('row').filter({ hasText: `Rejected Store ${run}` });
    await row.getByRole('button', { name: /View Detail/ }).click();
    const dialog = admin.getByRole('dialog', { name: "Seller's Details" });
    await dialog.getByText(email).waitFor();
    await dialog.getByLabel(/Seller Status/).selectOption('rejected');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    // rejecting asks once more
    await dialog.getByRole('button', { name: 'Reject seller' }).click();
    await toast(admin, 'Seller status updated!');

    // the rejection ended the seller's sessions (docs/security.md): it is asked to log in again, then told
    await rejected.goto('/seller/dashboard');
    await rejected.waitForURL(/\/auth\/login/);
    await loginThroughUi(rejected, { email, password: newSeller.password }, /\/seller\/pending$/);
    await rejected.getByText('Your seller application was rejected', { exact: false }).waitFor();
    await rejected.waitForTimeout(6_000); // one more poll: still here
    expect(new URL(rejected.url()).pathname).toBe('/seller/pending');
    await screenshots(rejected, 'seller-rejected');
  }, 90_000);
});

describe('accessibility of the consoles', () => {
  it('when axe checks the console pages, then there is no serious or critical violation', async () => {
    const admin = await consoleOf('admin');
    const seller = await consoleOf('seller');
    const pages: [Page, string, string][] = [
      [admin, '/admin/dashboard', 'Revenue, last 30 days'],
      [admin, '/admin/products', '+ Add Product'],
      [admin, '/admin/seller-listing', "Seller's Listing"],
      [admin, '/admin/banner', 'Upload Banner Images'],
      [seller, '/seller/dashboard', 'Revenue by day'],
      [seller, '/seller/products', '+ Add Product'],
      [seller, '/seller/orders', 'Order History'],
    ];
    const found: Record<string, unknown> = {};
    for (const [page, url, marker] of pages) {
      await page.goto(url);
      await page
        .getByText(marker)
        .first()
        .waitFor()
        .catch(async (err: unknown) => {
          await page.screenshot({ path: `/tmp/axe-fail-${url.replace(/\//g, '_')}.png` });
          throw err;
        });
      await page.waitForTimeout(300);
      const v = await a11yViolations(page);
      if (v.length) found[url] = v;
    }
    // the product panel and the seller details dialog, open
    await admin.goto('/admin/products');
    await admin.getByRole('button', { name: '+ Add Product' }).click();
    await admin.getByRole('dialog', { name: 'Add New Product' }).waitFor();
    await admin.waitForTimeout(300);
    const panel = await a11yViolations(admin);
    if (panel.length) found['/admin/products (panel)'] = panel;
    await screenshots(admin, 'admin-product-panel');
    expect(found).toEqual({});
  }, 120_000);
});
