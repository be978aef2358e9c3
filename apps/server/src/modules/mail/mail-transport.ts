/**
 * Where e-mails go (docs/seo-and-email.md): the SMTP server of SMTP_URL, or, without it, the development mailbox:
 * one .eml file per message under DATA_DIR/mail, named by the outbox id (a repeated send rewrites the same file).
 */
import { chmod, mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

export interface OutgoingMail {
  /** the outbox row's id: names the message (Message-ID) and the mailbox file */
  id: string;
  messageId: string;
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface MailTransport {
  kind: 'smtp' | 'mailbox';
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

const toNodemailer = (m: OutgoingMail) => ({
  messageId: m.messageId,
  from: m.from,
  to: m.to,
  subject: m.subject,
  text: m.text,
  html: m.html,
});

export function createMailTransport(options: {
  smtpUrl?: string | undefined;
  mailDir: string;
}): MailTransport {
  if (options.smtpUrl) {
    const smtp = nodemailer.createTransport(options.smtpUrl);
    return {
      kind: 'smtp',
      send: async (mail) => {
        await smtp.sendMail(toNodemailer(mail));
      },
      close: () => smtp.close(),
    };
  }
  const stream = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    kind: 'mailbox',
    send: async (mail) => {
      const info = await stream.sendMail(toNodemailer(mail));
      // messages can carry sign-in links: only the server's own user may read them (docs/security.md)
      await mkdir(options.mailDir, { recursive: true, mode: 0o700 });
      await chmod(options.mailDir, 0o700);
      const file = path.join(options.mailDir, `${mail.id}.eml`);
      await writeFile(`${file}.tmp`, info.message as Buffer, { mode: 0o600 });
      await rename(`${file}.tmp`, file);
    },
    close: () => stream.close(),
  };
}
