import type { MailMessage } from '@punkto/platform/mail/mailer.port';

/** The e-mail of a company message (ADR 0027): Polish, HTML + text, one-click unsubscribe (RFC 8058). */
export const CAMPAIGN_MAIL_TAG = 'company-message';

const escape = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** one Message-ID per campaign and person: a resend after a crash is recognisably the same message */
export const campaignMessageId = (campaignId: string, recipientId: string, domain: string) =>
  `<${campaignId}.${recipientId.replace(/[^A-Za-z0-9._-]/g, '-')}@${domain}>`;

export function campaignMail(input: {
  to: string;
  companyName: string;
  title: string;
  body: string;
  /** the page where the person can unsubscribe (PUBLIC_URL/wypisz?token=…) */
  unsubscribePageUrl: string;
  /** the one-click endpoint (PUBLIC_URL/api/v1/notifications/unsubscribe/TOKEN) */
  oneClickUrl: string;
  messageId: string;
}): MailMessage {
  const footer = `Otrzymujesz tę wiadomość, bo zgodziłeś(-aś) się na informacje marketingowe od ${input.companyName} w programie lojalnościowym Punkto.`;
  const html = `<!doctype html>
<html lang="pl"><head><meta charset="utf-8"><title>${escape(input.title)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#1f2937;line-height:1.5">
<h1 style="font-size:20px">${escape(input.title)}</h1>
${input.body
  .split(/\n+/)
  .map((line) => `<p>${escape(line)}</p>`)
  .join('\n')}
<p>${escape(input.companyName)}</p>
<hr style="border:none;border-top:1px solid #e5e7eb">
<p style="font-size:13px;color:#6b7280">${escape(footer)}<br>
<a href="${escape(input.unsubscribePageUrl)}">Wypisz się z wiadomości e-mail od ${escape(input.companyName)}</a></p>
</body></html>`;
  const text = [
    input.title,
    '',
    input.body,
    '',
    input.companyName,
    '',
    '—',
    footer,
    `Wypisz się: ${input.unsubscribePageUrl}`,
  ].join('\n');
  return {
    to: input.to,
    subject: input.title,
    html,
    text,
    tag: CAMPAIGN_MAIL_TAG,
    messageId: input.messageId,
    headers: {
      'List-Unsubscribe': `<${input.oneClickUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
