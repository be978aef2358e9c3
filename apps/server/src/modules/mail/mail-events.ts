/**
 * One enqueue function per event that tells someone something (docs/seo-and-email.md). Each is called inside the
 * transaction that makes the event happen, reads what the e-mail needs in that same transaction and writes the
 * outbox rows: the e-mail exists exactly when the event committed.
 */
import { asc, eq, sql } from 'drizzle-orm';
import { DELIVERY_ADDRESS_FIELDS, formatOrderNumber, type OrderStatus } from '@mp/shared';
import type { DbOrTx } from '../../db/client';
import { ofSubOrder } from '../../db/sub-order';
import { pick } from '../../lib/pick';
import { orderLines, orders, sellers, users } from '../../db/schema';
import { enqueueMail, type MailTrigger } from './mail-outbox';
import type { MailAddress, MailLine } from './mail-templates';

type OrderRow = typeof orders.$inferSelect;

const addressOf = (o: OrderRow): MailAddress => ({
  buyerName: o.buyerName,
  ...pick(o, DELIVERY_ADDRESS_FIELDS),
});

async function orderWithShopper(tx: DbOrTx, orderId: string) {
  const [row] = await tx
    .select({ order: orders, email: users.email })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, orderId));
  return row;
}

/**
 * An order's lines with their sellers' store names and addresses: only one seller's with `sellerId`; with
 * `shopperId`, each line also carries the shopper's address (one read instead of two).
 */
async function linesWithSellers(
  tx: DbOrTx,
  orderId: string,
  { sellerId, shopperId }: { sellerId?: string; shopperId?: string } = {},
) {
  return tx
    .select({
      id: orderLines.id,
      // the chosen size/colour travels with the title: "Oxford shirt (Size: M)"
      title: sql<string>`${orderLines.title} || case when ${orderLines.variantLabel} = '' then '' else ' (' || ${orderLines.variantLabel} || ')' end`,
      quantity: orderLines.quantity,
      linePricePaise: orderLines.linePricePaise,
      listPricePaise: orderLines.listPricePaise,
      unitPricePaise: orderLines.unitPricePaise,
      discount: orderLines.discount,
      sellerId: orderLines.sellerId,
      storename: sellers.storename,
      sellerEmail: users.email,
      shopperEmail: shopperId
        ? sql<string | null>`(select s.email from ${users} s where s.id = ${shopperId})`
        : sql<null>`null`,
    })
    .from(orderLines)
    .leftJoin(sellers, eq(sellers.id, orderLines.sellerId))
    .leftJoin(users, eq(users.id, sellers.userId))
    .where(sellerId ? ofSubOrder(orderLines, orderId, sellerId) : eq(orderLines.orderId, orderId))
    .orderBy(asc(orderLines.createdAt), asc(orderLines.id));
}

/** A line as a mail shows it. */
const mailLine = (l: MailLine): MailLine => ({
  title: l.title,
  quantity: l.quantity,
  linePricePaise: l.linePricePaise,
});

/**
 * Order paid: the shopper's confirmation (its sellers are told by notifyNewOrder, docs/seo-and-email.md). `order` is
 * the row the payment just wrote; its lines and the shopper's address are read together.
 */
export async function enqueueOrderPaidMails(
  tx: DbOrTx,
  order: OrderRow,
  /** the shopper's client, when its request paid: the mails are bounded per client and recipient */
  trigger?: MailTrigger,
): Promise<void> {
  const orderId = order.id;
  const lines = await linesWithSellers(tx, orderId, { shopperId: order.userId });
  const email = lines[0]?.shopperEmail;
  if (!email) return;
  await enqueueMail(
    tx,
    {
      dedupeKey: `order-confirmation:${orderId}`,
      to: email,
      // the account's address, which whoever registered it chose
      recipientChosen: true,
      payload: {
        kind: 'order-confirmation',
        orderId,
        orderNumber: formatOrderNumber(order.orderNumber),
        lines: lines.map((l) => ({
          ...mailLine(l),
          listPricePaise: l.listPricePaise,
          unitPricePaise: l.unitPricePaise,
          discount: l.discount,
        })),
        subtotalPaise: order.subtotalPaise,
        discountPaise: order.discountPaise,
        shippingPaise: order.shippingPaise,
        totalPaise: order.totalPaise,
        address: addressOf(order),
      },
    },
    trigger,
  );
}

/** An admin decided a seller application: the seller hears each outcome once. */
export async function enqueueSellerDecisionMail(
  tx: DbOrTx,
  sellerId: string,
  decision: 'approved' | 'rejected',
): Promise<void> {
  const row = await sellerContact(tx, sellerId);
  if (!row) return;
  await enqueueMail(tx, {
    dedupeKey: `seller-decision:${sellerId}:${decision}`,
    to: row.email,
    payload: { kind: 'seller-decision', storename: row.storename, decision },
  });
}

/**
 * A seller moved its lines of an order to a new status: the shopper hears of shipping, delivery and rejection
 * (once per seller, order and status; a rejection with the seller's reason); other statuses are internal steps and
 * send nothing.
 */
export async function enqueueLineStatusMail(
  tx: DbOrTx,
  event: { orderId: string; sellerId: string; status: OrderStatus; reason?: string },
): Promise<void> {
  const { orderId, sellerId, status } = event;
  if (status !== 'inShipping' && status !== 'delivered' && status !== 'rejected') return;
  const found = await orderWithShopper(tx, orderId);
  const lines = await linesWithSellers(tx, orderId, { sellerId });
  if (!found || lines.length === 0) return;
  await enqueueMail(tx, {
    dedupeKey: `line-status:${orderId}:${sellerId}:${status}`,
    to: found.email,
    payload: {
      kind: 'line-status',
      orderId,
      orderNumber: formatOrderNumber(found.order.orderNumber),
      buyerName: found.order.buyerName,
      storename: lines[0]!.storename ?? '',
      status,
      ...(status === 'rejected' && event.reason ? { reason: event.reason } : {}),
      lines: lines.map((l) => ({ title: l.title, quantity: l.quantity, linePricePaise: l.linePricePaise })),
    },
  });
}

/**
 * A refund was issued (the refund flow calls this inside its transaction). `refundId` names the refund, so one
 * refund is announced once however often the flow retries.
 */
export async function enqueueRefundMail(
  tx: DbOrTx,
  refund: { refundId: string; orderId: string; amountPaise: number; reason?: string },
): Promise<void> {
  const found = await orderWithShopper(tx, refund.orderId);
  if (!found) return;
  await enqueueMail(tx, {
    dedupeKey: `refund:${refund.refundId}`,
    to: found.email,
    payload: {
      kind: 'refund',
      orderId: refund.orderId,
      orderNumber: formatOrderNumber(found.order.orderNumber),
      buyerName: found.order.buyerName,
      amountPaise: refund.amountPaise,
      ...(refund.reason ? { reason: refund.reason } : {}),
    },
  });
}

/**
 * A one-time sign-in link for a locked account's owner (docs/security.md, "Failed logins"): one mail per link,
 * sent to the account's own address.
 */
export async function enqueueLoginLinkMail(
  tx: DbOrTx,
  link: { linkId: string; to: string; token: string; minutes: number },
): Promise<void> {
  await enqueueMail(tx, {
    dedupeKey: `login-link:${link.linkId}`,
    to: link.to,
    payload: { kind: 'login-link', token: link.token, minutes: link.minutes },
  });
}

/** A seller's store name and e-mail address. */
async function sellerContact(tx: DbOrTx, sellerId: string) {
  const [row] = await tx
    .select({ storename: sellers.storename, email: users.email })
    .from(sellers)
    .innerJoin(users, eq(users.id, sellers.userId))
    .where(eq(sellers.id, sellerId));
  return row;
}

/**
 * A seller registration was received: the address in the form hears so once. The registering client chose that
 * address, so the mail is bounded per recipient and per client (docs/seo-and-email.md, "Priority and limits").
 */
export async function enqueueSellerRegistrationMail(
  tx: DbOrTx,
  seller: { id: string; storename: string; email: string },
  trigger: MailTrigger,
): Promise<void> {
  await enqueueMail(
    tx,
    {
      dedupeKey: `seller-registration:${seller.id}`,
      to: seller.email,
      recipientChosen: true,
      payload: { kind: 'seller-registration', storename: seller.storename },
    },
    trigger,
  );
}
