/**
 * The money journey of issue 13 (docs/money.md): a shopper buys from two sellers through the sandbox → one seller
 * rejects its line in its console → the shopper cancels the rest → the admin sees both refunds in the order's ledger
 * → a delivered order gives its seller earnings on the Earnings page → the admin records a payout on the Payouts
 * page and the seller's balance falls.
 */
import type { APIRequestContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { formatINR } from '@mp/shared';
import {
  DEMO,
  expectToast,
  loginThroughUi,
  journeySessions,
  screenshots,
  uniqueSuffix,
} from './console-helpers';
import {
  apiRegisterAndLogin,
  a11yViolations,
  sandboxPay,
  shipAndAwaitDelivery,
  SHOPPER_ADDRESS,
  cartLineOf,
  type SellerProduct,
  uniqueUser,
} from './support';

const session = journeySessions();

type Product = SellerProduct;

/** A product of the seller logged in on `req`, with stock. */
async function productOf(req: APIRequestContext, skip = 0): Promise<Product> {
  const me = (await (await req.get('/api/auth/check-auth')).json()) as { seller: { _id: string } };
  const list = (await (await req.get(`/api/seller/products/get/${me.seller._id}`)).json()) as {
    data: Product[];
  };
  const p = list.data.filter((x) => x.totalStock > 5)[skip];
  if (!p) throw new Error('the demo seller has no product in stock');
  return p;
}

/** The shopper on `req` buys these products (one each) through the sandbox; answers the paid order's id. */
async function buy(req: APIRequestContext, userId: string, products: SellerProduct[]): Promise<string> {
  for (const product of products) {
    const added = await req.post('/api/shop/cart/add', {
      data: { userId, ...cartLineOf(product), quantity: 1 },
    });
    expect(added.ok(), await added.text()).toBe(true);
  }
  const addresses = (await (await req.get(`/api/shop/address/get/${userId}`)).json()) as {
    data: { _id: string }[];
  };
  let addressId = addresses.data[0]?._id;
  if (!addressId) {
    const added = await req.post('/api/shop/address/add', { data: SHOPPER_ADDRESS });
    expect(added.status(), await added.text()).toBe(201);
    addressId = ((await added.json()) as { data: { _id: string } }).data._id;
  }
  return sandboxPay(req, addressId, `e2e-money-${uniqueSuffix()}`);
}

const balanceOf = async (req: APIRequestContext) =>
  ((await (await req.get('/api/seller/earnings')).json()) as { data: { balance: number } }).data.balance;

describe('money: refunds from two sellers, earnings and a payout', () => {
  let shopper: Page;
  let seller1: Page;
  let seller2: Page;
  let admin: Page;
  let userId = '';
  let orderId = '';

  it('when a shopper buys from two sellers and one rejects its line in its console, then that line is refunded', async () => {
    ({ page: seller1 } = await session());
    ({ page: seller2 } = await session());
    ({ page: shopper } = await session());
    await seller1.request.post('/api/auth/login', { data: DEMO.seller });
    await seller2.request.post('/api/auth/login', { data: DEMO.seller2 });
    const [p1, p2] = [await productOf(seller1.request), await productOf(seller2.request)];
    userId = (await apiRegisterAndLogin(shopper.context(), uniqueUser('money'))).id;
    orderId = await buy(shopper.request, userId, [p1, p2]);

    // each persona's browser context is logged in (its cookies); the consoles open straight away
    await seller2.goto('/seller/orders');
    await seller2.getByRole('heading', { name: 'Order History' }).waitFor();
    await seller2
      .getByRole('row')
      .filter({ hasText: p2.title })
      .first()
      .getByRole('button', { name: 'View Detail' })
      .click();
    const dialog = seller2.getByRole('dialog', { name: 'Order Details' });
    await dialog.getByText(orderId).waitFor();
    await dialog.getByLabel('Order Status').selectOption('rejected');
    // rejecting asks for a reason the shopper sees, then for confirmation (docs/order-views.md)
    await dialog.getByLabel(/Reason for rejecting/).fill('The last one was damaged in storage');
    await dialog.getByRole('button', { name: 'Update Order Status' }).click();
    await seller2
      .getByRole('dialog', { name: 'Reject this order?' })
      .getByRole('button', { name: 'Reject order' })
      .click();
    await expectToast(seller2, 'rejected; ');
    await expectToast(seller2, 'is refunded to the shopper.');
    const details = (await (await seller2.request.get(`/api/seller/orders/details/${orderId}`)).json()) as {
      data: { refundedAmount: number };
    };
    expect(details.data.refundedAmount).toBeGreaterThan(0);
  }, 120_000);

  it('when the shopper cancels the rest, then the admin sees both refunds in the ledger and nothing is left paid', async () => {
    const before = (await (await shopper.request.get(`/api/shop/order/details/${orderId}`)).json()) as {
      data: { orderNumber: string; totalAmount: number; refundedAmount: number };
    };
    const number = before.data.orderNumber;
    const rest = before.data.totalAmount - before.data.refundedAmount;

    // the shopper: My Orders → Details → Cancel order → confirm; the toast says what came back
    await shopper.goto('/shop/account/orders');
    await shopper.getByRole('heading', { name: 'Order History' }).waitFor();
    await shopper.getByTestId('order-row').first().getByRole('button', { name: 'Details' }).click();
    const details = shopper.getByRole('dialog', { name: 'Order Details' });
    // the seller's rejection with its reason, then the shopper's own cancel in the shopper's words
    await details
      .getByTestId('rejection-reason')
      .getByText(/damaged in storage/)
      .waitFor();
    await details.getByRole('button', { name: 'Cancel order' }).click();
    await details.getByRole('button', { name: 'Yes, cancel order' }).click();
    await expectToast(shopper, `Order ${number} cancelled and ${formatINR(rest)} refunded.`);
    await details.getByText('Cancelled by you', { exact: true }).waitFor();

    // the admin's order desk: the order found by its number, both refunds in its ledger, nothing left paid
    ({ page: admin } = await session());
    await loginThroughUi(admin, DEMO.admin, /\/admin\//);
    await admin.goto(`/admin/orders?number=${encodeURIComponent(number)}`);
    const row = admin.getByTestId('admin-order-row');
    await expect.poll(() => row.count()).toBe(1);
    await row.getByRole('button', { name: `View order ${number}` }).click();
    const ledger = admin
      .getByRole('dialog', { name: `Order ${number}` })
      .getByRole('list', { name: 'Payments' });
    await ledger.getByText('Payment received').waitFor();
    await expect.poll(() => ledger.getByText('Refund completed').count()).toBe(2);
    const after = (await (
      await admin.request.get(`/api/admin/orders?number=${encodeURIComponent(number)}`)
    ).json()) as {
      data: { totalAmount: number; refundedAmount: number }[];
    };
    expect(after.data[0]!.refundedAmount).toBe(after.data[0]!.totalAmount);
  }, 120_000);

  it('when a seller delivers an order, then its Earnings page shows what it earned', async () => {
    const before = await balanceOf(seller1.request);
    const p = await productOf(seller1.request, 1);
    // its category not returnable while it is bought: the line's net is payable at delivery, so the admin can pay
    // it out below (a returnable line's net is payable when its window closes; docs/money.md, "Return window")
    const policies = (await (await admin.request.get('/api/shop/return-policies')).json()) as {
      data: { category: string; windowDays: number | null }[];
    };
    const setPolicy = (windowDays: number | null) =>
      admin.request.put(`/api/admin/return-policies/${p.category}`, { data: { windowDays } });
    expect((await setPolicy(null)).ok()).toBe(true);
    const delivered = await buy(shopper.request, userId, [p]);
    await setPolicy(policies.data.find((x) => x.category === p.category)?.windowDays ?? null);
    await shipAndAwaitDelivery(seller1.request, delivered);
    const after = await balanceOf(seller1.request);
    expect(after).toBeGreaterThan(before);

    await seller1.goto('/seller/dashboard');
    await seller1.getByRole('link', { name: 'Earnings' }).first().click();
    await seller1.getByRole('heading', { name: 'Earnings', level: 1 }).waitFor();
    await expect.poll(() => seller1.getByTestId('earnings-Balance').textContent()).toBe(formatINR(after));
    await seller1.getByRole('table').getByText(p.title, { exact: false }).first().waitFor();
    expect(await a11yViolations(seller1)).toEqual([]);
    await screenshots(seller1, 'seller-earnings');
  }, 120_000);

  it('when the admin records a payout on the Payouts page, then the seller balance falls by it', async () => {
    const before = await balanceOf(seller1.request);
    const amount = Math.min(100, before);
    await admin.goto('/admin/payouts');
    await admin.getByRole('heading', { name: 'Payouts', level: 1 }).waitFor();
    const select = admin.getByRole('combobox', { name: /^Seller\W*$/ });
    await select.locator('option', { hasText: 'Ravi Electronics' }).waitFor({ state: 'attached' });
    const value = await select.locator('option', { hasText: 'Ravi Electronics' }).getAttribute('value');
    await select.selectOption(value!);
    await admin.getByLabel(/Amount/).fill(String(amount));
    const reference = `UTR-${uniqueSuffix()}`;
    await admin.getByLabel('Transfer reference').fill(reference);
    await admin.getByRole('button', { name: 'Record payout' }).click();
    const confirm = admin.getByRole('dialog', { name: 'Record this payout?' });
    await confirm.getByText('Ravi Electronics').waitFor();
    await confirm.getByRole('button', { name: 'Record payout' }).click();
    await expectToast(admin, 'Payout of');
    await admin.getByRole('table').filter({ hasText: reference }).waitFor();
    expect(await a11yViolations(admin)).toEqual([]);
    await screenshots(admin, 'admin-payouts');

    expect(await balanceOf(seller1.request)).toBeCloseTo(before - amount, 2);
    await seller1.reload();
    await expect
      .poll(() => seller1.getByTestId('earnings-Balance').textContent())
      .toBe(formatINR(before - amount));
    await seller1.getByRole('table').getByText(`Payout ${reference}`).waitFor();
  }, 120_000);
});
