/**
 * The shopper's return mails (docs/returns.md, "E-mails"): one per return and step (requested, approved,
 * rejected, pickup scheduled, refunded; and each failed payout of a cash-on-delivery refund), enqueued in the
 * transaction of the step like every mail (mail-events.ts).
 */
import escapeHtml from 'escape-html';
import { eq } from 'drizzle-orm';
import { formatINR, formatOrderNumber, SHOP_NAME, toRupees } from '@mp/shared';
import type { DbOrTx } from '../../db/client';
import { orders, returns, sellers, users } from '../../db/schema';
import { enqueueMail } from './mail-outbox';
import { frame, orderRef, textFooter, type RenderedMail } from './mail-templates';

export const RETURN_MAIL_STEPS = [
  'requested',
  'approved',
  'rejected',
  'pickup_scheduled',
  'refunded',
  /** the payout of a cash-on-delivery refund failed: the shopper gives another account (docs/money.md) */
  'refund_failed',
] as const;
export type ReturnMailStep = (typeof RETURN_MAIL_STEPS)[number];

interface ReturnMailFacts {
  publicUrl: string;
  orderId: string;
  orderNumber?: string;
  buyerName: string;
  storename: string;
  step: ReturnMailStep;
  /** the seller's reason (rejected), the AWB (pickup scheduled), the bank's reason (refund failed) */
  detail?: string | null;
  /** where the failed refund was sent (masked) */
  refundTo?: string | null;
  refundPaise?: number;
}

function paragraphs(f: ReturnMailFacts): [string, string[]] {
  const from = `your return of items from ${f.storename}`;
  switch (f.step) {
    case 'requested':
      return ['return requested', [`We have your request for ${from}. The seller answers within 48 hours.`]];
    case 'approved':
      return [
        'return approved',
        [
          `${from[0]!.toUpperCase()}${from.slice(1)} is approved. The courier will come to pick the parcel up; keep it packed.`,
        ],
      ];
    case 'rejected':
      return [
        'return not accepted',
        [
          `The seller did not accept ${from}.`,
          ...(f.detail ? [`Reason: ${f.detail}`] : []),
          'You may contest this from your order; our team then decides.',
        ],
      ];
    case 'pickup_scheduled':
      return [
        'pickup scheduled',
        [`The courier will pick up ${from}.${f.detail ? ` Tracking number: ${f.detail}.` : ''}`],
      ];
    case 'refund_failed':
      return [
        'refund not paid',
        [
          `We could not pay the refund of ${formatINR(toRupees(f.refundPaise ?? 0))} for ${from}${f.refundTo ? ` to ${f.refundTo}` : ''}.`,
          ...(f.detail ? [`The bank said: ${f.detail}`] : []),
          'Give another UPI id or bank account on your order and we pay it there.',
        ],
      ];
    case 'refunded':
      return [
        'refund issued',
        [
          `We have refunded ${formatINR(toRupees(f.refundPaise ?? 0))} for ${from}. It reaches you in 5–7 working days, depending on your bank.`,
        ],
      ];
  }
}

export function returnStepMail(f: ReturnMailFacts): RenderedMail {
  const [subject, lines] = paragraphs(f);
  const link = `${f.publicUrl}/shop/account`;
  const heading = `Your order ${orderRef(f)}: ${subject}`;
  const text = `Hello ${f.buyerName},\n\n${lines.join('\n\n')}\n\nSee your order: ${link}\n${textFooter(f.publicUrl)}`;
  const html = frame(
    f.publicUrl,
    heading,
    `<p>Hello ${escapeHtml(f.buyerName)},</p>${lines.map((p) => `<p>${escapeHtml(p)}</p>`).join('')}
<p><a href="${escapeHtml(link)}">See your order</a></p>`,
  );
  return { subject: `${SHOP_NAME}: ${heading.replace(/^Your/, 'your')}`, text, html };
}

/** A step of a return, mailed to its shopper once (the return and the step name the mail). */
export async function enqueueReturnMail(
  tx: DbOrTx,
  returnId: string,
  step: ReturnMailStep,
  extra: { detail?: string | null; refundPaise?: number; round?: number } = {},
): Promise<void> {
  const [row] = await tx
    .select({
      email: users.email,
      orderId: orders.id,
      orderNumber: orders.orderNumber,
      buyerName: orders.buyerName,
      storename: sellers.storename,
      refundTo: returns.refundToDisplay,
    })
    .from(returns)
    .innerJoin(orders, eq(orders.id, returns.orderId))
    .innerJoin(users, eq(users.id, returns.userId))
    .leftJoin(sellers, eq(sellers.id, returns.sellerId))
    .where(eq(returns.id, returnId))
    .limit(1);
  if (!row) return;
  await enqueueMail(tx, {
    // a step is mailed once; a failed payout once per round (another account may fail too)
    dedupeKey: `return:${returnId}:${step}${extra.round ? `:${extra.round}` : ''}`,
    to: row.email,
    payload: {
      kind: 'return-step',
      orderId: row.orderId,
      orderNumber: formatOrderNumber(row.orderNumber),
      buyerName: row.buyerName,
      storename: row.storename ?? SHOP_NAME,
      step,
      ...(extra.detail ? { detail: extra.detail } : {}),
      ...(extra.refundPaise !== undefined ? { refundPaise: extra.refundPaise } : {}),
      ...(step === 'refund_failed' && row.refundTo ? { refundTo: row.refundTo } : {}),
    },
  });
}
