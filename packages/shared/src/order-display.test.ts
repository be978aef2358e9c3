import { describe, expect, it } from 'vitest';
import {
  codStillToCollect,
  formatIstDateTime,
  formatOrderNumber,
  lineState,
  lineStateLabel,
  orderTimeline,
  paymentStatusLabel,
  parseOrderNumber,
  refundableAmount,
  shopperCanCancel,
  shopperOrderState,
} from './order-display';

const t = (iso: string) => new Date(iso);
const names = (f: Parameters<typeof orderTimeline>[0]) => orderTimeline(f).map((s) => `${s.step}:${s.state}`);

describe('order numbers', () => {
  it('formats and reads back the short number in the forms people type', () => {
    expect(formatOrderNumber(100234)).toBe('HM-100234');
    for (const s of ['HM-100234', 'hm-100234', 'HM100234', '#HM-100234', ' 100234 ', 'hm 100234']) {
      expect(parseOrderNumber(s), s).toBe(100234);
    }
    for (const s of ['', 'HM-', 'XY-100234', '100234a', '0', '-5', '1'.repeat(16)]) {
      expect(parseOrderNumber(s), s).toBeNull();
    }
  });
});

describe('shopperOrderState', () => {
  const base = { orderStatus: 'pending' as const, cancelledAt: null };
  it('never calls an ended payment pending', () => {
    expect(shopperOrderState({ ...base, paymentStatus: 'cancelled' })).toBe('cancelled');
    expect(shopperOrderState({ ...base, paymentStatus: 'failed' })).toBe('paymentFailed');
    const now = Date.parse('2026-01-01T10:00:00Z');
    expect(
      shopperOrderState({ ...base, paymentStatus: 'pending', holdExpiresAt: '2026-01-01T09:59:00Z' }, now),
    ).toBe('cancelled');
    expect(
      shopperOrderState({ ...base, paymentStatus: 'pending', holdExpiresAt: '2026-01-01T10:05:00Z' }, now),
    ).toBe('awaitingPayment');
    expect(shopperOrderState({ ...base, paymentStatus: 'pending', capturePending: true }, now)).toBe(
      'paymentProcessing',
    );
  });
  it('shows a paid order by its fulfilment, and a cancelled paid order as cancelled', () => {
    expect(shopperOrderState({ ...base, paymentStatus: 'paid', orderStatus: 'confirmed' })).toBe('confirmed');
    expect(shopperOrderState({ ...base, paymentStatus: 'paid', orderStatus: 'inShipping' })).toBe(
      'inShipping',
    );
    expect(
      shopperOrderState({
        paymentStatus: 'paid',
        orderStatus: 'rejected',
        cancelledAt: '2026-01-01T00:00:00Z',
      }),
    ).toBe('cancelled');
    expect(shopperOrderState({ ...base, paymentStatus: 'paid', orderStatus: 'rejected' })).toBe('rejected');
  });
});

describe('orderTimeline', () => {
  const paid = {
    placedAt: t('2026-01-01T10:00:00Z'),
    paidAt: t('2026-01-01T10:01:00Z'),
    paymentStatus: 'paid' as const,
    endedAt: null,
    refund: null,
  };
  it('marks the reached steps done with their times; a skipped step is done without a time', () => {
    const steps = orderTimeline({
      ...paid,
      status: 'inShipping',
      history: [{ toStatus: 'inShipping', at: t('2026-01-02T09:00:00Z'), byShopper: false }],
    });
    expect(steps).toEqual([
      { step: 'placed', state: 'done', at: '2026-01-01T10:00:00.000Z' },
      { step: 'paid', state: 'done', at: '2026-01-01T10:01:00.000Z' },
      { step: 'inProcess', state: 'done', at: null },
      { step: 'shipped', state: 'done', at: '2026-01-02T09:00:00.000Z' },
      { step: 'delivered', state: 'upcoming', at: null },
    ]);
  });
  it('a rejected part ends rejected then refunded (pending until the provider confirms)', () => {
    const history = [
      { toStatus: 'inProcess', at: t('2026-01-02T00:00:00Z'), byShopper: false },
      { toStatus: 'rejected', at: t('2026-01-03T00:00:00Z'), byShopper: false },
    ];
    expect(
      names({
        ...paid,
        status: 'rejected',
        history,
        refund: { requestedAt: t('2026-01-03T00:00:00Z'), completedAt: null },
      }),
    ).toEqual(['placed:done', 'paid:done', 'inProcess:done', 'rejected:done', 'refunded:pending']);
    expect(
      names({
        ...paid,
        status: 'rejected',
        history: [{ toStatus: 'rejected', at: t('2026-01-03T00:00:00Z'), byShopper: true }],
        refund: { requestedAt: t('2026-01-03T00:00:00Z'), completedAt: t('2026-01-03T00:01:00Z') },
      }),
    ).toEqual(['placed:done', 'paid:done', 'cancelled:done', 'refunded:done']);
  });
  it('an unpaid order is placed with the rest upcoming, or placed → cancelled once its payment ended', () => {
    const unpaid = {
      ...paid,
      paidAt: null,
      paymentStatus: 'pending' as const,
      status: 'pending' as const,
      history: [],
    };
    expect(names(unpaid)).toEqual([
      'placed:done',
      'paid:upcoming',
      'inProcess:upcoming',
      'shipped:upcoming',
      'delivered:upcoming',
    ]);
    expect(names({ ...unpaid, paymentStatus: 'cancelled', endedAt: t('2026-01-01T10:30:00Z') })).toEqual([
      'placed:done',
      'cancelled:done',
    ]);
  });
});

describe('refundableAmount and shopperCanCancel', () => {
  it('counts captured minus every refund asked for', () => {
    expect(
      refundableAmount([
        { event: 'capture', amount: 898.2 },
        { event: 'refund_requested', amount: 100 },
        { event: 'refund_completed', amount: 100 },
        { event: 'refund_requested', amount: 0.2 },
      ]),
    ).toBe(798);
    expect(
      refundableAmount([
        { event: 'capture_refused', amount: 50 },
        { event: 'refund_requested', amount: 50 },
      ]),
    ).toBe(0);
  });
  it('allows a cancel only before shipping, once', () => {
    const paid = {
      state: 'confirmed' as const,
      paymentStatus: 'paid' as const,
      cancelledAt: null,
      cartItems: [{ status: 'confirmed' as const }, { status: 'rejected' as const }],
    };
    expect(shopperCanCancel(paid)).toBe(true);
    expect(
      shopperCanCancel({ ...paid, cartItems: [{ status: 'inShipping' }, { status: 'confirmed' }] }),
    ).toBe(false);
    expect(shopperCanCancel({ ...paid, cartItems: [{ status: 'rejected' }] })).toBe(false);
    expect(shopperCanCancel({ ...paid, cancelledAt: '2026-01-01T00:00:00Z' })).toBe(false);
    expect(shopperCanCancel({ ...paid, paymentStatus: 'pending', state: 'awaitingPayment' })).toBe(true);
    expect(shopperCanCancel({ ...paid, paymentStatus: 'pending', state: 'cancelled' })).toBe(false);
    expect(shopperCanCancel({ ...paid, paymentStatus: 'cancelled', state: 'cancelled' })).toBe(false);
  });
});

describe('line states and their words', () => {
  const line = (status: Parameters<typeof lineState>[0]['status'], cancelledByShopper = false) => ({
    status,
    cancelledByShopper,
  });

  it('reads a never-paid line as the order does: Cancelled when the order is, never Pending', () => {
    expect(lineStateLabel(lineState(line('pending'), 'cancelled'), 'shopper')).toBe('Cancelled');
    expect(lineState(line('pending'), 'awaitingPayment')).toBe('awaitingPayment');
    expect(lineState(line('pending'), 'paymentFailed')).toBe('paymentFailed');
    expect(lineState(line('confirmed'), 'confirmed')).toBe('confirmed');
    expect(lineState(line('inShipping'), 'inProcess')).toBe('inShipping');
  });

  it("calls the shopper's own cancellation by who did it, and a seller's rejection a rejection", () => {
    const mine = lineState(line('rejected', true), 'cancelled');
    expect(lineStateLabel(mine, 'shopper')).toBe('Cancelled by you');
    expect(lineStateLabel(mine, 'seller')).toBe('Cancelled by the buyer');
    expect(lineStateLabel(mine, 'admin')).toBe('Cancelled by the buyer');
    const rejected = lineState(line('rejected'), 'rejected');
    expect(lineStateLabel(rejected, 'shopper')).toBe('Rejected by the seller');
    expect(lineStateLabel(rejected, 'seller')).toBe('Rejected');
  });
});

describe('payment status after refunds', () => {
  it('reads Refunded when all of it went back and Partly refunded with the amount when some did', () => {
    expect(paymentStatusLabel({ paymentStatus: 'paid', refundedAmount: 0, totalAmount: 500 }).label).toBe(
      'Paid',
    );
    expect(paymentStatusLabel({ paymentStatus: 'paid', refundedAmount: 500, totalAmount: 500 }).label).toBe(
      'Refunded',
    );
    expect(
      paymentStatusLabel({ paymentStatus: 'paid', refundedAmount: 1250.5, totalAmount: 3000 }).label,
    ).toBe('Partly refunded ₹1,250.50');
    expect(
      paymentStatusLabel({ paymentStatus: 'cancelled', refundedAmount: 0, totalAmount: 500 }).label,
    ).toBe('Cancelled');
  });
});

describe('formatIstDateTime', () => {
  it('when a UTC moment is shown, then it reads in India time with IST', () => {
    expect(formatIstDateTime('2026-11-28T10:00:00.000Z')).toMatch(/^28 Nov 2026, 3:30\s?pm IST$/i);
  });
});

describe('payment status of cash on delivery', () => {
  it('reads Pay on delivery until the courier remits the cash, then Paid', () => {
    const cod = { paymentStatus: 'paid' as const, refundedAmount: 0, totalAmount: 500, paymentMethod: 'cod' };
    expect(paymentStatusLabel({ ...cod, payments: [] }).label).toBe('Pay on delivery');
    expect(paymentStatusLabel({ ...cod, payments: [{ event: 'capture' }] }).label).toBe('Paid');
    expect(paymentStatusLabel({ ...cod, paymentMethod: 'upi', payments: [] }).label).toBe('Paid');
  });
});

describe('codStillToCollect', () => {
  it('when lines were delivered, rejected or taken off, then only what the courier still collects for lines is left', () => {
    const cartItems = [
      { status: 'confirmed' as const, price: '1249.50', quantity: 2 },
      { status: 'delivered' as const, price: '500.00', quantity: 1 },
      { status: 'rejected' as const, price: '300.00', quantity: 1 },
    ];
    expect(codStillToCollect({ cartItems, payments: [] })).toBe(2499);
    expect(codStillToCollect({ cartItems, payments: [{ event: 'cod_lowered', amount: 249.5 }] })).toBe(
      2249.5,
    );
    expect(codStillToCollect({ cartItems: cartItems.slice(1), payments: [] })).toBe(0);
  });
});
