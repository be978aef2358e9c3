/**
 * What each outbox row carries: the facts of the event as they were in its transaction, and how they become an
 * e-mail. Rendering happens at send time with the shop's public URL.
 */
import type { MailAddress, MailLine, NotifiedLineStatus, RenderedMail } from './mail-templates';
import {
  lineStatusMail,
  orderConfirmationMail,
  refundMail,
  sellerDecisionMail,
  sellerNewOrderMail,
} from './mail-templates';

export type MailPayload =
  | {
      kind: 'order-confirmation';
      orderId: string;
      lines: MailLine[];
      subtotalPaise: number;
      discountPaise: number;
      shippingPaise: number;
      totalPaise: number;
      address: MailAddress;
    }
  | { kind: 'seller-new-order'; orderId: string; storename: string; lines: MailLine[]; address: MailAddress }
  | { kind: 'seller-decision'; storename: string; decision: 'approved' | 'rejected' }
  | {
      kind: 'line-status';
      orderId: string;
      buyerName: string;
      storename: string;
      status: NotifiedLineStatus;
      lines: MailLine[];
    }
  | { kind: 'refund'; orderId: string; buyerName: string; amountPaise: number; reason?: string };

export function renderMail(payload: MailPayload, publicUrl: string): RenderedMail {
  switch (payload.kind) {
    case 'order-confirmation':
      return orderConfirmationMail({ ...payload, publicUrl });
    case 'seller-new-order':
      return sellerNewOrderMail({ ...payload, publicUrl });
    case 'seller-decision':
      return sellerDecisionMail({ ...payload, publicUrl });
    case 'line-status':
      return lineStatusMail({ ...payload, publicUrl });
    case 'refund':
      return refundMail({ ...payload, publicUrl });
  }
}
