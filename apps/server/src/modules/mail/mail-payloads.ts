/**
 * What each outbox row carries: the facts of the event as they were in its transaction, and how they become an
 * e-mail. Rendering happens at send time with the shop's public URL.
 */
import { noticeText, type SellerNotice } from '@mp/shared';
import type { RenderedMail } from './mail-templates';
import { deliveryCodeMail, outForDeliveryMail } from './parcel-mails';
import { returnStepMail } from './return-mails';
import {
  lineStatusMail,
  loginLinkMail,
  orderConfirmationMail,
  refundMail,
  sellerDecisionMail,
  sellerNewOrderMail,
  sellerNoticeMail,
  sellerOrderCancelledMail,
  sellerPayoutMail,
  sellerRefundChargedMail,
  sellerRegistrationMail,
} from './mail-templates';

/** A template's input without the public URL, which the worker adds when it renders. */
type Facts<F extends (input: never) => RenderedMail> = Omit<Parameters<F>[0], 'publicUrl'>;

/** The template of each kind of mail that has one. */
const TEMPLATES = {
  'order-confirmation': orderConfirmationMail,
  'seller-new-order': sellerNewOrderMail,
  'seller-decision': sellerDecisionMail,
  'line-status': lineStatusMail,
  refund: refundMail,
  'login-link': loginLinkMail,
  'seller-order-cancelled': sellerOrderCancelledMail,
  'seller-payout': sellerPayoutMail,
  'seller-refund-charged': sellerRefundChargedMail,
  'seller-registration': sellerRegistrationMail,
  'parcel-out-for-delivery': outForDeliveryMail,
  'delivery-code': deliveryCodeMail,
  'return-step': returnStepMail,
} satisfies Record<string, (input: never) => RenderedMail>;
type Templates = typeof TEMPLATES;
type TemplateKind = keyof Templates;

export type MailPayload =
  | { [K in TemplateKind]: { kind: K } & Facts<Templates[K]> }[TemplateKind]
  /** a seller notice without a template of its own: rendered as the console shows it */
  | { kind: 'seller-notice'; storename: string; notice: SellerNotice };

export function renderMail(payload: MailPayload, publicUrl: string): RenderedMail {
  if (payload.kind !== 'seller-notice') {
    const template = TEMPLATES[payload.kind] as (input: MailPayload & { publicUrl: string }) => RenderedMail;
    return template({ ...payload, publicUrl });
  }
  const { notice } = payload;
  const lines = 'lines' in notice.payload ? notice.payload.lines : undefined;
  return sellerNoticeMail({
    publicUrl,
    storename: payload.storename,
    ...noticeText(notice),
    ...(lines ? { lines } : {}),
  });
}
