/** Transactional e-mail: enqueue functions for the flows, and the worker the process starts (docs/seo-and-email.md). */
import { SHOP_NAME } from '@mp/shared';
import type { AppDeps } from '../../context';
import { createMailTransport } from './mail-transport';
import { createMailWorker, type MailWorker } from './mail-worker';

export {
  enqueueLineStatusMail,
  enqueueLoginLinkMail,
  enqueueOrderPaidMails,
  enqueueRefundMail,
  enqueueSellerCancelMails,
  enqueueSellerDecisionMail,
  enqueueSellerPayoutMail,
  enqueueSellerRefundChargedMails,
  enqueueSellerRegistrationMail,
} from './mail-events';
export type { MailWorker } from './mail-worker';
export type { MailLimits, MailTrigger } from './mail-outbox';

/** The worker for this configuration: SMTP_URL's server, or the development mailbox under DATA_DIR/mail. */
export function mailWorkerFor(deps: Pick<AppDeps, 'config' | 'db' | 'logger'>): MailWorker {
  const { config } = deps;
  const transport = createMailTransport({ smtpUrl: config.mail.smtpUrl, mailDir: config.mail.dir });
  const host = new URL(config.publicUrl).hostname || 'localhost';
  return createMailWorker({
    db: deps.db,
    transport,
    from:
      config.mail.from ?? `"${SHOP_NAME}" <no-reply@${host.includes('.') ? host : `${host}.localdomain`}>`,
    publicUrl: config.publicUrl,
    logger: deps.logger,
  });
}
