import nodemailer, { type Transporter } from 'nodemailer';
import { v7 as uuidv7 } from 'uuid';
import { senderFields } from './company-sender';
import { domainOf, mailFields } from './eml-mailer';
import type { MailMessage, Mailer, SentMail } from './mailer.port';

export interface SmtpMailerOptions {
  /** e.g. `smtp://user:pass@smtp.example.com:587` or `smtps://…:465` (nodemailer connection URL) */
  url: string;
  /** default sender, e.g. `Punkto <no-reply@punkto.local>` */
  from: string;
  /** pooled connections (default true): bursts reuse a few SMTP sessions */
  pool?: boolean;
}

/**
 * Mailer over SMTP (nodemailer's SMTP transport). The message is built exactly like the `.eml` adapter's
 * (multipart/alternative text + HTML, RFC 2047 headers, our own `<uuidv7@sender-domain>` Message-ID and the
 * `X-Punkto-Tag` header); `send` resolves once the SMTP server accepted the message (250 after DATA).
 */
export class SmtpMailer implements Mailer {
  private constructor(
    private readonly transport: Transporter,
    private readonly from: string,
  ) {}

  static async open(options: SmtpMailerOptions): Promise<SmtpMailer> {
    const pool = options.pool ?? true;
    const url = new URL(options.url);
    if (pool) url.searchParams.set('pool', 'true');
    const transport = nodemailer.createTransport(url.toString());
    return new SmtpMailer(transport, options.from);
  }

  async send(message: MailMessage): Promise<SentMail> {
    const sender = senderFields(message, this.from);
    const messageId = message.messageId ?? `<${uuidv7()}@${domainOf(sender.fromLine)}>`;
    await this.transport.sendMail(mailFields(message, sender, messageId));
    return { messageId };
  }

  /** checks the connection and credentials (for readiness probes) */
  async verify(): Promise<void> {
    await this.transport.verify();
  }

  async close(): Promise<void> {
    this.transport.close();
  }
}
