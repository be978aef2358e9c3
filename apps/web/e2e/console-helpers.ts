/** Console-only helpers of the browser journeys; the shared ones come from ./support (storefront's). */
import { deflateSync } from 'node:zlib';
import type { APIRequestContext, Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, expect } from 'vitest';
import { fileBrowser, newContext, screenshots as shots, uiLogin } from './support';

export { a11yViolations, BASE_URL, expectToast, launchBrowser } from './support';

export const DEMO = {
  admin: { email: 'admin@haat.test', password: 'Admin@123' },
  shopper: { email: 'shopper@haat.test', password: 'Shopper@123' },
  seller: { email: 'seller@haat.test', password: 'Seller@123' },
  /** the second demo store (fashion) */
  seller2: { email: 'seller2@haat.test', password: 'Seller@123' },
} as const;

export const newSession = (browser: Browser) => newContext(browser);

/** One browser for a journey file: `session()` opens a logged-out context; all are closed after the file. */
export function journeySessions() {
  const browser = fileBrowser();
  const contexts: BrowserContext[] = [];
  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => undefined);
  });
  return async () => {
    const s = await newSession(browser());
    contexts.push(s.context);
    return s;
  };
}

export interface NewSeller {
  username: string;
  email: string;
  phone: string;
  password: string;
  storename: string;
  address: string;
  bankaccount: string;
  ifsccode: string;
}

/** Registers a seller through the four-step wizard with a document; ends on the pending page. */
export async function registerSellerThroughWizard(page: Page, s: NewSeller) {
  await page.goto('/auth/register-seller');
  await page.getByLabel('Username').fill(s.username);
  await page.getByLabel('Email').fill(s.email);
  await page.getByLabel('Phone').fill(s.phone);
  await page.getByLabel('Password').fill(s.password);
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Store Name').fill(s.storename);
  await page.getByLabel('Business Type').selectOption('Individual');
  await page.getByLabel('Address').fill(s.address);
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Bank Account').fill(s.bankaccount);
  await page.getByLabel('IFSC Code').fill(s.ifsccode);
  await page.getByLabel(/^Document/).setInputFiles({
    name: 'gst-certificate.png',
    mimeType: 'image/png',
    buffer: makePng(120, 80, [30, 64, 175], [14, 165, 233]),
  });
  await page.getByText('Uploaded gst-certificate.png').waitFor();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByText('Step 4 of 4').waitFor();
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.waitForURL(/\/seller\/pending$/);
}

/** Logs in through the login form and waits for the role's landing page. */
export async function loginThroughUi(
  page: Page,
  creds: { email: string; password: string },
  landing: RegExp,
) {
  await uiLogin(page, creds.email, creds.password);
  await page.waitForURL(landing);
}

/** artifacts/screenshots/console-<name>-1280.png and -390.png */
export const screenshots = (page: Page, name: string) => shots(page, `console-${name}`);

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** A valid RGB PNG with a horizontal gradient between two colours. */
export function makePng(
  width: number,
  height: number,
  from: [number, number, number],
  to: [number, number, number],
) {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    raw[row] = 0;
    for (let x = 0; x < width; x++) {
      const t = width > 1 ? x / (width - 1) : 0;
      for (let c = 0; c < 3; c++) raw[row + 1 + x * 3 + c] = Math.round(from[c]! + (to[c]! - from[c]!) * t);
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export const uniqueSuffix = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;

/**
 * What a new seller gives before it sells: its GST registration (taxed goods need a GSTIN, docs/tax.md) and where the
 * courier collects its parcels (docs/delivery.md).
 */
export async function readyToSell(seller: APIRequestContext, legalName: string): Promise<void> {
  const tax = await seller.put('/api/seller/tax-profile', {
    data: { legalName, gstin: '27AAPFU0939F1ZV', state: 'Maharashtra', address: '1 Market Lane, Pune' },
  });
  expect(tax.ok(), await tax.text()).toBe(true);
  const pickup = await seller.put('/api/seller/delivery/settings', {
    data: { pickupAddress: '1 Market Lane, Pune', pickupPincode: '411001', dispatchDays: 1, cutoff: '14:00' },
  });
  expect(pickup.ok(), await pickup.text()).toBe(true);
}
