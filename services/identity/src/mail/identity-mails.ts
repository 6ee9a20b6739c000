import type { MailMessage } from '@punkto/platform/mail/mailer.port';

/** The e-mails identity sends, in Polish, HTML + text. Links point at the SPA under PUBLIC_URL. */

export const MailTags = {
  activation: 'account-activation',
  passwordReset: 'password-reset',
  emailConfirmation: 'email-confirmation',
  employeeInvitation: 'employee-invitation',
  clientInvitation: 'client-invitation',
  clientEnrolled: 'client-enrolled',
  registrationAttempt: 'registration-attempt',
  emailChangeAttempt: 'email-change-attempt',
} as const;

const escape = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

export function link(publicUrl: string, path: string, query: Record<string, string>): string {
  const url = new URL(path, publicUrl);
  for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
  return url.toString();
}

/** Every identity e-mail goes to one person, greeted by name; its links point under PUBLIC_URL. */
interface Recipient {
  to: string;
  username: string;
  publicUrl: string;
}
/** An e-mail with a one-time link (`token`) that is valid for `ttlSeconds`. */
interface LinkMail extends Recipient {
  token: string;
  ttlSeconds: number;
  /** an activation of a customer who signed up from a program's enrolment page: the link leads back to it */
  joining?: { tenantId: string; programId: string } | undefined;
}
/** A company enrolled the person in one of its programs. */
interface ProgramMail extends Recipient {
  companyName: string;
  programName: string;
}

function layout(
  recipient: Recipient,
  input: {
    subject: string;
    tag: string;
    lines: string[];
    action: { label: string; url: string };
    footer: string;
  },
): MailMessage {
  const { action } = input;
  const greeting = `Cześć ${recipient.username}!`;
  const html = `<!doctype html>
<html lang="pl"><head><meta charset="utf-8"><title>${escape(input.subject)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#1f2937;line-height:1.5">
<p>${escape(greeting)}</p>
${input.lines.map((l) => `<p>${escape(l)}</p>`).join('\n')}
<p><a href="${escape(action.url)}" style="display:inline-block;padding:10px 18px;background:#4f46e5;color:#fff;border-radius:6px;text-decoration:none">${escape(action.label)}</a></p>
<p style="font-size:13px;color:#6b7280">Jeśli przycisk nie działa, skopiuj ten adres do przeglądarki:<br>${escape(action.url)}</p>
<p style="font-size:13px;color:#6b7280">${escape(input.footer)}</p>
<p>Zespół Punkto</p>
</body></html>`;
  const text = [
    greeting,
    '',
    ...input.lines,
    '',
    `${action.label}: ${action.url}`,
    '',
    input.footer,
    '',
    'Zespół Punkto',
  ].join('\n');
  return { to: recipient.to, subject: input.subject, tag: input.tag, html, text };
}

const hoursLabel = (seconds: number) => {
  const hours = Math.round(seconds / 3600);
  if (seconds < 3600) return `${Math.max(1, Math.round(seconds / 60))} min`;
  return hours === 1 ? '1 godzinę' : hours < 5 ? `${hours} godziny` : `${hours} godzin`;
};

export function activationMail(input: LinkMail): MailMessage {
  return layout(input, {
    subject: 'Aktywuj konto w Punkto',
    tag: MailTags.activation,
    lines: [
      'Dziękujemy za założenie konta w Punkto.',
      `Aby je aktywować, kliknij poniższy link. Link jest ważny przez ${hoursLabel(input.ttlSeconds)}.`,
    ],
    action: {
      label: 'Aktywuj konto',
      url: link(input.publicUrl, '/aktywacja-konta', {
        token: input.token,
        ...(input.joining && { program: input.joining.programId, firma: input.joining.tenantId }),
      }),
    },
    footer: 'Jeśli konto zostało założone bez Twojej wiedzy, zignoruj tę wiadomość.',
  });
}

export function passwordResetMail(input: LinkMail): MailMessage {
  return layout(input, {
    subject: 'Ustaw nowe hasło w Punkto',
    tag: MailTags.passwordReset,
    lines: [
      'Otrzymaliśmy prośbę o zmianę hasła do Twojego konta.',
      `Aby ustawić nowe hasło, kliknij poniższy link. Link jest ważny przez ${hoursLabel(input.ttlSeconds)} i działa tylko raz.`,
    ],
    action: { label: 'Ustaw nowe hasło', url: link(input.publicUrl, '/reset-hasla', { token: input.token }) },
    footer:
      'Jeśli ta prośba nie pochodzi od Ciebie, zignoruj tę wiadomość — Twoje hasło pozostanie bez zmian.',
  });
}

export function emailConfirmationMail(input: LinkMail): MailMessage {
  return layout(input, {
    subject: 'Potwierdź nowy adres e-mail w Punkto',
    tag: MailTags.emailConfirmation,
    lines: [
      'Poproszono o zmianę adresu e-mail Twojego konta w Punkto na ten adres.',
      `Aby potwierdzić zmianę, kliknij poniższy link. Link jest ważny przez ${hoursLabel(input.ttlSeconds)}.`,
    ],
    action: {
      label: 'Potwierdź adres e-mail',
      url: link(input.publicUrl, '/aktywacja-konta', { token: input.token, cel: 'email' }),
    },
    footer:
      'Jeśli ta zmiana nie pochodzi od Ciebie, zignoruj tę wiadomość — adres konta pozostanie bez zmian.',
  });
}

/** Whole days as days ("7 dni"), anything shorter as hours. */
const validityLabel = (seconds: number) => {
  const days = seconds / 86400;
  if (Number.isInteger(days) && days >= 1) return days === 1 ? '1 dzień' : `${days} dni`;
  return hoursLabel(seconds);
};

/**
 * The set-password link of an account a company created: /reset-hasla?token=…&zaproszenie=pracownik|klient, so
 * the page says which account it activates (an invited customer was told „konto pracownika”)
 */
export const invitationLink = (publicUrl: string, token: string, who: 'pracownik' | 'klient') =>
  link(publicUrl, '/reset-hasla', { token, zaproszenie: who });

/** An owner invited this person as an employee (tenant.employees.v1 EmployeeInvited / EmployeeInvitationResent). */
export function employeeInvitationMail(input: LinkMail & { companyName: string }): MailMessage {
  return layout(input, {
    subject: `${input.companyName} zaprasza Cię do Punkto`,
    tag: MailTags.employeeInvitation,
    lines: [
      `${input.companyName} zaprasza Cię do zespołu w Punkto — aplikacji do kart lojalnościowych, w której obsłużysz klientów firmy.`,
      `Aby dołączyć, ustaw hasło do swojego konta. Link jest ważny przez ${validityLabel(input.ttlSeconds)} i działa tylko raz.`,
    ],
    action: { label: 'Ustaw hasło i dołącz', url: invitationLink(input.publicUrl, input.token, 'pracownik') },
    footer:
      'Jeśli to zaproszenie trafiło do Ciebie przez pomyłkę, zignoruj tę wiadomość — bez ustawienia hasła konto pozostanie nieaktywne.',
  });
}

/** A company enrolled this person in a program and an account was created for them (tenant.clients.v1). */
export function clientInvitationMail(input: ProgramMail & LinkMail): MailMessage {
  return layout(input, {
    subject: `${input.companyName} zapisał(a) Cię do programu ${input.programName}`,
    tag: MailTags.clientInvitation,
    lines: [
      `${input.companyName} zapisał(a) Cię do programu ${input.programName} w Punkto. Twoja karta lojalnościowa już na Ciebie czeka.`,
      `Ustaw hasło, aby zobaczyć kartę i dodać ją do Apple Wallet lub Google Wallet. Link jest ważny przez ${validityLabel(input.ttlSeconds)} i działa tylko raz.`,
    ],
    action: { label: 'Ustaw hasło', url: invitationLink(input.publicUrl, input.token, 'klient') },
    footer: `Jeśli to pomyłka, zignoruj tę wiadomość albo skontaktuj się z firmą ${input.companyName}.`,
  });
}

/** A company enrolled the holder of an existing account in a program: a short notice, no token. */
export function clientEnrolledMail(input: ProgramMail): MailMessage {
  return layout(input, {
    subject: `Dołączono Cię do programu ${input.programName} w ${input.companyName}`,
    tag: MailTags.clientEnrolled,
    lines: [
      `Dołączono Cię do programu ${input.programName} w ${input.companyName}.`,
      'Nowa karta lojalnościowa jest już na Twoim koncie w Punkto — zaloguj się, aby ją zobaczyć i dodać do portfela w telefonie.',
    ],
    action: { label: 'Zaloguj się', url: link(input.publicUrl, '/zaloguj', {}) },
    footer: `Jeśli to pomyłka, skontaktuj się z firmą ${input.companyName}.`,
  });
}

/**
 * Someone tried to register with the address of an existing account. The API answers them exactly as a new
 * registration (no enumeration, issue 15 finding 5); the holder hears about it here, with the ways back in.
 */
export function registrationAttemptMail(input: Recipient): MailMessage {
  return layout(input, {
    subject: 'Próba założenia konta w Punkto na Twój adres',
    tag: MailTags.registrationAttempt,
    lines: [
      'Ktoś próbował właśnie założyć konto w Punkto z Twoim adresem e-mail. Konto z tym adresem już istnieje, więc nic nie zmieniliśmy.',
      `Jeśli to Ty, zaloguj się. Jeśli nie pamiętasz hasła, ustaw nowe: ${link(input.publicUrl, '/przypomnij-haslo', {})}`,
    ],
    action: { label: 'Zaloguj się', url: link(input.publicUrl, '/zaloguj', {}) },
    footer: 'Jeśli to nie Ty, zignoruj tę wiadomość — Twoje konto jest bezpieczne.',
  });
}

/** Someone asked to move another account to this address, which already has an account: nothing changes. */
export function emailChangeAttemptMail(input: Recipient): MailMessage {
  return layout(input, {
    subject: 'Próba przypisania Twojego adresu do innego konta w Punkto',
    tag: MailTags.emailChangeAttempt,
    lines: [
      'Ktoś poprosił o zmianę adresu e-mail swojego konta w Punkto na Twój adres. Ten adres należy już do Twojego konta, więc zmiana nie nastąpi.',
    ],
    action: { label: 'Zaloguj się', url: link(input.publicUrl, '/zaloguj', {}) },
    footer: 'Nie musisz nic robić. Jeśli to Ty, zaloguj się na konto, które już masz.',
  });
}
