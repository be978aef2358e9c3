/**
 * Brands as data (docs/search-and-listing.md, "Brands"): a new seller proposes a brand with its product, the product
 * waits as "brand pending" (not in the shop), the admin accepts the brand on the Brands screen, and the shop shows
 * the product under that brand.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  DEMO,
  expectToast,
  journeySessions,
  loginThroughUi,
  makePng,
  registerSellerThroughWizard,
  uniqueSuffix,
  readyToSell,
} from './console-helpers';

const run = uniqueSuffix();
const newSeller = {
  username: `Brand Seller ${run}`,
  email: `e2e-brand-seller-${run}@haat.test`,
  phone: '9876501299',
  password: 'Seller@123',
  storename: `Handloom House ${run}`,
  address: '7 Vishwanath Gali, Varanasi',
  bankaccount: '123456789012',
  ifsccode: 'HDFC0001234',
};
const brandName = `Banaras Weaves ${run}`;
const productTitle = `Banarasi Silk Saree ${run}`;

const session = journeySessions();

/** Registers the seller through the wizard; the admin approves it through the API. */
async function registerAndApprove(seller: Page, admin: Page) {
  await registerSellerThroughWizard(seller, newSeller);

  await loginThroughUi(admin, DEMO.admin, /\/admin\/dashboard$/);
  const list = (await (await admin.request.get('/api/auth/sellerlist/get')).json()) as {
    data: { _id: string; storename: string }[];
  };
  const mine = list.data.find((s) => s.storename === newSeller.storename)!;
  const decided = await admin.request.put(`/api/auth/sellerlist/update/${mine._id}`, {
    data: { approvalstatus: 'approved', isapproved: true },
  });
  expect(decided.status()).toBe(200);
  await seller.waitForURL(/\/seller\/dashboard$/, { timeout: 15_000 });
  await readyToSell(seller.request, `${newSeller.storename} LLP`);
}

describe('a seller proposes a brand, the admin accepts it', () => {
  let seller: Page;
  let admin: Page;
  let productId = '';

  it('when a new seller adds a product under a brand nobody has, then it waits as brand pending, not in the shop', async () => {
    ({ page: seller } = await session());
    ({ page: admin } = await session());
    await registerAndApprove(seller, admin);

    await seller.getByRole('link', { name: 'Products' }).first().click();
    await seller.getByRole('button', { name: '+ Add Product' }).click();
    const dialog = seller.getByRole('dialog', { name: 'Add New Product' });
    await dialog.getByLabel('Upload Images').setInputFiles({
      name: 'saree.png',
      mimeType: 'image/png',
      buffer: makePng(200, 200, [190, 18, 60], [250, 204, 21]),
    });
    await dialog.getByAltText('Image 1 of 1').waitFor();
    await dialog.getByLabel(/^Title/).fill(productTitle);
    await dialog.getByLabel(/^Description/).fill('Pure Katan silk with zari buttis, woven in Varanasi.');
    await dialog.getByLabel(/^Category/).selectOption('women');
    // a known brand in another spelling is matched…
    await dialog.getByLabel(/^Brand/).fill('h and m');
    await dialog.getByText('Filed under H&M').waitFor();
    // …a new one is proposed
    await dialog.getByLabel(/^Brand/).fill(brandName);
    await dialog.getByText('New brand: the product is shown once the admin accepts it').waitFor();
    await dialog.getByLabel(/^Price/).fill('8999');
    await dialog.getByLabel(/^Total Stock/).fill('5');
    await dialog.getByRole('button', { name: 'Add Product' }).click();
    await expectToast(seller, 'Product added Successfully!');
    await dialog.waitFor({ state: 'detached' });
    await seller.getByRole('heading', { name: productTitle }).waitFor();
    await seller.getByText('Brand pending: shown in the shop once the admin accepts the brand').waitFor();

    const me = (await (await seller.request.get('/api/auth/check-auth')).json()) as { user: { id: string } };
    const listed = (await (await seller.request.get(`/api/seller/products/get/${me.user.id}`)).json()) as {
      data: { _id: string; title: string }[];
    };
    productId = listed.data.find((p) => p.title === productTitle)!._id;
    expect((await seller.request.get(`/api/shop/products/get/${productId}`)).status()).toBe(404);
  }, 120_000);

  it('when the admin accepts the brand on the Brands screen, then the shop shows the product under it', async () => {
    await admin.getByRole('link', { name: 'Brands' }).first().click();
    await admin.getByRole('heading', { name: 'Brands' }).waitFor();
    const row = admin.getByRole('row').filter({ hasText: brandName });
    await row.getByText('pending').waitFor();
    await row.getByRole('button', { name: `Accept ${brandName}` }).focus();
    await admin.keyboard.press('Enter');
    await expectToast(admin, 'Brand accepted');
    await row.getByText('active').waitFor();

    ({ page: seller } = await session());
    await seller.goto(`/product/${productId}`);
    await seller.getByRole('heading', { name: productTitle }).waitFor();
    await seller.getByText(brandName, { exact: true }).first().waitFor();
    await expect.poll(() => seller.title()).toContain(`by ${brandName}`);
  }, 90_000);
});
