/**
 * Issue 30's journey (docs/delivery.md): a shopper checks a PIN code on a product page and sees the date, orders;
 * the seller marks the order ready and prints the label; the fake courier (in-process, one status a second in
 * journeys) delivers; the shopper's order shows the timeline and "Delivered", the seller's list the parcel's state.
 */
import type { APIRequestContext } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO, journeySessions } from './console-helpers';
import { apiRegisterAndLogin, screenshots, payOnSandbox } from './support';

const session = journeySessions();

/** A product of the demo seller sold as one, in stock. */
async function sellerProduct(req: APIRequestContext): Promise<{ _id: string; title: string }> {
  const me = (await (await req.get('/api/auth/check-auth')).json()) as { seller: { _id: string } };
  const list = (await (await req.get(`/api/seller/products/get/${me.seller._id}`)).json()) as {
    data: { _id: string; title: string; totalStock: number; options?: unknown[] }[];
  };
  const p = list.data.find((x) => x.totalStock > 5 && !x.options?.length);
  if (!p) throw new Error('the demo seller has no product sold as one in stock');
  return p;
}

describe('delivery: a promised date, a shipment and the courier', () => {
  it('when a shopper checks a PIN code and orders, then the seller ships, the courier delivers and the order shows it', async () => {
    const seller = await session();
    expect((await seller.context.request.post('/api/auth/login', { data: DEMO.seller })).ok()).toBe(true);
    const product = await sellerProduct(seller.context.request);

    const shopper = await session();
    await apiRegisterAndLogin(shopper.context);
    const added = await shopper.context.request.post('/api/shop/address/add', {
      data: { address: '12 FC Road', city: 'Pune', pincode: '411005', phone: '9876543210', place: 'home' },
    });
    expect(added.ok(), await added.text()).toBe(true);

    // the product page's PIN code check
    const page = shopper.page;
    await page.goto(`/product/${product._id}`);
    await page.getByRole('heading', { level: 1, name: product.title }).waitFor();
    await page.getByLabel('PIN code').fill('411005');
    await page.getByRole('button', { name: 'Check' }).click();
    await expect
      .poll(() => page.getByTestId('promise').textContent())
      .toMatch(/^Get it by \w{3}, \d{1,2} \w{3}$/);
    await screenshots(page, 'delivery-pin-check');

    // buy it now and pay in the sandbox
    await page.getByRole('button', { name: 'BUY NOW' }).first().click();
    await page.waitForURL(/\/shop\/checkout\?buyNow=/);
    await payOnSandbox(page);
    await page.getByRole('button', { name: 'Approve payment' }).click();
    await page.waitForURL(/\/shop\/payment-success\//, { timeout: 20_000 });
    const orderId = new URL(page.url()).pathname.split('/').pop()!;

    // the seller marks it ready in its console and prints the label
    await seller.page.goto('/seller/orders');
    await seller.page.getByRole('button', { name: 'View Detail' }).first().click();
    await seller.page.getByRole('button', { name: 'Mark ready to ship' }).click();
    await seller.page.getByText('Creating shipment').first().waitFor();
    await screenshots(seller.page, 'delivery-ship');
    await expect
      .poll(
        async () => {
          const label = await seller.context.request.get(`/api/seller/orders/${orderId}/label`);
          return label.ok() ? label.headers()['content-type'] : label.status();
        },
        { timeout: 30_000, interval: 500 },
      )
      .toContain('application/pdf');

    // the fake courier moves the parcel along until delivered
    await expect
      .poll(
        async () => {
          const t = await shopper.context.request.get(`/api/shop/order/${orderId}/tracking`);
          return ((await t.json()) as { data: { parcels: { state: string | null }[] } }).data.parcels[0]
            ?.state;
        },
        { timeout: 60_000, interval: 500 },
      )
      .toBe('delivered');

    // the shopper's order shows the timeline and Delivered
    await page.goto('/shop/account/orders');
    await page.getByRole('button', { name: 'Details' }).first().click();
    await expect.poll(() => page.getByTestId('parcel-state').first().textContent()).toContain('Delivered');
    for (const step of ['Shipped', 'In transit', 'Out for delivery']) {
      await page.getByTestId('parcels').getByText(step, { exact: true }).first().waitFor();
    }
    await page
      .getByTestId('parcels')
      .getByText(/AWB FX\d{10}/)
      .waitFor();
    await screenshots(page, 'delivery-delivered');

    // the seller's order list shows the parcel's state and AWB
    await seller.page.goto('/seller/orders');
    await expect
      .poll(() => seller.page.getByTestId('parcel-summary').first().textContent())
      .toMatch(/^Delivered · AWB FX\d{10}/);
  }, 180_000);
});
