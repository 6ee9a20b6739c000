import { plural } from './plural';
import { formatPolish } from './polish-number';

/**
 * How a stamp balance reads on a card of `required` stamps (issue 33, ADR 0043): stamps beyond a full card start
 * the next card, so the current card never shows more than it holds („17 z 10” reads „7 z 10” and one full card
 * waiting for its reward). The ledger keeps one stamp count; a redemption takes the reward's cost from it (a
 * reward never costs more than one card), so the oldest full card is the one handed in.
 */
export interface StampCardReading {
  /** stamps on the card being filled (1…required once any stamp is there; a full card shows `required`) */
  current: number;
  /** full cards beyond the current one, each waiting for its reward */
  fullCards: number;
}

export function stampCardReading(stamps: number, required: number): StampCardReading {
  if (required <= 0 || stamps <= required) return { current: Math.max(stamps, 0), fullCards: 0 };
  const fullCards = Math.floor((stamps - 1) / required);
  return { current: stamps - fullCards * required, fullCards };
}

/** „1 pełna karta”, „2 pełne karty”, „5 pełnych kart” */
export function fullCardsText(count: number): string {
  return `${formatPolish(count)} ${plural(count, 'pełna karta', 'pełne karty', 'pełnych kart')}`;
}

/** the short balance for passes and labels: „7 z 10”, „7 z 10 + 1 pełna karta” */
export function stampCardText(stamps: number, required: number): string {
  const { current, fullCards } = stampCardReading(stamps, required);
  const card = `${formatPolish(current)} z ${formatPolish(required)}`;
  return fullCards > 0 ? `${card} + ${fullCardsText(fullCards)}` : card;
}
