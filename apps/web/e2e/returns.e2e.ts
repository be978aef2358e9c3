/**
 * Issue 32's journey (docs/returns.md, docs/web.md "Returns"): an order of two units is delivered (set up through
 * the API and the fake courier's signed events, as the other journeys do) → the shopper returns one of the two from
 * the order's details → the seller approves in its Returns queue → the fake courier picks the parcel up and brings
 * it back → the seller marks it received → the shopper sees the refund in My Returns → the seller's statement shows
 * the reversal.
 */
import type { APIRequestContext } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { formatINR } from '@mp/shared';
import { DEMO, expectToast, journeySessions, screenshots } from './console-helpers';
import { a11yViolations, boughtAndDelivered, type SellerProduct } from './support';

const session = journeySessions();

/** A product of the seller on `req` sold as one, with stock for two. */
async function productOf(req: APIRequestContext): Promise<SellerProduct & { options?: unknown[] }> {
  const me = (await (await req.get('/api/auth/check-auth')).json()) as { seller: { _id: string } };
  const list = (await (await req.get(`/api/seller/products/get/${me.seller._id}`)).json()) as {
    data: (SellerProduct & { options?: unknown[] })[];
  };
  const p = list.data.find((x) => x.totalStock > 5 && !x.options?.length);
  if (!p) throw new Error('the demo seller has no product sold as one in stock');
  return p;
}

interface ReturnRow {
  id: string;
  orderId: string;
  state: string;
  refundAmount: number;
}
async function returnOf(req: APIRequestContext, orderId: string): Promise<ReturnRow | undefined> {
  const res = await req.get('/api/seller/returns?limit=100');
  const list = ((await res.json()) as { data?: ReturnRow[] }).data ?? [];
  return list.find((r) => r.orderId === orderId);
}

describe('returns: one of two units goes back and is refunded', () => {
  it('when a shopper returns one of two delivered units, then the seller approves, the courier brings it back, the seller receives it and the shopper is refunded; the statement shows the reversal', async () => {
    const seller = await session();
    const admin = await session();
    const shopper = await session();
    expect((await seller.context.request.post('/api/auth/login', { data: DEMO.seller })).ok()).toBe(true);
    expect((await admin.context.request.post('/api/auth/login', { data: DEMO.admin })).ok()).toBe(true);
    const product = await productOf(seller.context.request);
    // the product's category must be returnable when it is bought (a line keeps the policy it was sold under)
    const policies = (await (await admin.context.request.get('/api/shop/return-policies')).json()) as {
      data: { category: string; windowDays: number | null }[];
    };
    if (!policies.data.find((x) => x.category === product.category)?.windowDays) {
      const set = await admin.context.request.put(`/api/admin/return-policies/${product.category}`, {
        data: { windowDays: 7 },
      });
      expect(set.ok(), await set.text()).toBe(true);
    }

    // two units ordered and paid in the sandbox, shipped and delivered by the fake courier
    const orderId = await boughtAndDelivered(shopper.context, seller.context.request, product, {
      quantity: 2,
      prefix: 'returns',
    });
    const req = shopper.context.request;

    // the shopper: My Orders → Details → "Return by …" on the line → one of two units, a reason → requested
    const page = shopper.page;
    await page.goto('/shop/account/orders');
    await page.getByTestId('order-row').first().getByRole('button', { name: 'Details' }).click();
    const details = page.getByRole('dialog', { name: 'Order Details' });
    await expect
      .poll(() => details.getByTestId('line-return').first().textContent())
      .toMatch(/^Return by \d{1,2} \w{3}/);
    await details.getByRole('button', { name: `Return ${product.title}` }).click();
    const units = details.getByRole('group', { name: `Units of ${product.title} to return` });
    await expect.poll(() => units.getByTestId('return-quantity').textContent()).toBe('1');
    await units.getByRole('button', { name: `One more ${product.title}` }).waitFor();
    await details.getByLabel(/Reason/).selectOption('size_fit');
    await details.getByLabel(/Comment/).fill('One is enough');
    await screenshots(page, 'returns-form');
    await details.getByRole('button', { name: 'Request return' }).click();
    await expectToast(page, 'Return requested for order');
    const card = details.getByTestId('return-card');
    await card.getByTestId('return-state').getByText('Requested').waitFor();
    // one unit is still returnable
    await expect.poll(() => details.getByTestId('line-return').first().textContent()).toMatch(/^Return by/);

    // the seller: Returns in its nav → the request with its deadline → Approve
    await seller.page.goto('/seller/dashboard');
    await seller.page.getByRole('link', { name: 'Returns' }).first().click();
    await seller.page.getByRole('heading', { name: 'Returns', level: 1 }).waitFor();
    const row = seller.page.getByTestId('return-row').filter({ hasText: product.title }).first();
    await row.getByText(/^decide within (4[78]) h$/).waitFor();
    expect(await a11yViolations(seller.page)).toEqual([]);
    await screenshots(seller.page, 'returns-seller-queue');
    const order = (await (await req.get(`/api/shop/order/details/${orderId}`)).json()) as {
      data: { orderNumber: string };
    };
    const number = order.data.orderNumber;
    await row.getByRole('button', { name: `Approve return of ${number}` }).click();
    await expectToast(seller.page, `Return of ${number} approved`);

    // the fake courier books the reverse pickup, picks the parcel up at the shopper's and brings it back
    await expect
      .poll(async () => (await returnOf(seller.context.request, orderId))?.state, {
        timeout: 60_000,
        interval: 500,
      })
      .toBe('picked_up');

    // the seller marks it received: the shopper is refunded the unit's share
    await seller.page.reload();
    const back = seller.page.getByTestId('return-row').filter({ hasText: number }).first();
    await back.getByTestId('return-state').getByText('Picked up').waitFor();
    await back.getByRole('button', { name: `Mark return of ${number} received` }).click();
    await seller.page
      .getByRole('dialog', { name: 'Mark the parcel received?' })
      .getByRole('button', { name: 'Mark received' })
      .click();
    await expectToast(seller.page, `Parcel of ${number} received`);
    const refunded = (await returnOf(seller.context.request, orderId))!;
    expect(refunded.state).toBe('refunded');

    // the shopper sees the refund in My Returns
    await page.goto('/shop/account/returns');
    await page.getByRole('heading', { name: 'My Returns', level: 1 }).waitFor();
    const mine = page.getByTestId('return-card').filter({ hasText: number });
    await expect
      .poll(() => mine.getByTestId('return-refund').textContent())
      .toContain(`Refunded ${formatINR(refunded.refundAmount)}`);
    await mine
      .getByTestId('return-steps')
      .locator('[data-state="done"]')
      .last()
      .getByText('Refunded')
      .waitFor();
    expect(await a11yViolations(page)).toEqual([]);
    await screenshots(page, 'returns-refunded');

    // the seller's statement: the refund of that unit taken back, and its deductions given back
    await seller.page.goto('/seller/earnings');
    await seller.page.getByRole('heading', { name: 'Earnings', level: 1 }).waitFor();
    const reversal = seller.page
      .getByRole('table')
      .getByRole('row')
      .filter({ hasText: number })
      .filter({ hasText: 'Refund' });
    await expect.poll(() => reversal.count()).toBeGreaterThan(0);
    expect(await reversal.first().textContent()).toContain('−');
    await screenshots(seller.page, 'returns-statement');
  }, 240_000);
});
