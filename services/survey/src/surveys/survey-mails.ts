import type { MailMessage } from '@punkto/platform/mail/mailer.port';

/** The survey service's e-mails, in Polish, HTML + text. */
export const SurveyMailTags = { invitation: 'nps-survey', detractorAlert: 'nps-detractor-alert' } as const;

const escape = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="pl"><head><meta charset="utf-8"><title>${escape(title)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#1f2937;line-height:1.5">
${body}
<p>Zespół Punkto</p>
</body></html>`;
}

/** The invitation: one anonymous question, a link valid for `ttlDays`. Names no one. */
export function surveyInvitationMail(input: {
  to: string;
  companyName: string;
  url: string;
  ttlDays: number;
}): MailMessage {
  const subject = `Jak oceniasz wizytę w ${input.companyName}?`;
  const lines = [
    `Dziękujemy za wizytę w ${input.companyName}!`,
    'Odpowiedz na jedno pytanie — zajmie to kilka sekund. Ankieta jest anonimowa: firma widzi tylko zbiorcze wyniki, nie wie, kto odpowiedział.',
  ];
  const footer = `Link działa jeden raz przez ${input.ttlDays} dni. Ankiet możesz nie dostawać: wyłącz „Ankiety po wizycie” w ustawieniach konta Punkto.`;
  const html = page(
    subject,
    `${lines.map((l) => `<p>${escape(l)}</p>`).join('\n')}
<p><a href="${escape(input.url)}" style="display:inline-block;padding:10px 18px;background:#4f46e5;color:#fff;border-radius:6px;text-decoration:none">Oceń wizytę</a></p>
<p style="font-size:13px;color:#6b7280">Jeśli przycisk nie działa, skopiuj ten adres do przeglądarki:<br>${escape(input.url)}</p>
<p style="font-size:13px;color:#6b7280">${escape(footer)}</p>`,
  );
  const text = [...lines, '', `Oceń wizytę: ${input.url}`, '', footer, '', 'Zespół Punkto'].join('\n');
  return { to: input.to, subject, html, text, tag: SurveyMailTags.invitation };
}

/** To the company: a detractor's score and comment, and nothing about who gave them. */
export function detractorAlertMail(input: {
  to: string;
  companyName: string;
  score: number;
  comment: string | null;
  panelUrl: string;
}): MailMessage {
  const subject = `Niska ocena w ankiecie NPS: ${input.score}/10`;
  const lines = [
    `Klient ${input.companyName} ocenił prawdopodobieństwo polecenia firmy na ${input.score} w skali 1–10.`,
    input.comment ? `Komentarz: „${input.comment}”` : 'Klient nie dodał komentarza.',
    'Ankiety są anonimowe: nie wiemy, kto odpowiedział. Wyniki zbiorcze znajdziesz w panelu.',
  ];
  const html = page(
    subject,
    `${lines.map((l) => `<p>${escape(l)}</p>`).join('\n')}
<p><a href="${escape(input.panelUrl)}">Ankiety NPS w panelu</a></p>`,
  );
  const text = [...lines, '', `Ankiety NPS w panelu: ${input.panelUrl}`, '', 'Zespół Punkto'].join('\n');
  return { to: input.to, subject, html, text, tag: SurveyMailTags.detractorAlert };
}
