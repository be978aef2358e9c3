/** A real SMTP server (the smtp-server package) on a free local port that keeps what it receives, parsed. */
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll } from 'vitest';
import { createTestContext } from './app';

export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  messageId: string;
  from: string;
}

export interface SmtpInbox {
  url: string;
  messages: ReceivedMail[];
  /** the next n messages are refused with a temporary error (451) */
  refuseNext(n: number): void;
  clear(): void;
  close(): Promise<void>;
}

const addresses = (m: ParsedMail): string[] =>
  (Array.isArray(m.to) ? m.to : m.to ? [m.to] : []).flatMap((a) => a.value.map((v) => v.address ?? ''));

export async function startSmtpInbox(): Promise<SmtpInbox> {
  const messages: ReceivedMail[] = [];
  let refuse = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((m) => {
          if (refuse > 0) {
            refuse--;
            const err = Object.assign(new Error('Try again later'), { responseCode: 451 });
            return callback(err);
          }
          messages.push({
            to: addresses(m),
            subject: m.subject ?? '',
            text: m.text ?? '',
            html: typeof m.html === 'string' ? m.html : '',
            messageId: m.messageId ?? '',
            from: m.from?.text ?? '',
          });
          callback();
        })
        .catch((err: Error) => callback(err));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    refuseNext: (n) => {
      refuse = n;
    },
    clear: () => {
      messages.length = 0;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The app with its mail going to a new local SMTP inbox (closed after the file), its links to PUBLIC_URL. */
export async function createMailTestContext() {
  const inbox = await startSmtpInbox();
  const ctx = await createTestContext({ SMTP_URL: inbox.url, PUBLIC_URL: 'https://shop.example.in' });
  afterAll(() => inbox.close());
  return { inbox, ctx };
}
