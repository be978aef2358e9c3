/**
 * The mail worker (docs/seo-and-email.md): claims due outbox rows, renders and sends each, then marks it sent or
 * schedules a retry with backoff. Safe with several instances (claims skip rows another worker holds) and across
 * restarts (a claim whose worker died lapses and the row is sent again, with the same Message-ID).
 */
import type { Db } from '../../db/client';
import type { Logger } from '../../lib/logger';
import { claimDueMails, markFailed, markSent, pruneSent } from './mail-outbox';
import type { MailPayload } from './mail-payloads';
import { renderMail } from './mail-payloads';
import type { MailTransport } from './mail-transport';

export interface MailWorkerOptions {
  db: Db;
  transport: MailTransport;
  from: string;
  publicUrl: string;
  logger: Logger;
  batchSize?: number;
}

export interface MailWorker {
  /** one pass: claims and sends what is due; resolves with how many were sent and how many failed */
  runOnce(): Promise<{ sent: number; failed: number }>;
  /** polls every intervalMs (and prunes old sent mail hourly) until stop(), which waits for a pass in flight */
  start(intervalMs: number): () => Promise<void>;
}

export function createMailWorker(options: MailWorkerOptions): MailWorker {
  const { db, transport, from, publicUrl, logger } = options;
  const batchSize = options.batchSize ?? 20;
  const host = new URL(publicUrl).hostname || 'localhost';

  async function runOnce() {
    const claimed = await claimDueMails(db, batchSize);
    let sent = 0;
    let failed = 0;
    for (const row of claimed) {
      try {
        const rendered = renderMail(row.payload as MailPayload, publicUrl);
        await transport.send({
          id: row.id,
          messageId: `<${row.id}@${host}>`,
          from,
          to: row.toAddress,
          ...rendered,
        });
      } catch (err) {
        failed++;
        const outcome = await markFailed(db, row, err instanceof Error ? err.message : String(err));
        logger.warn(
          { err, mailId: row.id, kind: row.kind, attempts: row.attempts, outcome },
          'e-mail not sent',
        );
        continue;
      }
      await markSent(db, row.id);
      sent++;
    }
    if (sent > 0) logger.info({ sent, transport: transport.kind }, 'e-mails sent');
    return { sent, failed };
  }

  return {
    runOnce,
    start(intervalMs) {
      let pass: Promise<unknown> = Promise.resolve();
      let stopped = false;
      let prunedAt = 0;
      const tick = () => {
        const prune = Date.now() - prunedAt > 3_600_000;
        if (prune) prunedAt = Date.now();
        pass = (prune ? pruneSent(db).then(runOnce) : runOnce())
          .catch((err: unknown) => logger.error({ err }, 'mail worker pass failed'))
          .finally(() => {
            if (!stopped) timer = setTimeout(tick, intervalMs);
          });
      };
      let timer = setTimeout(tick, 0);
      return async () => {
        stopped = true;
        clearTimeout(timer);
        await pass;
        transport.close();
      };
    },
  };
}
