/**
 * GST documents (docs/tax.md): a shopper buys from a demo seller (registered in Karnataka) with delivery to
 * Maharashtra; the seller ships → the shopper's order details offer the tax invoice, which downloads as a PDF; the
 * seller delivers, the admin issues the month's commission invoices → the seller's Tax page lists its commission
 * invoice, which downloads as a PDF.
 */
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO, journeySessions, screenshots } from './console-helpers';
import { a11yViolations, boughtAndDelivered, type SellerProduct } from './support';

const session = journeySessions();

/** Clicks a download link and answers the file's bytes. */
async function downloadOf(page: Page, name: RegExp): Promise<Buffer> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name }).first().click(),
  ]);
  return readFileSync((await download.path())!);
}

describe('tax invoices: the shopper and the seller download their PDFs', () => {
  it('when the seller ships, the shopper downloads the invoice; the seller downloads its commission invoice', async () => {
    const { page: seller } = await session();
    const { page: shopper } = await session();
    const { page: admin } = await session();
    expect((await seller.request.post('/api/auth/login', { data: DEMO.seller })).ok()).toBe(true);
    expect((await admin.request.post('/api/auth/login', { data: DEMO.admin })).ok()).toBe(true);
    const me = (await (await seller.request.get('/api/auth/check-auth')).json()) as {
      seller: { _id: string };
    };
    const list = (await (await seller.request.get(`/api/seller/products/get/${me.seller._id}`)).json()) as {
      data: SellerProduct[];
    };
    const product = list.data.find((p) => p.totalStock > 5);
    if (!product) throw new Error('the demo seller has no product with stock');

    // the courier collects and delivers it: the invoice is issued as the lines reach shipping (docs/tax.md)
    await boughtAndDelivered(shopper.context(), seller.request, product, {
      prefix: 'tax',
      address: { state: 'Maharashtra', recipientName: 'Tax Shopper' },
    });

    // the shopper: My Orders → Details → the tax invoice
    await shopper.goto('/shop/account/orders');
    await shopper.getByRole('heading', { name: 'Order History' }).waitFor();
    await shopper.getByTestId('order-row').first().getByRole('button', { name: 'Details' }).click();
    const details = shopper.getByRole('dialog', { name: 'Order Details' });
    await details.getByText('Tax invoices').waitFor();
    const invoice = await downloadOf(shopper, /^PDF of tax invoice S\d{4}\/\d{4}\/\d{5}$/);
    expect(invoice.subarray(0, 5).toString()).toBe('%PDF-');
    expect(await a11yViolations(shopper)).toEqual([]);

    // the admin issues this month's commission invoices (the job does last month's by itself)
    const month = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 7);
    const issued = await admin.request.post('/api/admin/tax/commission-invoices', { data: { month } });
    expect(issued.ok(), await issued.text()).toBe(true);

    // the seller: Tax → its commission invoice
    await seller.goto('/seller/tax');
    await seller.getByRole('heading', { name: 'Tax', level: 1 }).waitFor();
    await seller.getByRole('heading', { name: 'Invoices and credit notes' }).waitFor();
    const commission = await downloadOf(seller, /^PDF of commission invoice PC\/\d{4}\/\d{8}$/);
    expect(commission.subarray(0, 5).toString()).toBe('%PDF-');
    expect(await a11yViolations(seller)).toEqual([]);
    await screenshots(seller, 'seller-tax');
  }, 180_000);
});
