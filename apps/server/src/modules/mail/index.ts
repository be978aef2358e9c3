/** Transactional e-mail: enqueue functions for the flows, and the worker the process starts (docs/seo-and-email.md). */
import { SHOP_NAME } from '@mp/shared';
import type { Config } from '../../config/env';
import type { Db } from '../../db/client';
import type { Logger } from '../../lib/logger';
import { createMailTransport } from './mail-transport';
import { createMailWorker, type MailWorker } from './mail-worker';

export {
  enqueueLineStatusMail,
  enqueueLoginLinkMail,
  enqueueOrderPaidMails,
  enqueueRefundMail,
  enqueueSellerDecisionMail,
  enqueueSellerRegistrationMail,
} from './mail-events';
export type { MailWorker } from './mail-worker';
export { enqueueMails } from './mail-outbox';
export type { MailLimits, MailTrigger, OutboxMail } from './mail-outbox';
export type { MailPayload } from './mail-payloads';

/**
 * What the mail module needs from the composition root: its own type, so the module imports nothing from the app's
 * context (the app's services import the mail module, not the other way round).
 */
export interface MailDeps {
  config: Pick<Config, 'mail' | 'publicUrl'>;
  db: Db;
  logger: Logger;
}

/** The worker for this configuration: SMTP_URL's server, or the development mailbox under DATA_DIR/mail. */
export function mailWorkerFor(deps: MailDeps): MailWorker {
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
