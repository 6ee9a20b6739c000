import { z } from 'zod';
import { MessageBody, MessageChannels, MessageTitle } from './messages';
import { plural } from './plural';
import { formatPolish } from './polish-number';
import { warsawFormat } from './warsaw-format';

/**
 * Automatic messages (issue 34, ADR 0060): templates the owner switches on and edits, sent by the notification
 * service through the company messages' delivery (consent per channel, „Wiadomości od firm”, quiet hours,
 * once per occurrence) when something happens to a customer:
 * - `welcome`: the person's first card in the company was issued;
 * - `reward_ready`: a card's balance reached the cost of one of its program's rewards;
 * - `win_back`: the person's last visit was exactly `days` Warsaw days ago;
 * - `expiry_warning`: a card's points or stamps expire soon (the card ledger's ExpiryWarningDue, 30 and 3 days
 *   before, ADR 0062).
 * They do not count against the weekly limit of campaigns.
 */
export const AutomationKind = z.enum(['welcome', 'reward_ready', 'win_back', 'expiry_warning']);
export type AutomationKind = z.infer<typeof AutomationKind>;

export const automationLabels: Record<AutomationKind, { name: string; when: string }> = {
  welcome: { name: 'Powitanie', when: 'Po dołączeniu klienta do programu (pierwsza karta w firmie).' },
  reward_ready: {
    name: 'Nagroda do odebrania',
    when: 'Gdy saldo karty osiągnie koszt nagrody (raz, aż saldo spadnie poniżej i znów go osiągnie).',
  },
  win_back: {
    name: 'Dawno Cię nie było',
    when: 'Gdy od ostatniej wizyty klienta minie wybrana liczba dni (raz na każdą nieobecność).',
  },
  expiry_warning: {
    name: 'Punkty wkrótce wygasną',
    when: 'Gdy za 30 dni i za 3 dni wygasną punkty lub pieczątki na karcie (jeśli program ma włączone wygasanie). Wysyłamy od 8:00 rano.',
  },
};

/** the win-back's absence in Warsaw days */
export const WIN_BACK_DAYS = { min: 14, max: 365, default: 30 } as const;
/** the automatic messages one company may send in one Warsaw day (all kinds together) */
export const AUTOMATION_DAILY_CAP = 200;
/** the effect: messages sent in the last EFFECT_WINDOW_DAYS, returns within RETURN_WITHIN_DAYS after each */
export const AUTOMATION_EFFECT_WINDOW_DAYS = 30;
export const AUTOMATION_RETURN_WITHIN_DAYS = 14;

/**
 * The placeholders a template may use; `{nagroda}` only in `reward_ready`; `{ile}` (what expires, with its unit:
 * „40 pkt”, „3 pieczątki”) and `{data}` (the day it expires: „13 grudnia 2026”) only in `expiry_warning`.
 */
export const AUTOMATION_PLACEHOLDERS: Record<AutomationKind, readonly string[]> = {
  welcome: ['firma'],
  reward_ready: ['firma', 'nagroda'],
  win_back: ['firma'],
  expiry_warning: ['firma', 'ile', 'data'],
};
const PLACEHOLDER = /\{([^{}]*)\}/g;

/** the placeholders of a template this kind does not know (empty: the template is fine) */
export function unknownPlaceholders(kind: AutomationKind, template: string): string[] {
  const allowed = AUTOMATION_PLACEHOLDERS[kind];
  return [...template.matchAll(PLACEHOLDER)].map((m) => m[1]!).filter((name) => !allowed.includes(name));
}

/** what fills the placeholders: the company's name always, the others where their kind has them */
export type AutomationValues = { firma: string; nagroda?: string; ile?: string; data?: string };
const KNOWN_PLACEHOLDERS = new Set(['firma', 'nagroda', 'ile', 'data']);

/** What the message says once its placeholders are filled (the pass's back field, the e-mail's subject/body). */
export function renderAutomationText(template: string, values: AutomationValues): string {
  return template.replace(PLACEHOLDER, (whole, name: string) =>
    KNOWN_PLACEHOLDERS.has(name) ? (values[name as keyof AutomationValues] ?? '') : whole,
  );
}

/** `{ile}`: what expires with its unit — „1 pkt”, „40 pkt”, „1 pieczątka”, „3 pieczątki”, „12 pieczątek” */
export function expiryAmountText(amount: number, unit: 'points' | 'stamps'): string {
  const count = formatPolish(amount);
  return unit === 'points'
    ? `${count} pkt`
    : `${count} ${plural(amount, 'pieczątka', 'pieczątki', 'pieczątek')}`;
}

const longDate = warsawFormat({ day: 'numeric', month: 'long', year: 'numeric' });
/** `{data}`: the Warsaw day it expires (`2026-12-13`) as Polish writes it — „13 grudnia 2026” */
export function expiryDateText(on: string): string {
  // noon UTC is the same calendar day in Warsaw, summer or winter
  return longDate(`${on}T12:00:00Z`);
}

/**
 * The Polish defaults. `{firma}` is filled in as the company's name, which cannot be declined (ADR 0057 does the
 * same with the lock-screen text): it stands where the nominative is right — „Witamy w {firma}” would read
 * „Witamy w Kawiarnia Pod Lipą”. Nothing in them is about points: a stamp card collects stamps.
 */
export const automationDefaults: Record<AutomationKind, { title: string; body: string }> = {
  welcome: {
    title: '{firma}: witamy w programie!',
    body: 'Dziękujemy za dołączenie do programu lojalnościowego. Pokazuj kartę przy każdej wizycie i zbieraj na nagrody.',
  },
  reward_ready: {
    title: 'Nagroda czeka!',
    body: 'Masz już wystarczająco, by odebrać nagrodę: {nagroda}. Pokaż kartę przy kasie — {firma} czeka na Ciebie!',
  },
  win_back: {
    title: 'Tęsknimy za Tobą!',
    body: 'Dawno Cię u nas nie było. Wpadnij — {firma} i Twoja karta czekają.',
  },
  expiry_warning: {
    title: 'Wykorzystaj saldo, zanim wygaśnie',
    body: 'Termin wygaśnięcia: {data}. Wygasa: {ile}. Wpadnij wcześniej i wykorzystaj saldo karty — {firma} czeka na Ciebie!',
  },
};

const placeholderMessage = (kind: AutomationKind, names: string[]) =>
  `Nieznane pole: ${names.map((n) => `{${n}}`).join(', ')}. Możesz użyć: ${AUTOMATION_PLACEHOLDERS[kind]
    .map((n) => `{${n}}`)
    .join(', ')}.`;

/** An automation as the owner saves it (the whole setting; `days` only for win-back). */
export const AutomationSettingsInput = z
  .object({
    kind: AutomationKind,
    enabled: z.boolean(),
    title: MessageTitle,
    body: MessageBody,
    channels: MessageChannels,
    days: z
      .number({ error: 'Podaj liczbę dni.' })
      .int('Podaj liczbę dni.')
      .min(WIN_BACK_DAYS.min, `Najmniej ${WIN_BACK_DAYS.min} dni.`)
      .max(WIN_BACK_DAYS.max, `Najwięcej ${WIN_BACK_DAYS.max} dni.`)
      .nullable(),
  })
  .superRefine((value, ctx) => {
    for (const field of ['title', 'body'] as const) {
      const unknown = unknownPlaceholders(value.kind, value[field]);
      if (unknown.length)
        ctx.addIssue({ code: 'custom', path: [field], message: placeholderMessage(value.kind, unknown) });
    }
    if (value.kind === 'win_back' && value.days === null)
      ctx.addIssue({ code: 'custom', path: ['days'], message: 'Podaj liczbę dni.' });
  })
  .meta({ id: 'AutomationSettingsInput' });
export type AutomationSettingsInput = z.infer<typeof AutomationSettingsInput>;

export const AutomationEffect = z
  .object({
    /** people the automation reached in the last 30 days */
    sent: z.number().int(),
    /** of them, how many visited within 14 days after the message */
    returned: z.number().int(),
  })
  .meta({ id: 'AutomationEffect' });
export type AutomationEffect = z.infer<typeof AutomationEffect>;

export const Automation = z
  .object({
    kind: AutomationKind,
    enabled: z.boolean(),
    title: z.string(),
    body: z.string(),
    channels: z.object({ wallet: z.boolean(), email: z.boolean() }),
    /** win-back only: the absence in days; null for the others */
    days: z.number().int().nullable(),
    /** null: never saved (the defaults, switched off) */
    updatedAt: z.iso.datetime({ offset: true }).nullable(),
    effect: AutomationEffect,
  })
  .meta({ id: 'Automation' });
export type Automation = z.infer<typeof Automation>;

export const AutomationList = z
  .object({
    automations: z.array(Automation),
    /** the most automatic messages the company sends in one day */
    dailyCap: z.number().int(),
  })
  .meta({ id: 'AutomationList' });
export type AutomationList = z.infer<typeof AutomationList>;

/** The settings a kind starts with (switched off, the Polish defaults, both channels, 30 days for win-back). */
export function defaultAutomation(kind: AutomationKind): Omit<Automation, 'effect'> {
  return {
    kind,
    enabled: false,
    ...automationDefaults[kind],
    channels: { wallet: true, email: true },
    days: kind === 'win_back' ? WIN_BACK_DAYS.default : null,
    updatedAt: null,
  };
}
