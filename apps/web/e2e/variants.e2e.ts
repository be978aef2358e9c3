/**
 * Issue 29 item 2, as a shopper meets it: a shirt in S, M, L whose L is sold out. L cannot be chosen, the shopper
 * picks M, adds it, pays in the sandbox, and the seller sees M's stock (and only M's) lowered.
 */

import { describe, expect, it } from 'vitest';
import { DEMO } from './console-helpers';
import {
  apiRegisterAndLogin,
  fileBrowser,
  newContext,
  screenshots,
  SHOPPER_ADDRESS,
  payOnSandbox,
} from './support';

const browser = fileBrowser();

type Variant = { _id: string; optionValues: string[]; stock: number };

describe('variants', () => {
  it('when a shopper buys Size M of a shirt whose L is sold out, then L is disabled and only M loses stock', async () => {
    // the demo seller lists the shirt
    const seller = await newContext(browser());
    const login = await seller.context.request.post('/api/auth/login', { data: DEMO.seller });
    expect(login.ok()).toBe(true);
    const title = `Variant Oxford Shirt ${Date.now().toString(36)}`;
    const image = (await (await seller.context.request.get('/api/shop/products/get?limit=1')).json()) as {
      data: { image: string }[];
    };
    const added = await seller.context.request.post('/api/seller/products/add', {
      data: {
        title,
        description: 'Cotton oxford shirt',
        category: 'men',
        brand: 'zara',
        image: image.data[0]!.image,
        options: [{ name: 'Size', values: ['S', 'M', 'L'] }],
        variants: [
          { optionValues: ['S'], price: 799, stock: 5 },
          { optionValues: ['M'], price: 899, stock: 3 },
          { optionValues: ['L'], price: 899, stock: 0 },
        ],
      },
    });
    expect(added.ok(), await added.text()).toBe(true);
    const product = ((await added.json()) as { data: { _id: string; variants: Variant[] } }).data;

    // the shopper picks M on the product page; L cannot be chosen
    const { context, page } = await newContext(browser());
    await apiRegisterAndLogin(context);
    const address = await context.request.post('/api/shop/address/add', { data: SHOPPER_ADDRESS });
    expect(address.ok()).toBe(true);
    await page.goto(`/product/${product._id}`);
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    const sizes = page.getByRole('group', { name: /Size/ });
    expect(await sizes.getByRole('radio', { name: 'L' }).isDisabled()).toBe(true);
    await sizes.getByText('M', { exact: true }).click();
    expect(await sizes.getByRole('radio', { name: 'M' }).isChecked()).toBe(true);
    await page.getByTestId('stock-line').getByText('3').waitFor();
    await screenshots(page, 'product-variants');
    await page.getByRole('button', { name: 'ADD TO CART' }).first().click();
    await page.getByText('Product added Successfully!').waitFor();

    // the cart shows the size; checkout pays in the sandbox
    await page.goto('/shop/cart');
    await page.getByTestId('variant-label').getByText('Size: M').waitFor();
    await page.goto('/shop/checkout');
    await payOnSandbox(page);
    await page.getByRole('button', { name: 'Approve payment' }).click();
    await page.waitForURL(/\/shop\/payment-success\//, { timeout: 30_000 });
    await page.getByRole('heading', { name: 'Payment Successful!' }).waitFor();

    // the seller's product list shows M lowered, S and L as they were
    const me = (await (await seller.context.request.get('/api/auth/check-auth')).json()) as {
      user: { id: string };
    };
    const listed = await seller.context.request.get(
      `/api/seller/products/get/${me.user.id}?q=${encodeURIComponent(title)}`,
    );
    const rows = ((await listed.json()) as { data: { _id: string; variants: Variant[] }[] }).data;
    const stock = Object.fromEntries(
      rows.find((p) => p._id === product._id)!.variants.map((v) => [v.optionValues[0], v.stock]),
    );
    expect(stock).toEqual({ S: 5, M: 2, L: 0 });
    await context.close();
    await seller.context.close();
  }, 120_000);
});
