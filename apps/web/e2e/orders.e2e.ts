/**
 * Order views and the admin order desk (issue 11 items 2 and 5, issue 13 item 6) against the real built app: an
 * abandoned sandbox payment reads Cancelled (never Pending), orders name their stores and numbers, and the admin's
 * Orders page shows an order's ledger and makes a partial refund.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO } from './console-helpers';
import {
  apiRegisterAndLogin,
  expectToast,
  fileBrowser,
  newContext,
  screenshots,
  a11yViolations,
  soldAsOne,
  uiLogin,
  payOnSandbox,
} from './support';

const browser = fileBrowser();

const ADDRESS = {
  address: '9 Residency Road',
  city: 'Bengaluru',
  pincode: '560025',
  phone: '9876501234',
  notes: 'Gate 2',
  place: 'home',
};

/** A product of the demo seller with stock, and that seller's store name. */
async function demoSellerProduct(): Promise<{ productId: string; title: string; storeName: string }> {
  const { context, page } = await newContext(browser());
  const login = await page.request.post('/api/auth/login', { data: DEMO.seller });
  expect(login.ok()).toBe(true);
  const info = (await (await page.request.get('/api/auth/check-auth')).json()) as {
    seller: { _id: string; storename: string };
  };
  const list = (await (await page.request.get(`/api/seller/products/get/${info.seller._id}`)).json()) as {
    data: { _id: string; title: string; totalStock: number; options: unknown[] }[];
  };
  const p = list.data.find((x) => x.totalStock > 5 && soldAsOne(x));
  await context.close();
  if (!p) throw new Error('the demo seller has no product in stock');
  return { productId: p._id, title: p.title, storeName: info.seller.storename };
}

/** A new shopper with that product in the cart and an address; answers the address id. */
async function shopperWithCart(context: BrowserContext, productId: string) {
  const user = await apiRegisterAndLogin(context);
  const added = await context.request.post('/api/shop/cart/add', { data: { productId, quantity: 1 } });
  expect(added.ok()).toBe(true);
  const address = await context.request.post('/api/shop/address/add', { data: ADDRESS });
  expect(address.ok()).toBe(true);
  return { user, addressId: ((await address.json()) as { data: { _id: string } }).data._id };
}

async function openFirstOrder(page: Page) {
  await page.goto('/shop/account/orders');
  await page.getByRole('heading', { name: 'Order History' }).waitFor();
  const row = page.getByTestId('order-row').first();
  await row.waitFor();
  return row;
}

describe('order views', () => {
  it('when the shopper cancels on the sandbox page, then My Orders shows the order as Cancelled, never Pending', async () => {
    const { context, page } = await newContext(browser());
    const product = await demoSellerProduct();
    await shopperWithCart(context, product.productId);
    await page.goto('/shop/checkout');
    await payOnSandbox(page);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL(/\/shop\/paypal-cancel/);

    const row = await openFirstOrder(page);
    await row.getByText('Cancelled', { exact: true }).waitFor();
    expect(await row.getByText('Pending', { exact: true }).count()).toBe(0);
    expect(await row.getByTestId('order-number').textContent()).toMatch(/^Order HM-\d{6,}$/);
    await row.getByRole('button', { name: 'Details' }).click();
    const dialog = page.getByRole('dialog', { name: 'Order Details' });
    const steps = dialog.getByTestId('order-timeline').locator('li');
    await expect
      .poll(() => steps.evaluateAll((els) => els.map((e) => e.getAttribute('data-step'))))
      .toEqual(['placed', 'cancelled']);
    expect(await dialog.getByRole('button', { name: 'Cancel order' }).count()).toBe(0);
    await context.close();
  }, 90_000);

  it('when a shopper pays, then every order view names the store and the number, and the admin refunds part of it from the Orders page', async () => {
    const product = await demoSellerProduct();
    const shopper = await newContext(browser());
    const { addressId, user } = await shopperWithCart(shopper.context, product.productId);
    const created = await shopper.context.request.post('/api/shop/order/create', { data: { addressId } });
    expect(created.ok()).toBe(true);
    const { approvalURL } = (await created.json()) as { approvalURL: string };
    await shopper.page.goto(approvalURL);
    await shopper.page.getByRole('button', { name: 'Approve payment' }).click();
    await shopper.page.waitForURL(/\/shop\/payment-success\//, { timeout: 30_000 });

    // the shopper: store name, order number, timeline, the payment
    const row = await openFirstOrder(shopper.page);
    const number = ((await row.getByTestId('order-number').textContent()) ?? '').replace(/^Order /, '');
    expect(number).toMatch(/^HM-\d{6,}$/);
    await row.getByRole('button', { name: 'Details' }).click();
    const dialog = shopper.page.getByRole('dialog', { name: 'Order Details' });
    await dialog.getByTestId('line-store').getByText(product.storeName).waitFor();
    await dialog.getByText(`Sold by ${product.storeName}`).first().waitFor();
    await dialog.getByRole('list', { name: 'Payments' }).getByText('Payment received').waitFor();
    await dialog.getByRole('button', { name: 'Cancel order' }).waitFor();
    await screenshots(shopper.page, 'shop-order-details-timeline');
    await shopper.page.keyboard.press('Escape');

    // the seller: the buyer's name and the number
    const seller = await newContext(browser());
    await uiLogin(seller.page, DEMO.seller.email, DEMO.seller.password);
    await seller.page.goto('/seller/orders');
    const sellerRow = seller.page.getByRole('table').getByRole('row').filter({ hasText: number });
    await sellerRow.getByRole('button', { name: 'View Detail' }).click();
    const sellerDialog = seller.page.getByRole('dialog', { name: 'Order Details' });
    await sellerDialog.getByText(user.username).first().waitFor();
    await sellerDialog.getByText(number).first().waitFor();
    await seller.context.close();

    // the admin: find it by number, see the ledger, refund ₹10 of it
    const admin = await newContext(browser());
    await uiLogin(admin.page, DEMO.admin.email, DEMO.admin.password);
    await admin.page.getByRole('navigation').getByRole('link', { name: 'Orders' }).first().click();
    await admin.page.getByRole('heading', { name: 'Orders', exact: true }).waitFor();
    await admin.page.getByLabel('Order number').fill(number);
    await admin.page.getByRole('button', { name: 'Search' }).click();
    await admin.page.waitForURL(/number=HM-/);
    const adminRow = admin.page.getByTestId('admin-order-row');
    await expect.poll(() => adminRow.count()).toBe(1);
    await adminRow.getByText(product.storeName).waitFor();
    await screenshots(admin.page, 'console-admin-orders');
    expect(await a11yViolations(admin.page)).toEqual([]);
    await adminRow.getByRole('button', { name: `View order ${number}` }).click();
    const order = admin.page.getByRole('dialog', { name: `Order ${number}` });
    const ledger = order.getByRole('list', { name: 'Payments' });
    await ledger.getByText('Payment received').waitFor();
    await order.getByLabel('Amount (₹)').fill('10');
    await order.getByLabel(/Reason/).fill('Late delivery goodwill');
    await order.getByRole('button', { name: 'Refund…' }).click();
    await order.getByRole('button', { name: 'Confirm refund of ₹10' }).click();
    await expectToast(admin.page, `Refunded ₹10 for order ${number}.`);
    await ledger.getByText('Refund completed').waitFor();
    await order.getByText('Late delivery goodwill').first().waitFor();
    await screenshots(admin.page, 'console-admin-order-refunded');
    await admin.context.close();

    // the shopper sees the refund
    const again = await openFirstOrder(shopper.page);
    await again.getByRole('button', { name: 'Details' }).click();
    await shopper.page
      .getByRole('dialog', { name: 'Order Details' })
      .getByTestId('refunded-amount')
      .getByText('Refunded: ₹10')
      .waitFor();
    await shopper.context.close();
  }, 180_000);
});
