/**
 * Issue 31 as a shopper meets it: paying by UPI through the payment gateway (the local test gateway `pnpm start`
 * runs without keys: our page → its hosted page with the QR → Succeed → back to the shop, paid), and a cash on
 * delivery order placed only after the code sent by SMS (read from the development outbox).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRegisterAndLogin, launchBrowser, newContext, screenshots, SHOPPER_ADDRESS } from './support';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const SMS_DIR = process.env.E2E_SMS_DIR;

interface Listed {
  _id: string;
  title: string;
  price: number;
  totalStock: number;
  options?: unknown[];
}

/** A product under ₹10,000 with stock and no options (cash on delivery's limit). */
async function affordableProduct(context: BrowserContext, skip: number): Promise<Listed> {
  const r = await context.request.get('/api/shop/products/get?limit=100&sortBy=price-lowtohigh');
  const list = ((await r.json()) as { data: Listed[] }).data.filter(
    (p) => p.totalStock >= 20 && !p.options?.length && p.price < 5000,
  );
  return list[skip % list.length]!;
}

async function shopperAt(context: BrowserContext): Promise<void> {
  const user = await apiRegisterAndLogin(context);
  const r = await context.request.post('/api/shop/address/add', {
    data: { userId: user.id, ...SHOPPER_ADDRESS },
  });
  expect(r.ok(), await r.text()).toBe(true);
}

async function buyNowWith(page: Page, product: Listed, method: RegExp): Promise<void> {
  await page.goto(`/product/${product._id}`);
  await page.getByRole('heading', { level: 1, name: product.title }).waitFor();
  await page.getByRole('button', { name: 'BUY NOW' }).first().click();
  await page.waitForURL(/\/shop\/checkout\?buyNow=/);
  await page.getByRole('radio', { name: method }).check();
  await screenshots(page, 'checkout-payment-methods');
  await page.getByRole('button', { name: 'DELIVER HERE' }).click();
}

/** the newest code the SMS outbox holds for this phone */
function lastCodeFor(phone: string): string | undefined {
  if (!SMS_DIR) throw new Error('E2E_SMS_DIR is not set (scripts/e2e.mjs sets it)');
  const files = readdirSync(SMS_DIR).sort();
  for (const f of files.reverse()) {
    const m = JSON.parse(readFileSync(path.join(SMS_DIR, f), 'utf8')) as { to: string; text: string };
    if (m.to === phone) return /(\d{6})/.exec(m.text)?.[1];
  }
  return undefined;
}

describe('Indian payments', () => {
  it('when the shopper pays by UPI on the gateway page (QR → Succeed), then the order is paid', async () => {
    const { context, page } = await newContext(browser);
    await shopperAt(context);
    const product = await affordableProduct(context, 0);
    await buyNowWith(page, product, /UPI/);
    // the gateway's hosted page (the local test gateway): the UPI QR and its two buttons
    await page.getByTestId('upi-qr').waitFor({ timeout: 20_000 });
    await screenshots(page, 'gateway-upi-qr');
    await page.getByRole('button', { name: 'Succeed' }).click();
    await page.waitForURL(/\/shop\/payment-success\//, { timeout: 20_000 });
    await page.getByRole('heading', { name: 'Payment Successful!' }).waitFor();
    const orderId = new URL(page.url()).pathname.split('/').pop()!;
    const r = await context.request.get(`/api/shop/order/details/${orderId}`);
    const order = (await r.json()).data as { paymentStatus: string; paymentMethod: string };
    expect(order).toMatchObject({ paymentStatus: 'paid', paymentMethod: 'upi' });
    await context.close();
  });

  it('when the shopper picks cash on delivery, then the order is placed only after the SMS code', async () => {
    const { context, page } = await newContext(browser);
    await shopperAt(context);
    const product = await affordableProduct(context, 1);
    await buyNowWith(page, product, /Cash on delivery/);
    await page.waitForURL(/\/shop\/cod-confirm\//);
    const orderId = new URL(page.url()).pathname.split('/').pop()!;
    const before = await context.request.get(`/api/shop/order/details/${orderId}`);
    expect(((await before.json()).data as { paymentStatus: string }).paymentStatus).toBe('pending');
    const code = lastCodeFor(SHOPPER_ADDRESS.phone)!;
    expect(code).toMatch(/^\d{6}$/);
    await page.getByLabel(/6-digit code/).fill(code);
    await screenshots(page, 'cod-confirm');
    await page.getByRole('button', { name: 'Place order' }).click();
    await page.waitForURL(/\/shop\/payment-success\//);
    await page.getByRole('heading', { name: 'Order placed' }).waitFor();
    await page.getByText('Pay on delivery').first().waitFor();
    const after = await context.request.get(`/api/shop/order/details/${orderId}`);
    expect((await after.json()).data).toMatchObject({ paymentMethod: 'cod', orderStatus: 'confirmed' });
    await context.close();
  });
});
