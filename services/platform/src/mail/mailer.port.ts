/** Mailer port: sends one e-mail (HTML + text). */

export interface MailMessage {
  to: string;
  /** default: the configured sender */
  from?: string;
  subject: string;
  html: string;
  text: string;
  /** tag for the dev mailbox and logs, e.g. `account-activation` */
  tag?: string;
  headers?: Record<string, string>;
}

export interface SentMail {
  messageId: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<SentMail>;
  close(): Promise<void>;
}

/** What the dev mailbox page reads (embedded `.eml` adapter only). */
export interface MailboxEntry {
  id: string;
  to: string;
  from: string;
  subject: string;
  tag?: string;
  date: string;
}

export interface Mailbox {
  list(): Promise<MailboxEntry[]>;
  /** raw RFC 822 message */
  raw(id: string): Promise<string | null>;
}
