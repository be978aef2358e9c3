/**
 * Crawlers, titles, a quiet console and e-mail (docs/seo-and-email.md): what a search engine or a chat preview reads
 * without JavaScript, the tab title on each route, and the e-mails a paid order and a seller approval send (read
 * from the server's development mailbox, E2E_MAIL_DIR, since the journeys' server has no SMTP_URL).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import type { BrowserContext } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO, makePng, uniqueSuffix } from './console-helpers';
import { apiRegisterAndLogin, BASE_URL, inStockProduct, fileBrowser, newContext } from './support';

const MAIL_DIR = process.env.E2E_MAIL_DIR;

const browser = fileBrowser();

/** Waits (up to 20 s: the mail worker polls every 2 s) for a mailbox message to `to` matching the subject. */
async function waitForMail(to: string, subject: RegExp): Promise<ParsedMail> {
  const until = Date.now() + 20_000;
  while (Date.now() < until) {
    if (existsSync(MAIL_DIR!)) {
      for (const f of readdirSync(MAIL_DIR!).filter((n) => n.endsWith('.eml'))) {
        const m = await simpleParser(readFileSync(path.join(MAIL_DIR!, f)));
        const rcpt = (Array.isArray(m.to) ? m.to : m.to ? [m.to] : []).flatMap((a) =>
          a.value.map((v) => v.address),
        );
        if (rcpt.includes(to) && subject.test(m.subject ?? '')) return m;
      }
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`no e-mail to ${to} matching ${subject} in ${MAIL_DIR}`);
}

describe('crawler-ready pages and titles', () => {
  it('when an anonymous visitor browses home → category → product, then each tab has a meaningful title and the console stays quiet', async () => {
    const { context, page } = await newContext(browser());
    const errors: string[] = [];
    page.on('console', (msg) => {
      if (msg.type() === 'error') errors.push(msg.text());
    });
    page.on('pageerror', (err) => errors.push(err.message));
    const product = await inStockProduct(context);

    await page.goto('/');
    await page.waitForLoadState('networkidle');
    expect(await page.title()).toBe('Haat Marketplace');

    await page.goto('/shop/listing?category=men');
    await page.waitForFunction(() => document.title.startsWith('Men – shop online'));

    await page.goto(`/product/${product._id}`);
    await page.getByRole('heading', { level: 1, name: product.title }).waitFor();
    expect(await page.title()).toMatch(
      new RegExp(
        `^${product.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} by .+ – ₹[\\d,.]+ \\| Haat Marketplace$`,
      ),
    );

    await page.goto('/shop/listing/search?keyword=shoes');
    await page.waitForFunction(() => document.title === 'Search results for “shoes” | Haat Marketplace');

    await page.goto('/no/such/page');
    await page.waitForFunction(() => document.title === 'Page not found | Haat Marketplace');

    expect(errors).toEqual([]);
    await context.close();
  });

  it('when a product URL is fetched without a browser, then its HTML names it with price, availability and valid JSON-LD; an unknown one is 404', async () => {
    const context: BrowserContext = await browser().newContext({ baseURL: BASE_URL });
    const product = await inStockProduct(context);
    const res = await context.request.get(`/product/${product._id}`);
    expect(res.status()).toBe(200);
    const html = await res.text();
    expect(html).toContain(`<title>${product.title}`);
    expect(html).toMatch(
      /<meta name="description" content="Buy [^"]+ for ₹[\d,.]+ on Haat Marketplace\. In stock\./,
    );
    expect(html).toContain(`<link rel="canonical" href="${BASE_URL}/product/${product._id}" />`);
    expect(html).toMatch(/<meta property="og:image" content="http[^"]+" \/>/);
    const ld = JSON.parse(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)![1]!) as {
      '@type': string;
      name: string;
      offers: { priceCurrency: string; availability: string; price: string };
    };
    expect(ld['@type']).toBe('Product');
    expect(ld.name).toBe(product.title);
    expect(ld.offers).toMatchObject({ priceCurrency: 'INR', availability: 'https://schema.org/InStock' });
    const root = html.slice(html.indexOf('<div id="root">'));
    expect(root).toContain(product.title);
    expect(root).toContain('In stock');
    expect(root).toMatch(/₹[\d,]+/);

    const missing = await context.request.get('/product/00000000-0000-4000-8000-000000000000');
    expect(missing.status()).toBe(404);
    expect(await missing.text()).toContain("Oops! We couldn't find that page.");

    const sitemap = await context.request.get('/sitemap.xml');
    expect(sitemap.status()).toBe(200);
    expect(await sitemap.text()).toContain('<sitemapindex');
    const robots = await (await context.request.get('/robots.txt')).text();
    expect(robots).toContain(`Sitemap: ${BASE_URL}/sitemap.xml`);
    await context.close();
  });
});

describe.skipIf(!MAIL_DIR)('e-mail', () => {
  it('when a shopper pays an order, then an order confirmation with ₹ totals reaches their mailbox', async () => {
    const { context } = await newContext(browser());
    const shopper = await apiRegisterAndLogin(context);
    const product = await inStockProduct(context, 3);
    const address = await context.request.post('/api/shop/address/add', {
      data: {
        address: '9 Park Street',
        city: 'Kolkata',
        pincode: '700016',
        phone: '9876543210',
        notes: 'Ring the bell',
        place: 'home',
      },
    });
    expect(address.ok(), await address.text()).toBe(true);
    const addressId = ((await address.json()) as { data: { _id: string } }).data._id;
    expect(
      (
        await context.request.post('/api/shop/cart/add', { data: { productId: product._id, quantity: 1 } })
      ).ok(),
    ).toBe(true);
    const created = (await (
      await context.request.post('/api/shop/order/create', { data: { addressId } })
    ).json()) as {
      orderId: string;
      paymentId: string;
      approvalURL: string;
    };
    const approve = await context.request.post(`${created.approvalURL}/approve`, { maxRedirects: 0 });
    const payerId = new URL(approve.headers().location!, BASE_URL).searchParams.get('PayerID');
    const capture = await context.request.post('/api/shop/order/capture', {
      data: { paymentId: created.paymentId, payerId, orderId: created.orderId },
    });
    expect(capture.ok()).toBe(true);

    const mail = await waitForMail(shopper.email, /^Haat Marketplace: order HM-\d+ confirmed \(₹[\d,.]+\)$/);
    expect(mail.text).toContain(product.title);
    expect(mail.text).toContain('9 Park Street');
    expect(mail.html).toContain(product.title);
    await context.close();
  });

  it("when the admin approves a seller, then the seller's approval e-mail arrives", async () => {
    const { context } = await newContext(browser());
    const run = uniqueSuffix();
    const doc = await context.request.post('/api/auth/seller/upload-document', {
      multipart: {
        my_file: { name: 'doc.png', mimeType: 'image/png', buffer: makePng(40, 40, [0, 0, 0], [90, 90, 90]) },
      },
    });
    const { result } = (await doc.json()) as { result: { url: string } };
    const email = `e2e-mail-seller-${run}@haat.test`;
    const reg = await context.request.post('/api/auth/seller/register-seller', {
      data: {
        username: `Mail Seller ${run}`,
        email,
        password: 'Seller@123',
        phone: '9876543210',
        storename: `Mail Store ${run}`,
        businesstype: 'Individual',
        gstno: '',
        address: '1 Mail Road, Pune',
        bankaccount: '123456789012',
        ifsccode: 'HDFC0001234',
        image: result.url,
      },
    });
    expect(reg.ok(), await reg.text()).toBe(true);
    const sellerId = ((await reg.json()) as { seller: { _id: string } }).seller._id;

    const admin = await browser().newContext({ baseURL: BASE_URL });
    expect((await admin.request.post('/api/auth/login', { data: DEMO.admin })).ok()).toBe(true);
    const decided = await admin.request.put(`/api/auth/sellerlist/update/${sellerId}`, {
      data: { approvalstatus: 'approved' },
    });
    expect(decided.ok()).toBe(true);

    const mail = await waitForMail(email, /your seller account is approved/);
    expect(mail.text).toContain(`Mail Store ${run}`);
    expect(mail.text).toContain(`${BASE_URL}/seller/dashboard`);
    await admin.close();
    await context.close();
  });
});
