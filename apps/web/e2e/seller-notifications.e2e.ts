/**
 * Seller notifications of issue 29 (docs/seo-and-email.md, "Seller notifications"): a shopper buys a seller's
 * product and cancels the paid order in My Orders → the seller's bell shows the count → the Notifications screen
 * lists the cancellation with the refund of the seller's line → mark all read empties the bell.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { formatINR } from '@mp/shared';
import { DEMO, expectToast, journeySessions, screenshots, uniqueSuffix } from './console-helpers';
import {
  a11yViolations,
  apiRegisterAndLogin,
  sandboxPay,
  SHOPPER_ADDRESS,
  cartLineOf,
  type SellerProduct,
  uniqueUser,
} from './support';

const session = journeySessions();

describe('seller notifications: a shopper cancels, the seller hears it', () => {
  let seller: Page;
  let shopper: Page;

  it('when a shopper buys and cancels, then the bell counts both notices and the list shows the refund', async () => {
    ({ page: seller } = await session());
    ({ page: shopper } = await session());
    const login = await seller.request.post('/api/auth/login', { data: DEMO.seller2 });
    expect(login.ok(), await login.text()).toBe(true);
    // start from a clean bell: whatever earlier journeys caused is read
    await seller.request.post('/api/seller/notifications/read-all');

    // a product whose fullest variant has plenty of stock, so no low-stock notice joins in (the notice is per
    // variant: a size can be near the threshold of 5 whatever the product's total; docs/seo-and-email.md)
    const me = (await (await seller.request.get('/api/auth/check-auth')).json()) as {
      seller: { _id: string };
    };
    const list = (await (await seller.request.get(`/api/seller/products/get/${me.seller._id}`)).json()) as {
      data: SellerProduct[];
    };
    const product = list.data.find((p) => p.variants.some((v) => v.stock > 10));
    if (!product) throw new Error('the demo seller has no product with stock');

    const user = await apiRegisterAndLogin(shopper.context(), uniqueUser('notify'));
    const added = await shopper.request.post('/api/shop/cart/add', {
      data: { userId: user.id, ...cartLineOf(product), quantity: 1 },
    });
    expect(added.ok(), await added.text()).toBe(true);
    const address = await shopper.request.post('/api/shop/address/add', { data: SHOPPER_ADDRESS });
    expect(address.status(), await address.text()).toBe(201);
    const addressId = ((await address.json()) as { data: { _id: string } }).data._id;
    const orderId = await sandboxPay(shopper.request, addressId, `e2e-notify-${uniqueSuffix()}`);
    const order = (await (await shopper.request.get(`/api/shop/order/details/${orderId}`)).json()) as {
      data: { orderNumber: string; totalAmount: number; shippingCharge: number };
    };

    // the shopper: My Orders → Details → Cancel order → confirm
    await shopper.goto('/shop/account/orders');
    await shopper.getByRole('heading', { name: 'Order History' }).waitFor();
    await shopper.getByTestId('order-row').first().getByRole('button', { name: 'Details' }).click();
    const details = shopper.getByRole('dialog', { name: 'Order Details' });
    await details.getByRole('button', { name: 'Cancel order' }).click();
    await details.getByRole('button', { name: 'Yes, cancel order' }).click();
    await expectToast(shopper, `Order ${order.data.orderNumber} cancelled`);

    // the seller's console: the bell counts the new order and its cancellation
    await seller.goto('/seller/dashboard');
    const bell = seller.getByTestId('notification-bell');
    await expect
      .poll(() => bell.getAttribute('aria-label'), { timeout: 15_000 })
      .toBe('Notifications, 2 unread');
    await bell.click();
    await seller.getByRole('heading', { name: 'Notifications', level: 1 }).waitFor();
    const first = seller.getByTestId('notification').first();
    await first.getByText(`Order ${order.data.orderNumber} cancelled by the shopper`).waitFor();
    const refund = formatINR(order.data.totalAmount - order.data.shippingCharge);
    await first.getByText(`the shopper is refunded ${refund} for them`, { exact: false }).waitFor();
    expect(await first.getAttribute('data-read')).toBe('false');
    await seller
      .getByTestId('notification')
      .nth(1)
      .getByText(`New order ${order.data.orderNumber}`)
      .waitFor();
    expect(await a11yViolations(seller)).toEqual([]);
    await screenshots(seller, 'seller-notifications');

    await seller.getByRole('button', { name: 'Mark all read' }).click();
    await expectToast(seller, 'All notifications marked read');
    await expect.poll(() => bell.getAttribute('aria-label')).toBe('Notifications');
  }, 180_000);
});
