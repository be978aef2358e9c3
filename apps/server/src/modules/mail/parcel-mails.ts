/**
 * The shopper's parcel mails (docs/delivery.md, "Tracking" and "Own shipping"): out for delivery, once per parcel,
 * and the delivery code of a parcel the seller brings itself. Enqueued inside the transaction of the event, like
 * every mail (mail-events.ts); shipped and delivered are the line-status mails.
 */
import escapeHtml from 'escape-html';
import { eq } from 'drizzle-orm';
import { SHOP_NAME, formatOrderNumber } from '@mp/shared';
import type { DbOrTx } from '../../db/client';
import { orders, sellers, users } from '../../db/schema';
import { enqueueMail } from './mail-outbox';
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

async function parcelFacts(tx: DbOrTx, orderId: string, sellerId: string) {
  const [row] = await tx
    .select({
      email: users.email,
      buyerName: orders.buyerName,
      orderNumber: orders.orderNumber,
      storename: sellers.storename,
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .innerJoin(sellers, eq(sellers.id, sellerId))
    .where(eq(orders.id, orderId))
    .limit(1);
  if (!row) return null;
  const facts = {
    orderId,
    orderNumber: formatOrderNumber(row.orderNumber),
    buyerName: row.buyerName,
    storename: row.storename ?? '',
  };
  return { to: row.email, facts };
}

/** Out for delivery: once per parcel however often the courier says it. */
export async function enqueueOutForDeliveryMail(
  tx: DbOrTx,
  parcel: { id: string; orderId: string; sellerId: string },
): Promise<void> {
  const found = await parcelFacts(tx, parcel.orderId, parcel.sellerId);
  if (!found) return;
  await enqueueMail(tx, {
    dedupeKey: `parcel:${parcel.id}:outForDelivery`,
    to: found.to,
    payload: { kind: 'parcel-out-for-delivery', ...found.facts },
  });
}

/** The delivery code of a parcel the seller ships itself, once per parcel. */
export async function enqueueDeliveryCodeMail(
  tx: DbOrTx,
  parcel: { id: string; orderId: string; sellerId: string },
  code: string,
): Promise<void> {
  const found = await parcelFacts(tx, parcel.orderId, parcel.sellerId);
  if (!found) return;
  await enqueueMail(tx, {
    dedupeKey: `parcel:${parcel.id}:deliveryCode`,
    to: found.to,
    payload: { kind: 'delivery-code', ...found.facts, code },
  });
}
