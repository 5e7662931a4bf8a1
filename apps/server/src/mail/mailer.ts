import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Config } from '../config.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  replyTo?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<{ id: string; location?: string }>;
}

/**
 * SMTP when SMTP_URL is set; otherwise each message is written as an .eml file into the outbox folder,
 * which any mail client opens, so the embedded default loses nothing and needs no server.
 */
export function createMailer(config: Config['mail']): Mailer {
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport(config.smtpUrl);
    return {
      async send(m) {
        const info = await transport.sendMail({ from: config.from, ...m });
        return { id: info.messageId };
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(m) {
      const info = await transport.sendMail({ from: config.from, ...m });
      await fs.mkdir(config.outboxDir, { recursive: true });
      const safeId = info.messageId.replace(/[^a-zA-Z0-9.-]/g, '');
      const file = path.join(config.outboxDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${safeId}.eml`);
      await fs.writeFile(`${file}.tmp`, info.message as Buffer);
      await fs.rename(`${file}.tmp`, file);
      return { id: info.messageId, location: file };
    },
  };
}
