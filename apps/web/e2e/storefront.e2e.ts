/** Storefront journeys of the "Storefront web app" issue, against the real built app. */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  apiRegisterAndLogin,
  dismissToasts,
  expectToast,
  inStockProduct,
  fileBrowser,
  newContext,
  screenshots,
  uiLogin,
  uniqueUser,
  payOnSandbox,
} from './support';

const browser = fileBrowser();

async function addAddressViaUi(page: Page, n = 1) {
  await page.getByLabel('Recipient name').fill('Asha Rao');
  await page.getByRole('textbox', { name: 'Address', exact: true }).fill(`${n} MG Road, Shivaji Nagar`);
  await page.getByLabel('City').fill('Pune');
  await page.getByLabel('State').selectOption('Maharashtra');
  await page.getByLabel('Pincode').fill('411005');
  await page.getByLabel('Phone').fill('9876543210');
  await page.getByLabel('Place').selectOption('home');
  await page.getByLabel('Notes').fill('Ring the bell');
}

describe('storefront', () => {
  it('when anonymous, then browse → search → product, and ADD TO CART asks to log in', async () => {
    const { context, page } = await newContext(browser());
    await page.goto('/');
    await page.getByRole('heading', { name: 'Best Deals' }).waitFor();
    await page.getByRole('heading', { name: 'Top Offers on Electronics' }).waitFor();
    await page.getByRole('heading', { name: 'Best Discount For You' }).waitFor();
    await page.getByRole('heading', { name: 'Top Selection' }).waitFor();
    await screenshots(page, 'home');

    // a category tile preselects that category on the listing
    await page
      .getByRole('navigation', { name: 'Categories' })
      .getByRole('link', { name: 'Footwear' })
      .click();
    await page.waitForURL(/\/shop\/listing\?.*category=footwear/);
    await expect.poll(() => page.locator('aside').getByLabel('Footwear').isChecked()).toBe(true);
    await page.locator('article').first().waitFor();
    await screenshots(page, 'listing');

    // header search: typing only suggests, Enter searches
    const product = await inStockProduct(context);
    const word = product.title.split(/\s+/).find((w) => w.length >= 4) ?? product.title;
    const box = page.getByRole('combobox', { name: 'Search products' }).first();
    await box.fill(word);
    await box.press('Enter');
    await page.waitForURL(/\/shop\/listing\/search\?keyword=/);
    const card = page.locator('article', { hasText: product.title }).first();
    await card.waitFor();
    await screenshots(page, 'search');

    await card.getByRole('link').first().click();
    await page.waitForURL(new RegExp(`/product/${product._id}`));
    await page.getByRole('heading', { level: 1, name: product.title }).waitFor();
    await screenshots(page, 'product');
    await page.getByRole('button', { name: 'ADD TO CART' }).click();
    await expectToast(page, 'Please login to continue.');
    await page.waitForURL(/\/auth\/login/);
    await context.close();
  });

  it('when a new shopper registers, logs in and pays in the sandbox, then the order shows in My Orders', async () => {
    const { context, page } = await newContext(browser());
    const user = uniqueUser();
    await page.goto('/auth/register');
    await page.getByRole('heading', { name: 'Create New Account' }).waitFor();
    await page.getByLabel('Username').fill(user.username);
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill(user.password);
    await screenshots(page, 'register');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expectToast(page, 'Registration Successful!');
    await page.waitForURL(/\/auth\/login$/);

    await uiLogin(page, user.email, user.password);
    expect(new URL(page.url()).pathname).toBe('/');

    const product = await inStockProduct(context, 1);
    await page.goto(`/product/${product._id}`);
    await page.getByRole('button', { name: 'ADD TO CART' }).click();
    await expectToast(page, 'Product added Successfully!');
    await expect.poll(() => page.getByTestId('cart-badge').textContent()).toBe('1');

    await page.goto('/shop/cart');
    await page.getByRole('heading', { name: /My Cart \(1 item\)/ }).waitFor();
    await page.getByText('Price details').waitFor();
    await screenshots(page, 'cart');
    await page.getByRole('button', { name: 'PLACE ORDER' }).click();
    await page.waitForURL(/\/shop\/checkout$/);
    await page.getByText(user.email).waitFor();

    await page.getByRole('button', { name: '+ Add a New Address' }).click();
    const submit = page.getByRole('button', { name: 'Add', exact: true });
    expect(await submit.isDisabled()).toBe(true);
    await addAddressViaUi(page);
    await submit.click();
    await expectToast(page, 'Added New Address successful!');
    const deliver = page.getByRole('button', { name: 'DELIVER HERE' });
    await deliver.waitFor();
    await screenshots(page, 'checkout');

    await payOnSandbox(page, deliver);
    // the sandbox page names an icon that exists (no request for a missing /favicon.ico)
    const icon = await page.locator('link[rel="icon"]').getAttribute('href');
    expect(icon).toBeTruthy();
    expect((await page.request.get(icon!)).status()).toBe(200);
    await page.getByRole('button', { name: 'Approve payment' }).click();
    await page.waitForURL(/\/shop\/paypal-return\?/);
    await page.getByRole('heading', { name: 'Processing Your Payment...' }).waitFor();
    await screenshots(page, 'payment-processing');
    await page.waitForURL(/\/shop\/payment-success\//, { timeout: 20_000 });
    await page.getByRole('heading', { name: 'Payment Successful!' }).waitFor();
    const orderId = new URL(page.url()).pathname.split('/').pop()!;
    await expect.poll(() => page.getByTestId('order-id').textContent()).toBe(orderId);
    expect(await page.evaluate(() => sessionStorage.getItem('currentOrderId'))).toBeNull();
    await screenshots(page, 'payment-success');

    await page.getByRole('link', { name: 'View My Orders' }).click();
    await page.waitForURL(/\/shop\/account\/orders$/);
    await page.getByRole('heading', { name: 'Order History' }).waitFor();
    const row = page.getByTestId('order-row').first();
    await row.getByText(product.title).waitFor();
    await row.getByText('Confirmed').waitFor();
    await row.getByRole('button', { name: 'Details' }).click();
    const dialog = page.getByRole('dialog', { name: 'Order Details' });
    await dialog.getByText(orderId).waitFor();
    // every line names who sells it (an admin-listed product has no seller id to show, only the store line)
    await dialog.getByTestId('line-store').first().waitFor();
    await screenshots(page, 'order-details');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    // the cart was emptied by the capture
    await expect.poll(() => page.getByTestId('cart-badge').count()).toBe(0);
    await context.close();
  });

  it('when the shopper cancels on the sandbox page, then the cancelled page offers Retry Payment to checkout', async () => {
    const { context, page } = await newContext(browser());
    await apiRegisterAndLogin(context);
    const product = await inStockProduct(context, 2);
    await context.request.post('/api/shop/cart/add', { data: { productId: product._id, quantity: 1 } });
    await context.request.post('/api/shop/address/add', {
      data: {
        address: '7 Park Street',
        city: 'Kolkata',
        pincode: '700016',
        phone: '9876543210',
        notes: 'Flat 3',
        place: 'work',
      },
    });
    await page.goto('/shop/checkout');
    await payOnSandbox(page);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL(/\/shop\/paypal-cancel/);
    await page.getByRole('heading', { name: 'Payment Cancelled' }).waitFor();
    await page.getByText(/network issues/).waitFor();
    await screenshots(page, 'payment-cancelled');
    await page.getByRole('link', { name: 'Retry Payment' }).click();
    await page.waitForURL(/\/shop\/checkout$/);
    await page.getByRole('button', { name: 'DELIVER HERE' }).waitFor();
    await context.close();
  });

  it('when 3 addresses exist, then adding a 4th warns and editing still works', async () => {
    const { context, page } = await newContext(browser());
    await apiRegisterAndLogin(context);
    await page.goto('/shop/account/address');
    await page.getByRole('heading', { name: 'Manage Addresses' }).waitFor();
    for (let n = 1; n <= 3; n++) {
      await page.getByRole('button', { name: '+ Add a New Address' }).click();
      await addAddressViaUi(page, n);
      await page.getByRole('button', { name: 'Add', exact: true }).click();
      await expectToast(page, 'Added New Address successful!');
      await expect.poll(() => page.getByTestId('address-item').count()).toBe(n);
      await dismissToasts(page);
    }
    await page.getByRole('button', { name: '+ Add a New Address' }).click();
    await expectToast(page, 'You can add maximum 3 addresses');
    expect(await page.getByRole('form', { name: 'Add a new address' }).count()).toBe(0);
    await screenshots(page, 'address-limit');

    await page.getByTestId('address-item').first().getByRole('button', { name: 'Edit' }).click();
    const form = page.getByRole('form', { name: 'Edit address' });
    await form.getByLabel('City').fill('Mumbai');
    await form.getByRole('button', { name: 'Edit', exact: true }).click();
    await expectToast(page, 'Edited Address successful!');
    await page
      .getByTestId('address-item')
      .first()
      .getByText(/Mumbai/)
      .waitFor();
    await context.close();
  });

  it('when the heart on a card is clicked, then it fills and the product is in My Wishlist', async () => {
    const { context, page } = await newContext(browser());
    await apiRegisterAndLogin(context);
    await page.goto('/shop/listing');
    const card = page.locator('article').first();
    await card.waitFor();
    const title = (await card.locator('h3').textContent())!.trim();
    const heart = card.getByTestId('wishlist-heart');
    expect(await heart.getAttribute('aria-pressed')).toBe('false');
    await heart.click();
    await expectToast(page, 'Added to wishlist');
    await expect.poll(() => heart.getAttribute('aria-pressed')).toBe('true');
    await screenshots(page, 'wishlist-heart');

    await page.goto('/shop/account/wishlist');
    await page.getByRole('heading', { name: 'My Wishlist (1)' }).waitFor();
    await page.getByTestId('wishlist-item').getByText(title, { exact: true }).waitFor();
    await screenshots(page, 'wishlist');
    await page.getByRole('button', { name: `Remove ${title} from wishlist` }).click();
    await expectToast(page, 'Removed from wishlist');
    await page.getByText('Your wishlist is empty!').waitFor();
    await context.close();
  });

  it('when a shopper opens /admin/dashboard, then they land on /unauth-page; anonymous checkout goes to login', async () => {
    const { context, page } = await newContext(browser());
    await page.goto('/shop/checkout');
    await page.waitForURL(/\/auth\/login$/);
    await apiRegisterAndLogin(context);
    await page.goto('/admin/dashboard');
    await page.waitForURL(/\/unauth-page$/);
    await page.getByRole('heading', { name: 'Access Denied' }).waitFor();
    await page.getByRole('link', { name: 'Go to Homepage' }).waitFor();
    await screenshots(page, 'unauth');
    await page.goto('/no/such/page');
    await page.getByRole('heading', { name: "Oops! We couldn't find that page." }).waitFor();
    await context.close();
  });

  it("when the password is wrong, then login stays put with 'Login failed. Please check credentials.'; a logged-in shopper on /auth/register goes home", async () => {
    const { context, page } = await newContext(browser());
    const user = await apiRegisterAndLogin(context);
    await page.goto('/auth/register');
    await page.waitForURL((u) => u.pathname === '/');
    await context.clearCookies();
    await page.goto('/auth/login');
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expectToast(page, 'Login failed. Please check credentials.');
    expect(new URL(page.url()).pathname).toBe('/auth/login');
    await context.close();
  });
});
