/**
 * The e-mail of each seller notice (docs/seo-and-email.md, "Seller notifications"): the kinds that had a mail of
 * their own keep its template; the others are rendered as the console shows them.
 */
import type { SellerNotice } from '@mp/shared';
import type { MailPayload } from '../mail';

export function noticeMail(notice: SellerNotice, storename: string): MailPayload {
  switch (notice.kind) {
    case 'new_order': {
      const { orderId, orderNumber, lines, address } = notice.payload;
      return { kind: 'seller-new-order', orderId, orderNumber, storename, lines, address };
    }
    case 'order_cancelled': {
      const { orderId, orderNumber, lines, refundPaise } = notice.payload;
      return { kind: 'seller-order-cancelled', orderId, orderNumber, storename, lines, refundPaise };
    }
    case 'refund_debited': {
      const { orderId, orderNumber, lines, amountPaise } = notice.payload;
      return { kind: 'seller-refund-charged', orderId, orderNumber, storename, lines, amountPaise };
    }
    case 'payout_made': {
      const { amountPaise, reference } = notice.payload;
      return { kind: 'seller-payout', storename, amountPaise, reference };
    }
    default:
      return { kind: 'seller-notice', storename, notice };
  }
}
