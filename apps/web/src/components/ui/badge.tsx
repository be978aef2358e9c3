import type { HTMLAttributes } from 'react';
import { cn } from './cn';

export type BadgeTone = 'gray' | 'brand' | 'green' | 'red' | 'blue' | 'amber' | 'purple';

const TONES: Record<BadgeTone, string> = {
  gray: 'bg-gray-100 text-gray-800 ring-gray-300',
  brand: 'bg-brand-50 text-brand-700 ring-brand-100',
  green: 'bg-green-50 text-green-800 ring-green-200',
  red: 'bg-red-50 text-red-800 ring-red-200',
  blue: 'bg-blue-50 text-blue-800 ring-blue-200',
  amber: 'bg-amber-50 text-amber-900 ring-amber-200',
  purple: 'bg-purple-50 text-purple-800 ring-purple-200',
};

export interface BadgeProps extends HTMLAttributes<HTMLSpanElement> {
  tone?: BadgeTone;
}

export function Badge({ tone = 'gray', className, ...rest }: BadgeProps) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset',
        TONES[tone],
        className,
      )}
      {...rest}
    />
  );
}

/** Colour of an order/payment/seller status: approved green, rejected red, pending blue (docs/web.md). */
export function statusTone(status: string): BadgeTone {
  switch (status) {
    case 'approved':
    case 'delivered':
    case 'paid':
    case 'confirmed':
      return 'green';
    case 'rejected':
    case 'failed':
    case 'cancelled':
      return 'red';
    case 'pending':
      return 'blue';
    case 'inProcess':
      return 'amber';
    case 'inShipping':
      return 'purple';
    default:
      return 'gray';
  }
}

const STATUS_LABELS: Record<string, string> = {
  inProcess: 'In Process',
  inShipping: 'In Shipping',
};
export const statusLabel = (s: string) => STATUS_LABELS[s] ?? s.charAt(0).toUpperCase() + s.slice(1);

const PAYMENT_METHOD_LABELS: Record<string, string> = { paypal: 'PayPal', sandbox: 'Sandbox (test payment)' };
export const paymentMethodLabel = (m: string | null | undefined) =>
  m ? (PAYMENT_METHOD_LABELS[m] ?? m) : 'NA';

export function StatusBadge({ status, className }: { status: string; className?: string }) {
  return (
    <Badge tone={statusTone(status)} className={className}>
      {statusLabel(status)}
    </Badge>
  );
}
