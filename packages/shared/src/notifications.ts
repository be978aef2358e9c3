/**
 * Seller notifications (docs/seo-and-email.md, "Seller notifications"): the kinds, what each carries, how a notice
 * reads (the console list and the e-mail say the same), and the contract of the notification calls.
 */
import { z } from 'zod';
import { formatINR, toRupees } from './money';
import type { DeliveryAddressParts } from './order-display';
import { pageQuerySchema } from './product';

export const SELLER_NOTIFICATION_KINDS = [
  'new_order',
  'order_cancelled',
  'line_rejected',
  'refund_debited',
  'payout_made',
  'brand_accepted',
  'import_finished',
  'low_stock',
] as const;
export type SellerNotificationKind = (typeof SELLER_NOTIFICATION_KINDS)[number];

/** A line a notice names. */
export interface NoticeLine {
  title: string;
  quantity: number;
  /** unit price after the discount */
  linePricePaise: number;
}

/** What each kind carries (amounts in paise), stored with the notice and rendered when read. */
export interface SellerNoticePayloads {
  /** an order with this seller's lines was paid */
  new_order: {
    orderId: string;
    orderNumber: string;
    lines: NoticeLine[];
    /** where to ship (the e-mail shows it) */
    address: DeliveryAddressParts & { buyerName: string };
  };
  /** the shopper cancelled a paid order: the refund of this seller's lines */
  order_cancelled: { orderId: string; orderNumber: string; lines: NoticeLine[]; refundPaise: number };
  /** the admin refunded (part of) this seller's lines that were not delivered yet */
  line_rejected: {
    orderId: string;
    orderNumber: string;
    lines: NoticeLine[];
    amountPaise: number;
    reason: string;
  };
  /** a refund of delivered lines was taken from the seller's balance (the refund less the commission given back) */
  refund_debited: { orderId: string; orderNumber: string; lines: NoticeLine[]; amountPaise: number };
  /** the admin recorded a transfer to the seller */
  payout_made: { payoutId: string; amountPaise: number; reference: string };
  /** the admin accepted (or mapped) the brand proposed with a product */
  brand_accepted: { productId: string; productTitle: string; brand: string };
  /** a bulk upload job ended */
  import_finished: { jobId: string; created: number; updated: number; failed: number };
  /**
   * a variant's stock fell to or below the seller's threshold; `variant` ("Size: M") names it for a product with
   * options, absent for a product sold as one (its stock is the product's)
   */
  low_stock: {
    productId: string;
    title: string;
    stock: number;
    threshold: number;
    variantId?: string;
    variant?: string;
  };
}

export type SellerNotice = {
  [K in SellerNotificationKind]: { kind: K; payload: SellerNoticePayloads[K] };
}[SellerNotificationKind];

/** How a notice reads: a title, one sentence, and where it leads in the seller console. */
export interface NoticeText {
  title: string;
  body: string;
  link: string;
}

const inr = (paise: number) => formatINR(toRupees(paise));
const items = (lines: NoticeLine[]) => {
  const n = lines.reduce((s, l) => s + l.quantity, 0);
  return `${n} item${n === 1 ? '' : 's'}`;
};
const worth = (lines: NoticeLine[]) => inr(lines.reduce((s, l) => s + l.linePricePaise * l.quantity, 0));
/** the seller's orders (the order itself is found there by its number) */
const ordersLink = (_orderId: string) => '/seller/orders';

/** The title, sentence and console link of a notice. */
export function noticeText(n: SellerNotice): NoticeText {
  switch (n.kind) {
    case 'new_order': {
      const p = n.payload;
      return {
        title: `New order ${p.orderNumber}`,
        body: `${items(p.lines)} worth ${worth(p.lines)} to ship.`,
        link: ordersLink(p.orderId),
      };
    }
    case 'order_cancelled': {
      const p = n.payload;
      return {
        title: `Order ${p.orderNumber} cancelled by the shopper`,
        body: `Do not ship ${items(p.lines)}; the shopper is refunded ${inr(p.refundPaise)} for them.`,
        link: ordersLink(p.orderId),
      };
    }
    case 'line_rejected': {
      const p = n.payload;
      return {
        title: `Admin refunded ${inr(p.amountPaise)} on order ${p.orderNumber}`,
        body: `On ${items(p.lines)} of yours: ${p.reason}`,
        link: ordersLink(p.orderId),
      };
    }
    case 'refund_debited': {
      const p = n.payload;
      return {
        title: `${inr(p.amountPaise)} taken from your balance`,
        body: `A refund on order ${p.orderNumber} (${items(p.lines)} delivered).`,
        link: '/seller/earnings',
      };
    }
    case 'payout_made':
      return {
        title: `Payout of ${inr(n.payload.amountPaise)} sent`,
        body: `Transfer reference ${n.payload.reference}.`,
        link: '/seller/earnings',
      };
    case 'brand_accepted':
      return {
        title: `Brand ${n.payload.brand} accepted`,
        body: `${n.payload.productTitle} now shows the brand ${n.payload.brand}.`,
        link: '/seller/products',
      };
    case 'import_finished': {
      const p = n.payload;
      return {
        title: 'Bulk upload finished',
        body: `${p.created} created, ${p.updated} updated, ${p.failed} with errors.`,
        link: '/seller/products',
      };
    }
    case 'low_stock':
      return {
        title: `Low stock: ${n.payload.title}${n.payload.variant ? ` (${n.payload.variant})` : ''}`,
        body: `${n.payload.stock} left (your alert is at ${n.payload.threshold}).`,
        link: '/seller/products',
      };
  }
}

// ---- the contract ---------------------------------------------------------------------------------------------

export const sellerNotificationDtoSchema = z.object({
  id: z.string(),
  kind: z.enum(SELLER_NOTIFICATION_KINDS),
  title: z.string(),
  body: z.string(),
  /** where it leads in the seller console */
  link: z.string(),
  read: z.boolean(),
  createdAt: z.string(),
});
export type SellerNotificationDto = z.infer<typeof sellerNotificationDtoSchema>;

/** A page of notifications: `page`, and `limit` (the console asks for 20). */
export const notificationListQuerySchema = pageQuerySchema;

/** A threshold at or below which a product's stock raises a low-stock notice; 0 turns the notices off. */
export const LOW_STOCK_THRESHOLD_MAX = 10_000;
export const LOW_STOCK_THRESHOLD_DEFAULT = 5;

export const notificationSettingsSchema = z.object({
  lowStockThreshold: z.coerce
    .number({ message: 'Threshold must be a number' })
    .int('Threshold must be a whole number')
    .min(0, 'Threshold must be 0 (off) or more')
    .max(LOW_STOCK_THRESHOLD_MAX, `Threshold must be at most ${LOW_STOCK_THRESHOLD_MAX}`),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;
