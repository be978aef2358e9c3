/**
 * One enqueue function per event that tells someone something (docs/seo-and-email.md). Each is called inside the
 * transaction that makes the event happen, reads what the e-mail needs in that same transaction and writes the
 * outbox rows: the e-mail exists exactly when the event committed.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { formatOrderNumber, type OrderStatus } from '@mp/shared';
import type { DbOrTx } from '../../db/client';
import { orderLines, orders, sellers, users } from '../../db/schema';
import { enqueueMail, enqueueMails, type MailTrigger, type OutboxMail } from './mail-outbox';
import type { MailPayload } from './mail-payloads';
import type { MailAddress, MailLine } from './mail-templates';

type OrderRow = typeof orders.$inferSelect;

const addressOf = (o: OrderRow): MailAddress => ({
  buyerName: o.buyerName,
  recipientName: o.recipientName,
  address: o.address,
  landmark: o.landmark,
  city: o.city,
  state: o.state,
  pincode: o.pincode,
  phone: o.phone,
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
    .where(
      sellerId
        ? and(eq(orderLines.orderId, orderId), eq(orderLines.sellerId, sellerId))
        : eq(orderLines.orderId, orderId),
    )
    .orderBy(asc(orderLines.createdAt), asc(orderLines.id));
}

/** A line as a mail shows it. */
const mailLine = (l: MailLine): MailLine => ({
  title: l.title,
  quantity: l.quantity,
  linePricePaise: l.linePricePaise,
});

/**
 * Lines grouped by their seller. Lines without a seller to tell (products the marketplace lists itself, or a
 * seller without an address) are left out.
 */
function bySeller<T extends { sellerId: string | null; sellerEmail?: string | null }>(lines: T[]) {
  const groups = new Map<string, T[]>();
  for (const l of lines) {
    if (!l.sellerId || l.sellerEmail === null) continue;
    groups.set(l.sellerId, [...(groups.get(l.sellerId) ?? []), l]);
  }
  return groups;
}

type SellerLine = MailLine & {
  sellerId: string | null;
  sellerEmail: string | null;
  storename: string | null;
};

/**
 * One mail per seller with lines among `lines`, about this order and showing only that seller's lines; `payload`
 * adds the kind (and what else it needs) to the facts. Deduplicated per order and seller.
 */
function perSeller(
  event: string,
  order: { id: string; orderNumber: number },
  lines: SellerLine[],
  payload: (facts: {
    orderId: string;
    orderNumber: string;
    storename: string;
    lines: MailLine[];
  }) => MailPayload,
): OutboxMail[] {
  return [...bySeller(lines)].map(([sellerId, own]) => ({
    dedupeKey: `${event}:${order.id}:${sellerId}`,
    to: own[0]!.sellerEmail!,
    payload: payload({
      orderId: order.id,
      orderNumber: formatOrderNumber(order.orderNumber),
      storename: own[0]!.storename ?? '',
      lines: own.map(mailLine),
    }),
  }));
}

/**
 * Order paid: the shopper's confirmation and one new-order notice per seller, showing only its own lines. `order` is
 * the row the payment just wrote; its lines, their sellers and the shopper's address are read together.
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
  const address = addressOf(order);
  // the shopper's confirmation and each seller's notice, in one statement
  const mails: OutboxMail[] = [
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
        address,
      },
    },
  ];
  mails.push(
    ...perSeller('seller-new-order', order, lines, (facts) => ({
      kind: 'seller-new-order',
      ...facts,
      address,
    })),
  );
  await enqueueMails(tx, mails, trigger);
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
 * The shopper cancelled a paid order: each seller with lines among `lineIds` is told, with only those lines, once
 * per order (they must not ship them).
 */
export async function enqueueSellerCancelMails(
  tx: DbOrTx,
  orderId: string,
  lineIds: string[],
): Promise<void> {
  const [order] = await tx
    .select({ orderNumber: orders.orderNumber })
    .from(orders)
    .where(eq(orders.id, orderId));
  const ids = new Set(lineIds);
  const lines = (await linesWithSellers(tx, orderId)).filter((l) => ids.has(l.id));
  if (!order) return;
  await enqueueMails(
    tx,
    perSeller('seller-order-cancelled', { id: orderId, ...order }, lines, (facts) => ({
      kind: 'seller-order-cancelled',
      ...facts,
    })),
  );
}

/** The admin recorded a payout: its seller hears of it once. */
export async function enqueueSellerPayoutMail(
  tx: DbOrTx,
  payout: { id: string; sellerId: string; amountPaise: number; reference: string },
): Promise<void> {
  const seller = await sellerContact(tx, payout.sellerId);
  if (!seller) return;
  await enqueueMail(tx, {
    dedupeKey: `seller-payout:${payout.id}`,
    to: seller.email,
    payload: {
      kind: 'seller-payout',
      storename: seller.storename,
      amountPaise: payout.amountPaise,
      reference: payout.reference,
    },
  });
}

/**
 * A refund was charged to sellers' balances (delivered lines): each seller hears once per refund what left its
 * balance (the refund less the commission given back) and for which lines.
 */
export async function enqueueSellerRefundChargedMails(
  tx: DbOrTx,
  refundId: string,
  charges: {
    sellerId: string;
    orderId: string;
    title: string;
    quantity: number;
    linePricePaise: number;
    paise: number;
  }[],
): Promise<void> {
  const groups = bySeller(charges);
  if (!groups.size) return;
  // the sellers' contacts and the orders' numbers in one read each
  const contacts = new Map(
    (
      await tx
        .select({ id: sellers.id, storename: sellers.storename, email: users.email })
        .from(sellers)
        .innerJoin(users, eq(users.id, sellers.userId))
        .where(inArray(sellers.id, [...groups.keys()]))
    ).map((c) => [c.id, c]),
  );
  const numbers = new Map(
    (
      await tx
        .select({ id: orders.id, orderNumber: orders.orderNumber })
        .from(orders)
        .where(inArray(orders.id, [...new Set(charges.map((c) => c.orderId))]))
    ).map((o) => [o.id, o.orderNumber]),
  );
  const mails: OutboxMail[] = [];
  for (const [sellerId, own] of groups) {
    const seller = contacts.get(sellerId);
    const orderId = own[0]!.orderId;
    const orderNumber = numbers.get(orderId);
    if (!seller || orderNumber === undefined) continue;
    mails.push({
      dedupeKey: `seller-refund-charged:${refundId}:${sellerId}`,
      to: seller.email,
      payload: {
        kind: 'seller-refund-charged',
        orderId,
        orderNumber: formatOrderNumber(orderNumber),
        storename: seller.storename,
        amountPaise: own.reduce((s, c) => s + c.paise, 0),
        lines: own.map(mailLine),
      },
    });
  }
  await enqueueMails(tx, mails);
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
