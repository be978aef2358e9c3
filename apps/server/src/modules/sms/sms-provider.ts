/**
 * Text messages (one-time codes; docs/money.md, "Cash on delivery"): an SMS gateway's HTTP API when SMS_API_URL is
 * set (MSG91-style: POST JSON `{ sender, mobiles, message }` with the `authkey: SMS_API_KEY` header, answered
 * `{ type: "success" }`; the local fake is src/fakes/sms), else the development outbox: each message a JSON file in
 * DATA_DIR/sms (like the mailbox), and kept in memory for the tests. Messages reach it through the durable outbox
 * (sms-outbox.ts), which retries a failed send.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Config } from '../../config/env';
import { AppError } from '../../lib/errors';

export interface SmsMessage {
  to: string;
  text: string;
  at: Date;
}

export interface SmsProvider {
  readonly kind: 'http' | 'outbox';
  send(to: string, text: string): Promise<void>;
  /** the development outbox's messages, newest last (empty for a real gateway) */
  readonly sent: SmsMessage[];
}

const unavailable = () =>
  new AppError(503, 'SERVICE_UNAVAILABLE', 'The text message could not be sent right now. Please try again.');

export function createSmsProvider(sms: Config['sms']): SmsProvider {
  if (sms.apiUrl) {
    const { apiUrl, apiKey, senderId } = sms;
    return {
      kind: 'http',
      sent: [],
      async send(to, text) {
        const res = await fetch(apiUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authkey: apiKey ?? '' },
          body: JSON.stringify({ sender: senderId, mobiles: to, message: text }),
          signal: AbortSignal.timeout(10_000),
        }).catch(() => undefined);
        const body = (await res?.json().catch(() => undefined)) as { type?: string } | undefined;
        if (!res?.ok || body?.type !== 'success') throw unavailable();
      },
    };
  }
  const sent: SmsMessage[] = [];
  return {
    kind: 'outbox',
    sent,
    async send(to, text) {
      const message = { to, text, at: new Date() };
      sent.push(message);
      if (sent.length > 1000) sent.shift();
      await mkdir(sms.dir, { recursive: true });
      const name = `${message.at.toISOString().replace(/[:.]/g, '-')}-${randomBytes(3).toString('hex')}.json`;
      await writeFile(path.join(sms.dir, name), JSON.stringify(message, null, 2));
    },
  };
}
