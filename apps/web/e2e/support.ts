/** Shared helpers for the browser journeys (storefront and consoles). */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import {
  chromium,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type Page,
} from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';

export const BASE_URL = (process.env.E2E_BASE_URL ?? 'http://127.0.0.1:3101').replace(/\/$/, '');
const SHOTS = path.resolve(import.meta.dirname, '../../../artifacts/screenshots');
mkdirSync(SHOTS, { recursive: true });

export const DESKTOP = { width: 1280, height: 900 };
export const MOBILE = { width: 390, height: 844 };

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
}

/** One browser for a journey file, launched before its tests and closed after them; call it for the browser. */
export function fileBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error('the browser is not running (used outside a test?)');
    return browser;
  };
}

export async function newContext(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: BASE_URL, viewport: DESKTOP });
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  return { context, page };
}

/** Saves `name`-1280.png and `name`-390.png of the current page, then restores the desktop width. */
export async function screenshots(page: Page, name: string): Promise<void> {
  await page.setViewportSize(DESKTOP);
  await page.waitForTimeout(150);
  await page.screenshot({ path: path.join(SHOTS, `${name}-1280.png`) });
  await page.setViewportSize(MOBILE);
  await page.waitForTimeout(300);
  await page.screenshot({ path: path.join(SHOTS, `${name}-390.png`) });
  await page.setViewportSize(DESKTOP);
}

/** Waits for a toast with exactly this text (react-toastify renders role="alert"). */
export async function expectToast(page: Page, text: string): Promise<void> {
  await page.locator('.Toastify__toast', { hasText: text }).first().waitFor({ state: 'visible' });
}

export async function dismissToasts(page: Page): Promise<void> {
  const buttons = page.locator('.Toastify__toast .Toastify__close-button');
  for (const b of await buttons.all()) await b.click().catch(() => undefined);
  await page
    .locator('.Toastify__toast')
    .first()
    .waitFor({ state: 'detached', timeout: 5000 })
    .catch(() => undefined);
}

let seq = 0;
export function uniqueUser(prefix = 'shopper') {
  seq += 1;
  const id = `${Date.now().toString(36)}${seq}${Math.floor(Math.random() * 1e4)}`;
  return {
    username: `${prefix}${id}`.slice(0, 40),
    email: `${prefix}.${id}@e2e.test`,
    password: 'Shopper@123',
  };
}

/** Registers a shopper through the API and logs the context in (cookies are shared with its pages). */
export async function apiRegisterAndLogin(context: BrowserContext, user = uniqueUser()) {
  const reg = await context.request.post('/api/auth/register', { data: user });
  if (!reg.ok()) throw new Error(`register failed: ${reg.status()} ${await reg.text()}`);
  const login = await context.request.post('/api/auth/login', {
    data: { email: user.email, password: user.password },
  });
  if (!login.ok()) throw new Error(`login failed: ${login.status()}`);
  const body = (await login.json()) as { user: { id: string; username: string; email: string } };
  return { ...user, id: body.user.id };
}

export async function uiLogin(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/auth/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL((u) => !u.pathname.startsWith('/auth'));
}

export interface ProductLite {
  _id: string;
  title: string;
  totalStock: number;
  salePrice: number | null;
  price: number;
  options: unknown[];
}

/**
 * A product sold as one (default) variant: the journeys that add by product id alone need one (a product with sizes
 * or colours asks for the chosen variant: variants.e2e.ts covers those).
 */
export const soldAsOne = (p: { options?: unknown[] }): boolean => !p.options?.length;

/** A product as a seller's console lists it: with its variants (one, for a product sold as one). */
export interface SellerProduct {
  _id: string;
  title: string;
  category: string;
  totalStock: number;
  variants: { _id: string; stock: number }[];
}

/** What adds one of `p` to a cart: the product and its variant with the most stock. */
export function cartLineOf(p: SellerProduct): { productId: string; variantId: string } {
  const [most] = [...p.variants].sort((a, b) => b.stock - a.stock);
  if (!most) throw new Error(`${p.title} has no variant`);
  return { productId: p._id, variantId: most._id };
}

/**
 * Checkout pays by PayPal (the sandbox without keys) instead of the first method offered (UPI): for the journeys that
 * approve or cancel on the sandbox page.
 */
export async function payByPayPal(page: Page): Promise<void> {
  await page.getByRole('radio', { name: 'PayPal', exact: true }).check();
}

/** PayPal chosen, DELIVER HERE pressed (`deliver`, the first by default): the page is the sandbox's. */
export async function payOnSandbox(
  page: Page,
  deliver = page.getByRole('button', { name: 'DELIVER HERE' }).first(),
): Promise<void> {
  await payByPayPal(page);
  await deliver.click();
  await page.waitForURL(/\/api\/payments\/sandbox\//);
}

/** A product with plenty of stock, from the public listing. */
export async function inStockProduct(context: BrowserContext, skip = 0): Promise<ProductLite> {
  const r = await context.request.get('/api/shop/products/get?limit=100&sortBy=price-hightolow');
  const body = (await r.json()) as { data: ProductLite[] };
  const list = body.data.filter((p) => p.totalStock >= 20 && soldAsOne(p));
  const p = list[skip % list.length];
  if (!p) throw new Error('no product in stock');
  return p;
}

/** axe-core on the current page: the serious and critical violations (ids and a few targets). */
/**
 * axe-core violations above minor (moderate, serious, critical) of WCAG 2.1 A/AA and axe's best practices
 * (heading order, landmarks, one h1): the bar of issue 11 is "nothing above minor on every page".
 */
export async function a11yViolations(page: Page) {
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  return result.violations
    .filter((v) => v.impact != null && v.impact !== 'minor')
    .map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.slice(0, 3).map((n) => n.target.join(' ')),
    }));
}

/** Orders the cart of the shopper on `req` to this address and pays it in the sandbox; answers the order's id. */
export async function sandboxPay(req: APIRequestContext, addressId: string, key: string): Promise<string> {
  const created = await req.post('/api/shop/order/create', {
    data: { addressId },
    headers: { 'Idempotency-Key': key },
  });
  expect(created.status(), await created.text()).toBe(201);
  const order = (await created.json()) as { orderId: string; paymentId: string; approvalURL: string };
  const approve = await req.post(`${order.approvalURL}/approve`, { maxRedirects: 0 });
  const payerId =
    new URL(approve.headers().location ?? '/', 'http://x').searchParams.get('PayerID') ?? 'PAYER';
  const captured = await req.post('/api/shop/order/capture', {
    data: { paymentId: order.paymentId, payerId, orderId: order.orderId },
  });
  expect(captured.status(), await captured.text()).toBe(200);
  return order.orderId;
}

/** A delivery address for the journeys' shoppers (POST /api/shop/address/add). */
export const SHOPPER_ADDRESS = {
  address: '7 Lake View',
  city: 'Pune',
  pincode: '411001',
  phone: '9812345678',
  notes: 'Ring twice',
  place: 'home',
};

/**
 * A seller's part of an order delivered the only way it can be (docs/delivery.md): the seller marks it ready
 * (pickup settings first, in case it has none), the in-process fake courier moves the parcel along
 * (COURIER_FAKE_ADVANCE_MS, a second in journeys) and its signed events mark the lines delivered.
 */
export async function shipAndAwaitDelivery(seller: APIRequestContext, orderId: string): Promise<void> {
  const settings = await seller.put('/api/seller/delivery/settings', {
    data: {
      pickupAddress: '12 Nehru Place, New Delhi',
      pickupPincode: '110002',
      dispatchDays: 1,
      cutoff: '14:00',
    },
  });
  expect(settings.ok(), await settings.text()).toBe(true);
  const shipped = await seller.post(`/api/seller/orders/${orderId}/ship`, { data: {} });
  expect(shipped.ok(), await shipped.text()).toBe(true);
  await expect
    .poll(
      async () => {
        const res = await seller.get(`/api/seller/orders/details/${orderId}`);
        return ((await res.json()) as { data?: { orderStatus?: string } }).data?.orderStatus;
      },
      { timeout: 60_000, interval: 500 },
    )
    .toBe('delivered');
}

/**
 * A new shopper, logged in on `shopper`, buys `quantity` of `product` (to SHOPPER_ADDRESS with `address`'s changes)
 * through the sandbox, and its seller's part is delivered by the fake courier; answers the order's id.
 */
export async function boughtAndDelivered(
  shopper: BrowserContext,
  seller: APIRequestContext,
  product: SellerProduct,
  {
    quantity = 1,
    prefix = 'shopper',
    address = {},
  }: { quantity?: number; prefix?: string; address?: object } = {},
): Promise<string> {
  const user = await apiRegisterAndLogin(shopper, uniqueUser(prefix));
  const added = await shopper.request.post('/api/shop/cart/add', {
    data: { userId: user.id, ...cartLineOf(product), quantity },
  });
  expect(added.ok(), await added.text()).toBe(true);
  const saved = await shopper.request.post('/api/shop/address/add', {
    data: { ...SHOPPER_ADDRESS, ...address },
  });
  expect(saved.status(), await saved.text()).toBe(201);
  const addressId = ((await saved.json()) as { data: { _id: string } }).data._id;
  const orderId = await sandboxPay(shopper.request, addressId, `e2e-${prefix}-${Date.now().toString(36)}`);
  await shipAndAwaitDelivery(seller, orderId);
  return orderId;
}
