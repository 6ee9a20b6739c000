import { printableText } from '@punkto/contracts/text';
import { emailAddress } from '@punkto/contracts/web-addresses';

/**
 * The company as the sender (ADR 0040): mail a company causes (an employee's invitation, a customer's
 * invitation, a company message) shows the company's name in the From display name, „Kawiarnia Pod Lipą przez
 * Punkto” <no-reply@…>, from Punkto's own address (SPF/DKIM stay Punkto's; no company can send as
 * another domain), and a Reply-To of the company's contact e-mail where one exists, so an answer reaches the
 * company, not Punkto's no-reply box.
 *
 * The name is made header-safe here (contracts' `printableText`: control, invisible and broken characters
 * removed), white space collapsed, at most DISPLAY_NAME_MAX characters of the company's name. Quoting and
 * RFC 2047 encoding of the Polish letters and of „"” or „,” are nodemailer's (the `{ name, address }` form).
 */
export const DISPLAY_NAME_MAX = 64;
const SUFFIX = ' przez Punkto';

export interface MailSender {
  /** the From display name */
  senderName: string;
  /** the company's contact e-mail, when it has one */
  replyTo?: string;
}

/** the name as it may go into a header: `printableText` (contracts/text), white space collapsed, at most `max` characters */
export function headerSafeName(name: string, max = DISPLAY_NAME_MAX + SUFFIX.length): string {
  const clean = printableText(name).replace(/\s+/gu, ' ');
  const chars = [...clean];
  return chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : clean;
}

/** „<company> przez Punkto”, header-safe; plain „Punkto” for a company without a usable name */
export function companySenderName(companyName: string): string {
  const name = headerSafeName(companyName, DISPLAY_NAME_MAX);
  return name ? `${name}${SUFFIX}` : 'Punkto';
}

/** the sender fields of a company's mail: its name, and its contact e-mail as Reply-To when it is one address */
export function companySender(companyName: string, contactEmail?: string | null): MailSender {
  const replyTo = emailAddress().safeParse(contactEmail ?? '');
  return {
    senderName: companySenderName(companyName),
    ...(replyTo.success && { replyTo: replyTo.data }),
  };
}

/** the bare address of a configured sender (`Punkto <no-reply@punkto.local>` → `no-reply@punkto.local`) */
export function senderAddressOf(from: string): string {
  return /<([^<>]+)>\s*$/.exec(from)?.[1]?.trim() ?? from.trim();
}

/**
 * What the adapters hand nodemailer for a message: `from` as `{ name, address }` when a display name is asked
 * for (nodemailer quotes and encodes it), the Reply-To, and the From as one line for the mailbox index.
 */
export function senderFields(
  message: { from?: string; senderName?: string; replyTo?: string },
  configuredFrom: string,
): { from: string | { name: string; address: string }; fromLine: string; replyTo?: string } {
  const replyTo = message.replyTo ? { replyTo: message.replyTo } : {};
  if (message.from || !message.senderName) {
    const from = message.from ?? configuredFrom;
    return { from, fromLine: from, ...replyTo };
  }
  const address = senderAddressOf(configuredFrom);
  const name = headerSafeName(message.senderName) || 'Punkto';
  return { from: { name, address }, fromLine: `${name} <${address}>`, ...replyTo };
}
