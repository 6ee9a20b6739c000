import { FeedbackCategories, type FeedbackCategory } from '@punkto/contracts/feedback';
import type { Role } from '@punkto/contracts/permissions';
import type { MailMessage } from '@punkto/platform/mail/mailer.port';

/** A stored bug report (collection `bug-reports`): what the person wrote, where, in which browser, who. */
export type BugReport = {
  _id: string;
  description: string;
  category: FeedbackCategory | null;
  page: string;
  userAgent: string;
  viewport: { width: number; height: number } | null;
  language: string | null;
  /** from the access token, never from the body */
  userId: string;
  role: Role;
  tenantId: string | null;
  email: string | null;
  /** ISO time the service received it */
  createdAt: string;
};

export const BUG_REPORT_MAIL_TAG = 'bug-report';

const roleLabels: Record<Role, string> = {
  business_owner: 'właściciel firmy',
  employee: 'pracownik',
  customer: 'klient',
  platform_operator: 'operator platformy',
};

const escape = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** One line of a subject: no line breaks, at most `max` characters. */
const oneLine = (value: string, max: number) => {
  const flat = value.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
};

/** The Polish e-mail an operator gets for one report (HTML + text). */
export function bugReportMail(report: BugReport, to: string): MailMessage {
  const category = report.category ? FeedbackCategories[report.category] : 'bez kategorii';
  const facts: Array<[string, string]> = [
    ['Kategoria', category],
    ['Strona', report.page],
    ['Przeglądarka', report.userAgent || 'nieznana'],
    ['Okno', report.viewport ? `${report.viewport.width}×${report.viewport.height} px` : 'nieznane'],
    ['Język', report.language ?? 'nieznany'],
    ['Użytkownik', `${report.userId}${report.email ? ` (${report.email})` : ''}`],
    ['Rola', roleLabels[report.role]],
    ['Firma (tenantId)', report.tenantId ?? 'brak'],
    ['Czas zgłoszenia', report.createdAt],
    ['Numer zgłoszenia', report._id],
  ];
  const subject = `Zgłoszenie błędu: ${oneLine(report.description, 60)}`;
  const html = `<!doctype html>
<html lang="pl"><head><meta charset="utf-8"><title>${escape(subject)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#1f2937;line-height:1.5">
<p>Nowe zgłoszenie błędu z widżetu w aplikacji.</p>
<h2 style="font-size:16px">Opis</h2>
<p style="white-space:pre-wrap">${escape(report.description)}</p>
<table style="border-collapse:collapse;font-size:14px">
${facts.map(([k, v]) => `<tr><th style="text-align:left;padding:2px 12px 2px 0">${escape(k)}</th><td>${escape(v)}</td></tr>`).join('\n')}
</table>
<p>Zespół Punkto</p>
</body></html>`;
  const text = [
    'Nowe zgłoszenie błędu z widżetu w aplikacji.',
    '',
    'Opis:',
    report.description,
    '',
    ...facts.map(([k, v]) => `${k}: ${v}`),
    '',
    'Zespół Punkto',
  ].join('\n');
  return { to, subject, html, text, tag: BUG_REPORT_MAIL_TAG };
}
