/** Mailer port: sends one e-mail (HTML + text). */

export interface MailMessage {
  to: string;
  /** default: the configured sender */
  from?: string;
  /**
   * a display name for the configured sender's address, e.g. „Kawiarnia Pod Lipą przez Punkto” (company-sender.ts):
   * header-safe encoded by the adapter; ignored when `from` is given
   */
  senderName?: string;
  /** where answers go (Reply-To), e.g. the company's contact e-mail */
  replyTo?: string;
  subject: string;
  html: string;
  text: string;
  /** tag for the dev mailbox and logs, e.g. `account-activation` */
  tag?: string;
  headers?: Record<string, string>;
  /**
   * the Message-ID to send with (`<local@domain>`), for messages that may be sent again after a crash: the same
   * id lets receivers (and the `.eml` mailbox, which keeps one copy per id) recognise the repeat. Default: a
   * fresh `<uuidv7@sender-domain>`.
   */
  messageId?: string;
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
