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

export type MailPayload =
  | ({ kind: 'order-confirmation' } & Facts<typeof orderConfirmationMail>)
  | ({ kind: 'seller-new-order' } & Facts<typeof sellerNewOrderMail>)
  | ({ kind: 'seller-decision' } & Facts<typeof sellerDecisionMail>)
  | ({ kind: 'line-status' } & Facts<typeof lineStatusMail>)
  | ({ kind: 'refund' } & Facts<typeof refundMail>)
  | ({ kind: 'login-link' } & Facts<typeof loginLinkMail>)
  | ({ kind: 'seller-order-cancelled' } & Facts<typeof sellerOrderCancelledMail>)
  | ({ kind: 'seller-payout' } & Facts<typeof sellerPayoutMail>)
  | ({ kind: 'seller-refund-charged' } & Facts<typeof sellerRefundChargedMail>)
  | ({ kind: 'seller-registration' } & Facts<typeof sellerRegistrationMail>)
  | ({ kind: 'parcel-out-for-delivery' } & Facts<typeof outForDeliveryMail>)
  | ({ kind: 'delivery-code' } & Facts<typeof deliveryCodeMail>)
  | ({ kind: 'return-step' } & Facts<typeof returnStepMail>)
  /** a seller notice without a template of its own: rendered as the console shows it */
  | { kind: 'seller-notice'; storename: string; notice: SellerNotice };

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
    case 'login-link':
      return loginLinkMail({ ...payload, publicUrl });
    case 'seller-order-cancelled':
      return sellerOrderCancelledMail({ ...payload, publicUrl });
    case 'seller-payout':
      return sellerPayoutMail({ ...payload, publicUrl });
    case 'seller-refund-charged':
      return sellerRefundChargedMail({ ...payload, publicUrl });
    case 'seller-registration':
      return sellerRegistrationMail({ ...payload, publicUrl });
    case 'parcel-out-for-delivery':
      return outForDeliveryMail({ ...payload, publicUrl });
    case 'delivery-code':
      return deliveryCodeMail({ ...payload, publicUrl });
    case 'return-step':
      return returnStepMail({ ...payload, publicUrl });
    case 'seller-notice': {
      const { notice } = payload;
      const lines = 'lines' in notice.payload ? notice.payload.lines : undefined;
      return sellerNoticeMail({
        publicUrl,
        storename: payload.storename,
        ...noticeText(notice),
        ...(lines ? { lines } : {}),
      });
    }
  }
}
