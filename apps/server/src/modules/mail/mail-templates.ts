/**
 * The transactional e-mails (docs/seo-and-email.md): each renders a subject, a plain-text body and an HTML body
 * from plain data. Amounts arrive in paise and are shown as ₹ with Indian grouping (the shared formatter); every
 * value shown in HTML is escaped.
 */
import escapeHtml from 'escape-html';
import {
  deliveryAddressLines,
  formatINR,
  priceDetails,
  SHOP_NAME,
  toRupees,
  type DeliveryAddressParts,
} from '@mp/shared';

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

export interface MailLine {
  title: string;
  quantity: number;
  /** unit price after the discount */
  linePricePaise: number;
}

/** An order confirmation's line: also the prices that make it, for the price details (absent in older mails). */
export interface PricedMailLine extends MailLine {
  /** the product's list price (absent on orders from before it was recorded) */
  listPricePaise?: number | null;
  /** the rules' unit price before the further discount (sale price, else list price) */
  unitPricePaise?: number;
  /** the further discount percent */
  discount?: number;
}

/** The delivery address in a mail; recipient, landmark and state are absent in mails queued before they were asked. */
export type MailAddress = DeliveryAddressParts & { buyerName: string };

const inr = (paise: number) => formatINR(toRupees(paise));
const shortId = (id: string) => id.slice(0, 8).toUpperCase();
/** The order's short number ("HM-100234"); mails queued before numbers existed name the id's start. */
export const orderRef = (input: { orderId: string; orderNumber?: string }) =>
  input.orderNumber ?? `#${shortId(input.orderId)}`;

/** The HTML frame every message shares: the shop's name on top, the body, a footer. */
export function frame(publicUrl: string, heading: string, bodyHtml: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(heading)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#111827;background:#f9fafb;margin:0;padding:24px">
<div style="max-width:600px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px">
<p style="font-size:20px;font-weight:bold;color:#4f46e5;margin:0 0 16px">${escapeHtml(SHOP_NAME)}</p>
<h1 style="font-size:18px;margin:0 0 16px">${escapeHtml(heading)}</h1>
${bodyHtml}
<p style="font-size:12px;color:#6b7280;margin-top:24px">${escapeHtml(SHOP_NAME)} · <a href="${escapeHtml(publicUrl)}">${escapeHtml(publicUrl)}</a></p>
</div></body></html>`;
}

export const textFooter = (publicUrl: string) => `\n--\n${SHOP_NAME}\n${publicUrl}\n`;

function linesTable(lines: MailLine[]): { text: string; html: string } {
  const text = lines
    .map(
      (l) =>
        `- ${l.title} × ${l.quantity} @ ${inr(l.linePricePaise)} = ${inr(l.linePricePaise * l.quantity)}`,
    )
    .join('\n');
  const rows = lines
    .map(
      (l) =>
        `<tr><td style="padding:4px 8px">${escapeHtml(l.title)}</td><td style="padding:4px 8px;text-align:right">${l.quantity}</td><td style="padding:4px 8px;text-align:right">${escapeHtml(inr(l.linePricePaise))}</td><td style="padding:4px 8px;text-align:right">${escapeHtml(inr(l.linePricePaise * l.quantity))}</td></tr>`,
    )
    .join('');
  const html = `<table style="border-collapse:collapse;width:100%;font-size:14px"><thead><tr><th style="text-align:left;padding:4px 8px">Item</th><th style="text-align:right;padding:4px 8px">Qty</th><th style="text-align:right;padding:4px 8px">Price</th><th style="text-align:right;padding:4px 8px">Amount</th></tr></thead><tbody>${rows}</tbody></table>`;
  return { text, html };
}

function addressBlock(a: MailAddress): { text: string; html: string } {
  const parts = deliveryAddressLines(a);
  return { text: parts.join('\n'), html: parts.map((p) => escapeHtml(p)).join('<br>') };
}

export function orderConfirmationMail(input: {
  publicUrl: string;
  orderId: string;
  /** "HM-100234" (absent in mails queued before order numbers) */
  orderNumber?: string;
  lines: PricedMailLine[];
  subtotalPaise: number;
  discountPaise: number;
  shippingPaise: number;
  totalPaise: number;
  address: MailAddress;
}): RenderedMail {
  const { publicUrl } = input;
  const heading = `Thank you for your order ${orderRef(input)}`;
  const lines = linesTable(input.lines);
  const address = addressBlock(input.address);
  // the checkout page's price details, from the order's lines and its own delivery and total (docs/prices.md)
  const totals: [string, string][] = priceDetails(
    input.lines.map((l) => ({
      price: toRupees(l.listPricePaise ?? l.unitPricePaise ?? l.linePricePaise),
      salePrice: l.unitPricePaise == null ? null : toRupees(l.unitPricePaise),
      discount: l.discount ?? 0,
      quantity: l.quantity,
    })),
    {
      itemCount: input.lines.reduce((n, l) => n + l.quantity, 0),
      shippingCharge: toRupees(input.shippingPaise),
      total: toRupees(input.totalPaise),
    },
  ).map((row) => [row.label, row.shown]);
  const link = `${publicUrl}/shop/account`;
  const text = `Hello ${input.address.buyerName},

your payment was received and your order ${orderRef(input)} is confirmed.

${lines.text}

${totals.map(([k, v]) => `${k}: ${v}`).join('\n')}

Delivering to:
${address.text}

Follow your order in your account: ${link}
${textFooter(publicUrl)}`;
  const html = frame(
    publicUrl,
    heading,
    `<p>Hello ${escapeHtml(input.address.buyerName)}, your payment was received and your order is confirmed.</p>
${lines.html}
<table style="margin-top:12px;font-size:14px">${totals.map(([k, v]) => `<tr><td style="padding:2px 8px">${escapeHtml(k)}</td><td style="padding:2px 8px;text-align:right"><strong>${escapeHtml(v)}</strong></td></tr>`).join('')}</table>
<h2 style="font-size:15px;margin:16px 0 4px">Delivering to</h2><p style="margin:0">${address.html}</p>
<p><a href="${escapeHtml(link)}">Follow your order in your account</a></p>`,
  );
  return {
    subject: `${SHOP_NAME}: order ${orderRef(input)} confirmed (${inr(input.totalPaise)})`,
    text,
    html,
  };
}

export function sellerNewOrderMail(input: {
  publicUrl: string;
  orderId: string;
  /** "HM-100234" (absent in mails queued before order numbers) */
  orderNumber?: string;
  storename: string;
  lines: MailLine[];
  address: MailAddress;
}): RenderedMail {
  const { publicUrl } = input;
  const total = input.lines.reduce((s, l) => s + l.linePricePaise * l.quantity, 0);
  const lines = linesTable(input.lines);
  const address = addressBlock(input.address);
  const link = `${publicUrl}/seller/orders`;
  const heading = `New order ${orderRef(input)} for ${input.storename}`;
  const text = `Hello ${input.storename},

a shopper has paid for order ${orderRef(input)}. Your items to pack (${inr(total)}):

${lines.text}

Ship to:
${address.text}

Open the order in your seller console: ${link}
${textFooter(publicUrl)}`;
  const html = frame(
    publicUrl,
    heading,
    `<p>A shopper has paid for order ${escapeHtml(orderRef(input))}. Your items to pack (<strong>${escapeHtml(inr(total))}</strong>):</p>
${lines.html}
<h2 style="font-size:15px;margin:16px 0 4px">Ship to</h2><p style="margin:0">${address.html}</p>
<p><a href="${escapeHtml(link)}">Open the order in your seller console</a></p>`,
  );
  return { subject: `${SHOP_NAME}: new order ${orderRef(input)} (${inr(total)})`, text, html };
}

export function sellerDecisionMail(input: {
  publicUrl: string;
  storename: string;
  decision: 'approved' | 'rejected';
}): RenderedMail {
  const { publicUrl, storename, decision } = input;
  const approved = decision === 'approved';
  const link = `${publicUrl}/seller/dashboard`;
  const heading = approved ? `${storename} is approved` : `${storename} was not approved`;
  const message = approved
    ? `Good news: your seller account for ${storename} is approved. You can now list products and receive orders.`
    : `We are sorry: your seller application for ${storename} was not approved. Reply to this e-mail if you think this is a mistake.`;
  const text = `${message}${approved ? `\n\nOpen your seller console: ${link}` : ''}\n${textFooter(publicUrl)}`;
  const html = frame(
    publicUrl,
    heading,
    `<p>${escapeHtml(message)}</p>${approved ? `<p><a href="${escapeHtml(link)}">Open your seller console</a></p>` : ''}`,
  );
  return {
    subject: `${SHOP_NAME}: your seller account is ${approved ? 'approved' : 'not approved'}`,
    text,
    html,
  };
}

export type NotifiedLineStatus = 'inShipping' | 'delivered' | 'rejected';

const statusWords: Record<NotifiedLineStatus, { subject: string; message: string }> = {
  inShipping: {
    subject: 'is on its way',
    message: 'These items have been shipped and are on their way to you:',
  },
  delivered: { subject: 'was delivered', message: 'These items were delivered:' },
  rejected: {
    subject: 'could not be fulfilled',
    message: 'The seller could not fulfil these items; their amount will be refunded:',
  },
};

export function lineStatusMail(input: {
  publicUrl: string;
  orderId: string;
  /** "HM-100234" (absent in mails queued before order numbers) */
  orderNumber?: string;
  buyerName: string;
  storename: string;
  status: NotifiedLineStatus;
  /** the seller's reason, on a rejection (absent in mails queued before it was asked) */
  reason?: string;
  lines: MailLine[];
}): RenderedMail {
  const { publicUrl } = input;
  const words = statusWords[input.status];
  const lines = linesTable(input.lines);
  const link = `${publicUrl}/shop/account`;
  const heading = `Your order ${orderRef(input)} ${words.subject}`;
  const reason = input.reason ? `The seller's reason: ${input.reason}` : '';
  const text = `Hello ${input.buyerName},

${words.message} (sold by ${input.storename})
${reason ? `\n${reason}\n` : ''}
${lines.text}

See your order: ${link}
${textFooter(publicUrl)}`;
  const html = frame(
    publicUrl,
    heading,
    `<p>Hello ${escapeHtml(input.buyerName)},</p><p>${escapeHtml(words.message)} (sold by ${escapeHtml(input.storename)})</p>${reason ? `<p>${escapeHtml(reason)}</p>` : ''}
${lines.html}
<p><a href="${escapeHtml(link)}">See your order</a></p>`,
  );
  return { subject: `${SHOP_NAME}: ${heading.replace(/^Your/, 'your')}`, text, html };
}

export function refundMail(input: {
  publicUrl: string;
  orderId: string;
  /** "HM-100234" (absent in mails queued before order numbers) */
  orderNumber?: string;
  buyerName: string;
  amountPaise: number;
  reason?: string;
}): RenderedMail {
  const { publicUrl } = input;
  const amount = inr(input.amountPaise);
  const heading = `Refund of ${amount} for order ${orderRef(input)}`;
  const message = `we have issued a refund of ${amount} for your order ${orderRef(input)}. It reaches your account in 5–7 working days, depending on your bank.`;
  const text = `Hello ${input.buyerName},

${message}${input.reason ? `\n\nReason: ${input.reason}` : ''}
${textFooter(publicUrl)}`;
  const html = frame(
    publicUrl,
    heading,
    `<p>Hello ${escapeHtml(input.buyerName)},</p><p>${escapeHtml(message)}</p>${input.reason ? `<p>Reason: ${escapeHtml(input.reason)}</p>` : ''}`,
  );
  return { subject: `${SHOP_NAME}: ${heading}`, text, html };
}

/** The web page that uses up a sign-in link; the token rides in the fragment, which browsers never send on. */
export const LOGIN_LINK_PATH = '/auth/login-link';

export function loginLinkMail(input: { publicUrl: string; token: string; minutes: number }): RenderedMail {
  const { publicUrl, token, minutes } = input;
  const link = `${publicUrl}${LOGIN_LINK_PATH}#${token}`;
  const message = `Someone, perhaps you, tried to log in to your ${SHOP_NAME} account with the right password while it was locked after many failed attempts. Use this link to sign in; it works once, within ${minutes} minutes.`;
  const warning = 'If it was not you, change your password after signing in.';
  return {
    subject: `${SHOP_NAME}: your sign-in link`,
    text: `${message}\n\n${link}\n\n${warning}\n${textFooter(publicUrl)}`,
    html: frame(
      publicUrl,
      'Your sign-in link',
      `<p>${escapeHtml(message)}</p><p><a href="${escapeHtml(link)}">Sign in</a></p><p>${escapeHtml(warning)}</p>`,
    ),
  };
}

/** A short notice: a greeting, one message, optionally lines, and a link (the seller mails below). */
function notice(input: {
  publicUrl: string;
  heading: string;
  greeting: string;
  message: string;
  lines?: MailLine[];
  link: { href: string; text: string };
}): RenderedMail {
  const { publicUrl, heading, greeting, message, link } = input;
  const lines = input.lines && linesTable(input.lines);
  const text = `${greeting},

${message}
${lines ? `\n${lines.text}\n` : ''}
${link.text}: ${link.href}
${textFooter(publicUrl)}`;
  const html = frame(
    publicUrl,
    heading,
    `<p>${escapeHtml(greeting)},</p><p>${escapeHtml(message)}</p>${lines ? lines.html : ''}
<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.text)}</a></p>`,
  );
  return { subject: `${SHOP_NAME}: ${heading}`, text, html };
}

/** The shopper cancelled a paid order: the seller must not ship its lines (they are refunded). */
export function sellerOrderCancelledMail(input: {
  publicUrl: string;
  orderId: string;
  orderNumber?: string;
  storename: string;
  lines: MailLine[];
  /** what the shopper gets back for these lines (absent in mails queued before it was told) */
  refundPaise?: number;
}): RenderedMail {
  const refunded =
    input.refundPaise === undefined
      ? 'the shopper is refunded'
      : `the shopper is refunded ${inr(input.refundPaise)}`;
  return notice({
    publicUrl: input.publicUrl,
    heading: `Order ${orderRef(input)} was cancelled by the shopper`,
    greeting: `Hello ${input.storename}`,
    message: `the shopper cancelled order ${orderRef(input)}. Please do not ship these items; ${refunded}:`,
    lines: input.lines,
    link: { href: `${input.publicUrl}/seller/orders`, text: 'See your orders' },
  });
}

/** The admin recorded a payout to the seller. */
export function sellerPayoutMail(input: {
  publicUrl: string;
  storename: string;
  amountPaise: number;
  reference: string;
}): RenderedMail {
  const amount = inr(input.amountPaise);
  return notice({
    publicUrl: input.publicUrl,
    heading: `Payout of ${amount} sent`,
    greeting: `Hello ${input.storename}`,
    message: `we have paid ${amount} from your balance to your bank account (transfer reference ${input.reference}).`,
    link: { href: `${input.publicUrl}/seller/earnings`, text: 'See your earnings' },
  });
}

/** A refund of delivered lines was charged to the seller's balance. */
export function sellerRefundChargedMail(input: {
  publicUrl: string;
  orderId: string;
  orderNumber?: string;
  storename: string;
  /** what left the seller's balance: the refund less the deductions given back (commission, its GST, TCS, TDS) */
  amountPaise: number;
  lines: MailLine[];
}): RenderedMail {
  const amount = inr(input.amountPaise);
  return notice({
    publicUrl: input.publicUrl,
    heading: `Refund on order ${orderRef(input)}: ${amount} from your balance`,
    greeting: `Hello ${input.storename}`,
    message: `a refund was issued on order ${orderRef(input)} for these delivered items. ${amount} (the refund less the commission, its GST, TCS and TDS given back) was taken from your balance:`,
    lines: input.lines,
    link: { href: `${input.publicUrl}/seller/earnings`, text: 'See your earnings' },
  });
}

/** A seller registration was received and waits for the admin's decision. */
export function sellerRegistrationMail(input: { publicUrl: string; storename: string }): RenderedMail {
  return notice({
    publicUrl: input.publicUrl,
    heading: `We received the registration of ${input.storename}`,
    greeting: `Hello ${input.storename}`,
    message:
      'thank you for registering as a seller. We are checking your details and will write to you once your account is approved or not.',
    link: { href: `${input.publicUrl}/auth/login`, text: 'Log in' },
  });
}

/**
 * A seller notice without a mail of its own (docs/seo-and-email.md, "Seller notifications"): the console's title
 * and sentence, the lines when it names some, and a link to the console page it leads to.
 */
export function sellerNoticeMail(input: {
  publicUrl: string;
  storename: string;
  title: string;
  body: string;
  /** a console path, e.g. /seller/products */
  link: string;
  lines?: MailLine[];
}): RenderedMail {
  return notice({
    publicUrl: input.publicUrl,
    heading: input.title,
    greeting: `Hello ${input.storename}`,
    message: input.body,
    ...(input.lines ? { lines: input.lines } : {}),
    link: { href: `${input.publicUrl}${input.link}`, text: 'Open your console' },
  });
}
