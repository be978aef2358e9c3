/**
 * The coupon journey of issue 34 (docs/money.md, "Coupons"): the admin creates a 10% platform code in the Coupons
 * console with a minimum above the shopper's cart; the shopper applies it in the cart and is told how much is
 * missing; adds an item from its product page; applies it again and sees the discount in the totals; checkout shows
 * the same figures; pays in the sandbox; and the order detail shows each line's share of the discount.
 */
import type { APIRequestContext } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { formatINR } from '@mp/shared/money';
import { istDayOf } from '@mp/shared/coupons';
import { DEMO, journeySessions, loginThroughUi, uniqueSuffix } from './console-helpers';
import {
  a11yViolations,
  apiRegisterAndLogin,
  expectToast,
  inStockProduct,
  payByPayPal,
  screenshots,
  SHOPPER_ADDRESS,
  uniqueUser,
} from './support';

const session = journeySessions();

interface CartAnswer {
  data: {
    totals: { total: number; shippingCharge: number; couponDiscount?: number };
    coupons?: { code: string; applies: boolean }[];
  };
}
const cartOf = async (req: APIRequestContext, userId: string) =>
  ((await (await req.get(`/api/shop/cart/get/${userId}`)).json()) as CartAnswer).data;

interface OrderAnswer {
  data: {
    couponDiscount?: number;
    totalAmount: number;
    cartItems: { title: string; platformDiscount?: number; payable?: number }[];
  };
}

describe('coupons: refused below the minimum, applied, paid, shown per line', () => {
  it('when a shopper applies a platform code below its minimum, adds an item and pays, then the order shows the discount per line', async () => {
    const { page: shopper } = await session();
    const { page: admin } = await session();
    // an expensive item to add from its page, and a cheaper one already in the cart
    const dear = await inStockProduct(shopper.context(), 0);
    const cheap = await inStockProduct(shopper.context(), 8);
    expect(cheap._id).not.toBe(dear._id);
    const user = await apiRegisterAndLogin(shopper.context(), uniqueUser('coupon'));
    const added = await shopper.request.post('/api/shop/cart/add', {
      data: { userId: user.id, productId: cheap._id, quantity: 1 },
    });
    expect(added.ok(), await added.text()).toBe(true);
    const address = await shopper.request.post('/api/shop/address/add', { data: SHOPPER_ADDRESS });
    expect(address.status(), await address.text()).toBe(201);
    const before = await cartOf(shopper.request, user.id);
    const itemsValue = before.totals.total - before.totals.shippingCharge;

    // the admin: a 10% platform code whose minimum is ₹1,000 above the cart's items
    const code = `E2E${uniqueSuffix()}`
      .replace(/[^A-Za-z0-9]/g, '')
      .slice(0, 16)
      .toUpperCase();
    await loginThroughUi(admin, DEMO.admin, /\/admin\//);
    await admin.goto('/admin/coupons');
    const form = admin.getByRole('form', { name: 'Create a coupon' });
    await form.getByLabel(/^Code/).fill(code);
    await form.getByLabel(/^Percent off/).fill('10');
    await form.getByLabel(/^Minimum order value/).fill(String(itemsValue + 1000));
    await form.getByLabel(/^Starts/).fill(istDayOf(new Date()));
    await form.getByLabel(/^Total uses/).fill('5');
    await form.getByRole('button', { name: 'Create coupon' }).click();
    await expectToast(admin, `${code} created`);
    const row = admin.getByRole('row', { name: new RegExp(code) });
    await row.getByText('10% off').waitFor();
    await row.getByText('Active').waitFor();
    expect(await a11yViolations(admin)).toEqual([]);

    // the platform's active offers show on the home page and on the product page of a product they cover
    const offers = (await (await shopper.request.get('/api/shop/offers')).json()) as {
      data: { code: string }[];
    };
    expect(offers.data.map((o) => o.code)).toContain(code);
    await shopper.goto('/');
    await shopper
      .getByTestId('offer-banner')
      .getByText(/^Extra .+ with [A-Z0-9-]+$/)
      .waitFor();

    // the shopper: refused with the amount missing
    await shopper.goto('/shop/cart');
    const box = shopper.getByRole('form', { name: 'Apply a coupon' });
    await box.getByLabel('Coupon code').fill(code.toLowerCase());
    await box.getByRole('button', { name: 'Apply' }).click();
    await box.getByText(`Add ${formatINR(1000)} more`).waitFor();

    // adds an item from its page, then the code applies
    await shopper.goto(`/product/${dear._id}`);
    await shopper
      .getByTestId('offer-badge')
      .getByText(/^Extra .+ with [A-Z0-9-]+$/)
      .waitFor();
    await shopper.getByRole('button', { name: 'ADD TO CART' }).first().click();
    await expectToast(shopper, 'Product added Successfully!');
    await shopper.goto('/shop/cart');
    const applied = shopper.getByRole('list', { name: 'Applied coupons' });
    if (!(await applied.isVisible())) {
      await box.getByLabel('Coupon code').fill(code);
      await box.getByRole('button', { name: 'Apply' }).click();
    }
    const line = applied.locator(`[data-code="${code}"]`);
    await line.getByTestId('coupon-effect').getByText(/^− ₹/).waitFor();
    const withCode = await cartOf(shopper.request, user.id);
    expect(withCode.totals.couponDiscount ?? 0).toBeGreaterThan(0);
    await shopper
      .getByTestId('coupon-discount')
      .getByText(formatINR(withCode.totals.couponDiscount!))
      .waitFor();
    const cartTotal = await shopper.getByTestId('total-amount').textContent();
    expect(await a11yViolations(shopper)).toEqual([]);
    await screenshots(shopper, 'coupons-cart');

    // checkout shows the same figures, then the sandbox takes the payment
    await shopper.getByRole('button', { name: 'PLACE ORDER' }).click();
    await shopper.waitForURL(/\/shop\/checkout/);
    await shopper.getByTestId('coupon-discount').waitFor();
    await expect.poll(() => shopper.getByTestId('total-amount').textContent()).toBe(cartTotal);
    await payByPayPal(shopper);
    await shopper.getByRole('button', { name: 'DELIVER HERE' }).click();
    await shopper.waitForURL(/\/api\/payments\/sandbox\//);
    await shopper.getByRole('button', { name: 'Approve payment' }).click();
    await shopper.waitForURL(/\/shop\/payment-success\//, { timeout: 30_000 });

    // the order detail: each line's share of the discount and what the shopper paid for it
    await shopper.goto('/shop/account/orders');
    await shopper.getByRole('heading', { name: 'Order History' }).waitFor();
    await shopper.getByTestId('order-row').first().getByRole('button', { name: 'Details' }).click();
    const details = shopper.getByRole('dialog', { name: 'Order Details' });
    await details.getByTestId('order-coupons').getByText(code).waitFor();
    const orders = (await (await shopper.request.get(`/api/shop/order/list/${user.id}`)).json()) as {
      data: { _id: string }[];
    };
    const order = (
      (await (
        await shopper.request.get(`/api/shop/order/details/${orders.data[0]!._id}`)
      ).json()) as OrderAnswer
    ).data;
    expect(order.couponDiscount).toBe(withCode.totals.couponDiscount);
    expect(order.cartItems).toHaveLength(2);
    const shares = details.getByTestId('line-coupon-discount');
    await expect.poll(() => shares.count()).toBe(2);
    for (const l of order.cartItems) {
      expect(l.platformDiscount ?? 0).toBeGreaterThan(0);
      await details
        .getByText(`Coupon − ${formatINR(l.platformDiscount!)}`)
        .first()
        .waitFor();
    }
    await screenshots(shopper, 'coupons-order-detail');
  }, 180_000);
});
