import { warsawFormat } from '@punkto/contracts/warsaw-format';
import type { MailMessage } from '@punkto/platform/mail/mailer.port';
import { formatPln } from '@punkto/contracts/polish-number';

/** Billing's e-mails to the company (Polish, plain text and HTML). */
const pln = formatPln;
const day = warsawFormat({ dateStyle: 'long' });
const escape = (s: string) =>
  s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

function mail(
  to: string,
  tag: string,
  subject: string,
  paragraphs: string[],
  link?: { url: string; label: string },
): MailMessage {
  const text = [...paragraphs, ...(link ? [`${link.label}: ${link.url}`] : [])].join('\n\n');
  const html =
    paragraphs.map((p) => `<p>${escape(p)}</p>`).join('') +
    (link ? `<p><a href="${escape(link.url)}">${escape(link.label)}</a></p>` : '');
  return { to, tag, subject, text, html };
}

export const billingMails = (publicUrl: string) => {
  const plans = { url: `${publicUrl}/subskrypcja/wybor`, label: 'Wybierz plan' };
  const manage = { url: `${publicUrl}/subskrypcja/zarzadzaj`, label: 'Zarządzaj subskrypcją' };
  return {
    trialEndsSoon: (to: string, company: string, daysLeft: number, endsAt: string) =>
      mail(
        to,
        'billing-trial-reminder',
        daysLeft === 1
          ? 'Jutro kończy się okres próbny Punkto'
          : `Za ${daysLeft} dni kończy się okres próbny Punkto`,
        [
          `Dzień dobry, okres próbny firmy ${company} kończy się ${day(endsAt)}.`,
          'Wybierz plan, aby dalej wprowadzać zmiany w panelu. Karty Twoich klientów działają dalej niezależnie od subskrypcji.',
        ],
        plans,
      ),
    renewalFailed: (to: string, company: string, amount: number, nextRetryAt: string | null) =>
      mail(
        to,
        'billing-renewal-failed',
        'Nie udało się pobrać opłaty za Punkto',
        [
          `Dzień dobry, nie udało się pobrać ${pln(amount)} za subskrypcję firmy ${company}.`,
          nextRetryAt
            ? `Spróbujemy ponownie ${day(nextRetryAt)}. Sprawdź kartę albo dodaj nową.`
            : 'To była ostatnia próba: panel działa teraz tylko do odczytu. Karty klientów działają dalej.',
        ],
        manage,
      ),
    lapsed: (to: string, company: string, reason: 'trial_ended' | 'payment_failed') =>
      mail(
        to,
        'billing-lapsed',
        reason === 'trial_ended' ? 'Okres próbny Punkto się zakończył' : 'Subskrypcja Punkto wygasła',
        [
          `Dzień dobry, panel firmy ${company} działa teraz tylko do odczytu.`,
          'Karty, punkty i nagrody Twoich klientów działają dalej i nic nie zostało usunięte. Po opłaceniu planu wszystko wraca.',
        ],
        plans,
      ),
    nearCustomerLimit: (to: string, company: string, active: number, limit: number) =>
      mail(
        to,
        'billing-customer-limit',
        'Zbliżasz się do limitu klientów w planie Punkto',
        [
          `Dzień dobry, firma ${company} ma ${active} aktywnych klientów z ${limit} dostępnych w planie.`,
          'Po osiągnięciu limitu nowi klienci nie dostaną karty. Rozważ większy plan.',
        ],
        plans,
      ),
    paymentReceived: (to: string, company: string, amount: number, invoiceNumber: string | null) =>
      mail(
        to,
        'billing-payment-received',
        'Otrzymaliśmy płatność za Punkto',
        [
          `Dzień dobry, dziękujemy za płatność ${pln(amount)} za subskrypcję firmy ${company}.`,
          ...(invoiceNumber ? [`Faktura ${invoiceNumber} jest do pobrania w panelu.`] : []),
        ],
        manage,
      ),
  };
};

export type BillingMails = ReturnType<typeof billingMails>;
