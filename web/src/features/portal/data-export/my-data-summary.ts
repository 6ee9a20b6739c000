import { WARSAW } from '@punkto/contracts/warsaw-format';
import type { UserPreferences } from '@punkto/contracts/identity';
import { formatDate, formatDateTime } from '../../../lib/format-date';
import { balanceLabel, birthdayLabel } from '../utils/portal-labels';
import type { ExportedCard, MyData } from './my-data';

const consentLabels: Record<keyof UserPreferences, string> = {
  emailNotifications: 'Powiadomienia e-mail',
  companyMessages: 'Wiadomości od firm',
  surveys: 'Ankiety po wizycie',
  marketingConsent: 'Informacje marketingowe',
};

const yesNo = (value: boolean) => (value ? 'tak' : 'nie');
const company = (name: string | null) => name ?? 'firma bez nazwy';

function profileLines({ profile, birthday }: MyData): string[] {
  const phone = profile.phone
    ? `${profile.phone}${profile.phoneVerified ? '' : ' (niepotwierdzony)'}`
    : 'nie podano';
  return [
    'PROFIL',
    `Imię i nazwisko: ${profile.username}`,
    `E-mail: ${profile.email}`,
    `Telefon: ${phone}`,
    `Data urodzin (bez roku): ${birthday ? birthdayLabel(birthday) : 'nie podano'}`,
    `Identyfikator konta: ${profile.id}`,
  ];
}

function consentLines({ preferences }: MyData): string[] {
  const keys = Object.keys(consentLabels) as Array<keyof UserPreferences>;
  return ['ZGODY I POWIADOMIENIA', ...keys.map((key) => `${consentLabels[key]}: ${yesNo(preferences[key])}`)];
}

function cardLine(card: ExportedCard, entries: number): string {
  const status = card.status === 'active' ? 'aktywna' : 'zamknięta';
  const program = card.programName ? ` — ${card.programName}` : '';
  return (
    `- ${company(card.companyName)}${program}: saldo ${balanceLabel(card)}; ` +
    `karta nr ${card.humanReadableId}, ${status}, od ${formatDate(card.issuedAt)}; wpisów w historii: ${entries}`
  );
}

function cardLines({ cards, history }: MyData): string[] {
  const entriesOf = (cardId: string) => history.filter((entry) => entry.cardId === cardId).length;
  return [`KARTY (${cards.length})`, ...cards.map((card) => cardLine(card, entriesOf(card.cardId)))];
}

function historyLines({ history }: MyData): string[] {
  return [
    `HISTORIA (${history.length})`,
    ...history.map((entry) => {
      const voided = entry.voided
        ? ` (anulowano ${formatDate(entry.voided.voidedAt)}: ${entry.voided.reason})`
        : '';
      return `- ${formatDateTime(entry.occurredAt)}, ${company(entry.companyName)}: ${entry.description}${voided}`;
    }),
  ];
}

function messageLines({ messages }: MyData): string[] {
  return [
    `WIADOMOŚCI OD FIRM (${messages.length})`,
    ...messages.flatMap((message) => [
      `- ${formatDateTime(message.sentAt)}, ${message.companyName}: „${message.title}”`,
      `  ${message.body.replace(/\n/g, '\n  ')}`,
    ]),
  ];
}

function surveyLines({ surveys }: MyData): string[] {
  return [
    `ANKIETY PO WIZYCIE (${surveys.length})`,
    ...surveys.map(
      (survey) =>
        `- ${company(survey.companyName)}: wizyta ${formatDateTime(survey.visitAt)}, ` +
        `zaproszenie zaplanowane na ${formatDateTime(survey.dueAt)}`,
    ),
    'Odpowiedzi na ankiety są anonimowe: nie są zapisywane przy Twoim koncie, dlatego nie ma ich w tym pliku.',
    'Z tego samego powodu nie wiadomo, czy zaproszenie zostało wysłane i czy ktoś na nie odpowiedział.',
  ];
}

/** `podsumowanie.txt`: the export in Polish, for a person to read (the same data as `dane.json`). */
export function myDataSummary(data: MyData): string {
  const sections = [
    [`PUNKTO — TWOJE DANE`, `Stan na: ${formatDateTime(data.exportedAt)}`],
    profileLines(data),
    consentLines(data),
    cardLines(data),
    historyLines(data),
    messageLines(data),
    surveyLines(data),
    ['Te same dane w formacie do odczytu maszynowego (JSON) są w pliku dane.json.'],
  ];
  return `${sections.map((lines) => lines.join('\n')).join('\n\n')}\n`;
}

const isoDay = new Intl.DateTimeFormat('sv-SE', { timeZone: WARSAW });

/** `punkto-moje-dane-2026-11-29.zip` (the day in Warsaw). */
export function myDataFileName(at: Date): string {
  return `punkto-moje-dane-${isoDay.format(at)}.zip`;
}
