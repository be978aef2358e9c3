/**
 * A console's coupons (docs/money.md, "Coupons"): a wrong figure is refused under its field before anything is
 * sent; a new code is sent with only its kind's figures and IST days, listed with its uses and the discount given,
 * and paused from its row.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CouponDto, CouponInput } from '@mp/shared';
import { describe, expect, it } from 'vitest';
import { answer, server } from '../../../testing/msw';
import { renderConsole } from '../../console/test-utils';
import { CouponsConsole } from '../coupons-console';

const saved = (body: CouponInput, over: Partial<CouponDto> = {}): CouponDto => ({
  _id: 'k-1',
  code: String(body.code).toUpperCase(),
  label: typeof body.label === 'string' ? body.label : null,
  funder: 'platform',
  sellerId: null,
  storeName: null,
  kind: body.kind,
  percent: body.percent ?? null,
  maxDiscount: body.maxDiscount ?? null,
  amount: body.amount ?? null,
  minOrderValue: body.minOrderValue ?? 0,
  startsAt: '2026-12-01T00:00:00+05:30',
  endsAt: '2027-01-01T00:00:00+05:30',
  totalUses: body.totalUses ?? null,
  usesPerShopper: body.usesPerShopper ?? 1,
  firstOrderOnly: body.firstOrderOnly ?? false,
  active: true,
  status: 'active',
  scope: body.scope ?? 'all',
  scopeIds: body.scopeIds ?? [],
  used: 3,
  reserved: 1,
  discountGiven: 450,
  createdAt: '2026-11-28T00:00:00.000Z',
  ...over,
});

function consoleServer(initial: CouponDto[] = []) {
  let list = [...initial];
  const calls = { created: [] as CouponInput[], updated: [] as unknown[] };
  server.use(
    answer('adminListCoupons', () => ({ success: true, data: list })),
    answer('adminCreateCoupon', async ({ request }) => {
      const body = (await request.json()) as CouponInput;
      calls.created.push(body);
      list = [saved(body)];
      return { success: true, message: 'Coupon created', data: list[0]! };
    }),
    answer('adminUpdateCoupon', async ({ request }) => {
      const body = (await request.json()) as { active?: boolean };
      calls.updated.push(body);
      list = list.map((c) => ({ ...c, active: body.active ?? c.active, status: 'paused' as const }));
      return { success: true, message: 'Coupon saved', data: list[0]! };
    }),
  );
  return calls;
}

describe('coupons console', () => {
  it('when the percent is over 100, then it says so under the field and nothing is sent; a right code is created, listed and paused', async () => {
    const calls = consoleServer();
    renderConsole(<CouponsConsole owner="admin" />);
    expect(await screen.findByText('No coupons yet.')).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Create a coupon' });

    await userEvent.type(within(form).getByLabelText(/^Code/), 'welcome10');
    await userEvent.type(within(form).getByLabelText(/^Percent off/), '150');
    await userEvent.click(within(form).getByRole('button', { name: 'Create coupon' }));
    expect(await within(form).findByText('Percent must be at most 100')).toBeInTheDocument();
    expect(calls.created).toEqual([]);

    await userEvent.clear(within(form).getByLabelText(/^Percent off/));
    await userEvent.type(within(form).getByLabelText(/^Percent off/), '10');
    await userEvent.type(within(form).getByLabelText(/^Cap/), '200');
    await userEvent.type(within(form).getByLabelText(/^Minimum order value/), '999');
    await userEvent.clear(within(form).getByLabelText(/^Starts/));
    await userEvent.type(within(form).getByLabelText(/^Starts/), '2026-12-01');
    await userEvent.clear(within(form).getByLabelText(/^Ends/));
    await userEvent.type(within(form).getByLabelText(/^Ends/), '2026-12-31');
    await userEvent.type(within(form).getByLabelText(/^Total uses/), '100');
    await userEvent.selectOptions(within(form).getByLabelText(/^Covers/), 'categories');
    await userEvent.click(within(form).getByLabelText('Electronics'));
    await userEvent.click(within(form).getByRole('button', { name: 'Create coupon' }));

    await waitFor(() => expect(calls.created).toHaveLength(1));
    expect(calls.created[0]).toMatchObject({
      code: 'WELCOME10',
      kind: 'percent',
      percent: 10,
      maxDiscount: 200,
      minOrderValue: 999,
      startsAt: '2026-12-01',
      endsAt: '2026-12-31',
      totalUses: 100,
      scope: 'categories',
      scopeIds: ['electronics'],
    });
    expect(calls.created[0]).not.toHaveProperty('amount');

    const row = await screen.findByRole('row', { name: /WELCOME10/ });
    expect(row).toHaveTextContent('10% off up to ₹200');
    expect(row).toHaveTextContent('1 Dec 2026 – 31 Dec 2026');
    expect(row).toHaveTextContent('3 used · 1 held / 100');
    expect(row).toHaveTextContent('₹450');
    await userEvent.click(within(row).getByRole('button', { name: 'Pause WELCOME10' }));
    await waitFor(() => expect(calls.updated).toEqual([{ active: false }]));
    expect(await within(row).findByText('Paused')).toBeInTheDocument();
  }, 20_000);

  it('when the admin edits a code, then the form keeps its code and kind and sends only the changes', async () => {
    const calls = consoleServer([
      saved({ code: 'WELCOME10', kind: 'percent', percent: 10, maxDiscount: 200, startsAt: '', endsAt: '' }),
    ]);
    renderConsole(<CouponsConsole owner="admin" />);
    const row = await screen.findByRole('row', { name: /WELCOME10/ });

    // edit: the same form in a dialog; code and kind stay, the changes are sent without them
    await userEvent.click(within(row).getByRole('button', { name: 'Edit WELCOME10' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit WELCOME10' });
    expect(within(dialog).getByLabelText(/^Code/)).toHaveAttribute('readonly');
    expect(within(dialog).getByLabelText(/^Kind/)).toHaveValue('Percent off');
    await userEvent.clear(within(dialog).getByLabelText(/^Percent off/));
    await userEvent.type(within(dialog).getByLabelText(/^Percent off/), '15');
    await userEvent.clear(within(dialog).getByLabelText(/^Cap/));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save coupon' }));
    await waitFor(() => expect(calls.updated).toHaveLength(1));
    expect(calls.updated[0]).toMatchObject({
      percent: 15,
      maxDiscount: null,
      startsAt: '2026-12-01',
      endsAt: '2026-12-31',
    });
    expect(calls.updated[0]).not.toHaveProperty('code');
    expect(calls.updated[0]).not.toHaveProperty('kind');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  }, 20_000);

  it('when a seller makes a code, then it may cover all its products or chosen categories, never chosen sellers', async () => {
    server.use(answer('sellerListCoupons', { success: true, data: [] }));
    renderConsole(<CouponsConsole owner="seller" />);
    expect(await screen.findByText('No coupons yet.')).toBeInTheDocument();
    const covers = screen.getByLabelText(/^Covers/);
    const options = within(covers)
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options).toEqual(['All my products', 'My products in chosen categories']);
  });

  it('when a seller makes a free-delivery code, then the form offers it, says the seller pays the shipping, and sends it', async () => {
    const created: CouponInput[] = [];
    server.use(
      answer('sellerListCoupons', { success: true, data: [] }),
      answer('sellerCreateCoupon', async ({ request }) => {
        const body = (await request.json()) as CouponInput;
        created.push(body);
        return {
          success: true,
          message: 'Coupon created',
          data: saved(body, { funder: 'seller', sellerId: 's-1' }),
        };
      }),
    );
    renderConsole(<CouponsConsole owner="seller" />);
    expect(await screen.findByText('No coupons yet.')).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Create a coupon' });
    await userEvent.type(within(form).getByLabelText(/^Code/), 'shipfree');
    await userEvent.selectOptions(within(form).getByLabelText(/^Kind/), 'free_delivery');
    expect(
      within(form).getByText(/the shipping it waives is charged to your earnings when it is delivered/),
    ).toBeInTheDocument();
    await userEvent.click(within(form).getByRole('button', { name: 'Create coupon' }));
    await waitFor(() => expect(created).toHaveLength(1));
    expect(created[0]).toMatchObject({ code: 'SHIPFREE', kind: 'free_delivery' });
  }, 20_000);
});
