/** How the consoles word a coupon (docs/money.md, "Coupons"): its kind, its window in India time, its uses. */
import { istDayOf, type CouponDto, type CouponStatus } from '@mp/shared/coupons';
import { formatINR } from '@mp/shared/money';
import type { BadgeTone } from '../../components/ui';

export function kindText(c: Pick<CouponDto, 'kind' | 'percent' | 'maxDiscount' | 'amount'>): string {
  if (c.kind === 'percent')
    return `${c.percent ?? 0}% off${c.maxDiscount != null ? ` up to ${formatINR(c.maxDiscount)}` : ''}`;
  if (c.kind === 'fixed') return `${formatINR(c.amount ?? 0)} off`;
  return 'Free delivery';
}

/** The IST calendar days a coupon runs: its start's day and the day of its last moment (the end is exclusive). */
export function windowDays(c: Pick<CouponDto, 'startsAt' | 'endsAt'>): { from: string; to: string } {
  return {
    from: istDayOf(new Date(c.startsAt)),
    to: istDayOf(new Date(new Date(c.endsAt).getTime() - 1)),
  };
}

/** "1 Dec 2026" for an IST calendar day */
export const dayText = (day: string): string =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-IN', {
    timeZone: 'UTC',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  });

/** "12 used · 2 held / 100" */
export function usesText(c: Pick<CouponDto, 'used' | 'reserved' | 'totalUses'>): string {
  const held = c.reserved > 0 ? ` · ${c.reserved} held` : '';
  return `${c.used} used${held} / ${c.totalUses ?? 'no limit'}`;
}

export const STATUS_TONE: Record<CouponStatus, BadgeTone> = {
  active: 'green',
  paused: 'amber',
  scheduled: 'blue',
  expired: 'gray',
  exhausted: 'red',
};

export const STATUS_TEXT: Record<CouponStatus, string> = {
  active: 'Active',
  paused: 'Paused',
  scheduled: 'Scheduled',
  expired: 'Expired',
  exhausted: 'Used up',
};
