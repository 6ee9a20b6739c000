import { ActivityType } from '@punkto/contracts/card-activity';
import { fullCardsText, stampCardReading } from '@punkto/contracts/stamp-card';
import type { MyCard } from '@punkto/contracts/customers';
import { z } from 'zod';
import { formatInteger, formatPoints, formatStamps, plural } from '../../../lib/format';
import { pageParam } from '../../../lib/search-params';

/** Does the card collect stamps (by the program kind, or by its stamp goal while the rules are unknown)? */
export function isStampCard(card: Pick<MyCard, 'kind' | 'stampsRequired'>): boolean {
  return card.kind === 'stamps' || (card.kind === null && card.stampsRequired !== null);
}

/** The card's balance as one phrase: „120 pkt” or „3 z 10 pieczątek”. */
export function balanceLabel(card: Pick<MyCard, 'kind' | 'points' | 'stamps' | 'stampsRequired'>): string {
  if (!isStampCard(card)) return formatPoints(card.points);
  if (card.stampsRequired) {
    // stamps beyond a full card start the next one (ADR 0043): „7 z 10 pieczątek + 1 pełna karta”
    const { current, fullCards } = stampCardReading(card.stamps, card.stampsRequired);
    const text = `${formatInteger(current)} z ${formatInteger(card.stampsRequired)} ${plural(card.stampsRequired, 'pieczątki', 'pieczątek', 'pieczątek')}`;
    return fullCards > 0 ? `${text} + ${fullCardsText(fullCards)}` : text;
  }
  return formatStamps(card.stamps);
}

/** „Jeszcze 40 pkt do: Darmowa kawa”; null when no reward is ahead. */
export function nextRewardLabel(card: Pick<MyCard, 'kind' | 'stampsRequired' | 'nextReward'>): string | null {
  const next = card.nextReward;
  if (!next) return null;
  const remaining = isStampCard(card) ? formatStamps(next.remaining) : formatPoints(next.remaining);
  return `Jeszcze ${remaining} do: ${next.name}`;
}

/** 0–100: how far the balance is towards the next reward. */
export function nextRewardProgress(card: Pick<MyCard, 'nextReward'>): number {
  const next = card.nextReward;
  if (!next || next.cost <= 0) return 100;
  const have = Math.max(0, next.cost - next.remaining);
  return Math.min(100, Math.round((have / next.cost) * 100));
}

/** what a closed card says instead of its QR code: why it was closed, when the card ledger knows */
export function closedCardText(card: Pick<MyCard, 'closeReason' | 'companyName'>): string {
  switch (card.closeReason) {
    case 'tenant_deleted': {
      const company = card.companyName ? `Firma ${card.companyName}` : 'Firma';
      return `${company} zamknęła swój program lojalnościowy w Punkto. Ta karta jest zamknięta — nie można już na niej zbierać punktów ani odbierać nagród.`;
    }
    case 'program_deleted':
      return 'Program lojalnościowy został zakończony. Ta karta jest zamknięta.';
    case 'client_removed':
      return 'Firma usunęła Cię z programu. Ta karta jest zamknięta.';
    default:
      return 'Ta karta jest zamknięta.';
  }
}

export { activityAmountLabel, activityFilterOptions, activityLabel } from '../../../lib/card-activity';

/** /klient/historia?strona=2&rodzaj=points_earned: Polish names like the rest of the product's URLs. */
export const HISTORY_PAGE_SIZE = 20;
export const historySearchDefaults: { strona: number; rodzaj: ActivityType | '' } = { strona: 1, rodzaj: '' };
export const HistorySearch = z.object({
  strona: pageParam,
  rodzaj: z
    .union([ActivityType, z.literal('')])
    .catch('')
    .default(''),
});
export type HistorySearch = z.infer<typeof HistorySearch>;

export function toHistoryApiQuery(search: HistorySearch) {
  return {
    pageNumber: search.strona,
    pageSize: HISTORY_PAGE_SIZE,
    activityType: search.rodzaj === '' ? undefined : search.rodzaj,
  };
}

/** made at its first use: this module is part of the portal's start, and a phone's first Intl formatter is costly */
let dayAndMonth: Intl.DateTimeFormat | undefined;
/** `15 czerwca`: a birthday as a person says it, without the year (ADR 0058; 29 February: a leap year's date) */
export const birthdayLabel = (b: { day: number; month: number }) =>
  (dayAndMonth ??= new Intl.DateTimeFormat('pl-PL', {
    day: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  })).format(Date.UTC(2024, b.month - 1, b.day));
