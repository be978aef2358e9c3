/**
 * The shopper's parcel mails (docs/delivery.md, "Tracking" and "Own shipping"): out for delivery, once per parcel,
 * and the delivery code of a parcel the seller brings itself. Enqueued inside the transaction of the event, like
 * every mail (mail-events.ts); shipped and delivered are the line-status mails.
 */
import escapeHtml from 'escape-html';
import { eq } from 'drizzle-orm';
import { SHOP_NAME, formatOrderNumber } from '@mp/shared';
import type { DbOrTx } from '../../db/client';
import { pick } from '../../lib/pick';
import { orders, sellers, users } from '../../db/schema';
import { enqueueMail } from './mail-outbox';
import type { MailPayload } from './mail-payloads';
import { frame, orderRef, textFooter, type RenderedMail } from './mail-templates';

interface ParcelFacts {
  publicUrl: string;
  orderId: string;
  orderNumber?: string;
  buyerName: string;
  storename: string;
}

function parcelMail(input: ParcelFacts, subject: string, paragraphs: string[]): RenderedMail {
  const { publicUrl } = input;
  const link = `${publicUrl}/shop/account`;
  const heading = `Your order ${orderRef(input)}: ${subject}`;
  const text = `Hello ${input.buyerName},

${paragraphs.join('\n\n')}

See your order: ${link}
${textFooter(publicUrl)}`;
  const html = frame(
    publicUrl,
    heading,
    `<p>Hello ${escapeHtml(input.buyerName)},</p>${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('')}
<p><a href="${escapeHtml(link)}">See your order</a></p>`,
  );
  return { subject: `${SHOP_NAME}: ${heading.replace(/^Your/, 'your')}`, text, html };
}

export const outForDeliveryMail = (input: ParcelFacts): RenderedMail =>
  parcelMail(input, 'out for delivery', [
    `Your parcel from ${input.storename} is out for delivery and should reach you today.`,
  ]);

export const deliveryCodeMail = (input: ParcelFacts & { code: string }): RenderedMail =>
  parcelMail(input, 'your delivery code', [
    `${input.storename} is bringing your parcel itself. Give this delivery code to the person who hands it over, and only once you have it: ${input.code}`,
    'The code is also shown on your order.',
  ]);

/** The parcel a mail is about: its own id (the mail's key), its order and its seller. */
interface Parcel {
  id: string;
  orderId: string;
  sellerId: string;
}

/** Enqueues the parcel's mail of `step` once per parcel, made from its order's and seller's facts. */
async function enqueueParcelMail(
  tx: DbOrTx,
  parcel: Parcel,
  step: 'outForDelivery' | 'deliveryCode',
  payloadOf: (facts: Omit<ParcelFacts, 'publicUrl'>) => MailPayload,
): Promise<void> {
  const [row] = await tx
    .select({
      email: users.email,
      ...pick(orders, ['buyerName', 'orderNumber']),
      storename: sellers.storename,
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .innerJoin(sellers, eq(sellers.id, parcel.sellerId))
    .where(eq(orders.id, parcel.orderId))
    .limit(1);
  if (!row) return;
  const facts = {
    orderId: parcel.orderId,
    orderNumber: formatOrderNumber(row.orderNumber),
    buyerName: row.buyerName,
    storename: row.storename ?? '',
  };
  await enqueueMail(tx, {
    dedupeKey: `parcel:${parcel.id}:${step}`,
    to: row.email,
    payload: payloadOf(facts),
  });
}

/** Out for delivery: once per parcel however often the courier says it. */
export const enqueueOutForDeliveryMail = (tx: DbOrTx, parcel: Parcel): Promise<void> =>
  enqueueParcelMail(tx, parcel, 'outForDelivery', (facts) => ({ kind: 'parcel-out-for-delivery', ...facts }));

/** The delivery code of a parcel the seller ships itself, once per parcel. */
export const enqueueDeliveryCodeMail = (tx: DbOrTx, parcel: Parcel, code: string): Promise<void> =>
  enqueueParcelMail(tx, parcel, 'deliveryCode', (facts) => ({ kind: 'delivery-code', ...facts, code }));
