import { daysFrom } from '@punkto/contracts/customer-segments';
import type { CardVisits } from '@punkto/contracts/card-visits';
import { AUTOMATION_RETURN_WITHIN_DAYS, type AutomationKind } from '@punkto/contracts/message-automations';

/**
 * When an automatic message is due (ADR 0060). Pure; days are Warsaw calendar days (`2026-03-02`, the days of
 * contracts/card-visits.ts), so daylight-saving changes and year boundaries are plain date arithmetic.
 */

/** welcome: the issued card is the person's only card in the company (a second program's card is no joining) */
export function welcomeDue(issuedCardId: string, personCards: ReadonlyArray<{ cardId: string }>): boolean {
  return personCards.every((card) => card.cardId === issuedCardId);
}

/** what a card's rewards are paid with: stamps on a stamp card, else points */
export function balanceOf(card: Pick<CardVisits, 'points' | 'stamps'>, programKind: string): number {
  return programKind === 'stamps' ? card.stamps : card.points;
}

/**
 * reward ready: the dearest active reward whose cost the balance crossed upwards (before < cost ≤ after), else
 * null. Once per crossing: a balance that stays above the cost crosses nothing; one that dropped below (a
 * redemption, a void, an adjustment) crosses again when it climbs back.
 */
export function rewardCrossed(
  before: number,
  after: number,
  rewards: ReadonlyArray<{ name: string; cost: number; active: boolean }>,
): { name: string; cost: number } | null {
  if (after <= before) return null;
  const crossed = rewards
    .filter((r) => r.active && r.cost > before && r.cost <= after)
    .sort((a, b) => b.cost - a.cost);
  const reward = crossed[0];
  return reward ? { name: reward.name, cost: reward.cost } : null;
}

/** cards grouped by their person (the user, or `client:<clientId>` for a phone-only client) */
export function cardsByPerson<C extends { userId: string }>(cards: readonly C[]): Map<string, C[]> {
  const byPerson = new Map<string, C[]>();
  for (const card of cards) {
    const own = byPerson.get(card.userId);
    if (own) own.push(card);
    else byPerson.set(card.userId, [card]);
  }
  return byPerson;
}

/** the person's last visit (an award or redemption not voided) over all their cards in the company */
export function lastVisitDay(cards: ReadonlyArray<Pick<CardVisits, 'days' | 'kinds'>>): string | null {
  let last: string | null = null;
  for (const card of cards)
    for (let i = 0; i < card.days.length; i++)
      if (card.kinds[i] !== 'x' && (last === null || card.days[i]! > last)) last = card.days[i]!;
  return last;
}

/** win-back: the last visit was exactly `days` Warsaw days before `today` (once per absence: the sweep runs daily) */
export function winBackDue(lastVisit: string | null, today: string, days: number): boolean {
  return lastVisit !== null && daysFrom(lastVisit, today) === days;
}

/** the effect: a visit on one of the 14 days after the day the message went (that day's own visits may precede it) */
export function returnedAfter(
  sentDay: string,
  cards: ReadonlyArray<Pick<CardVisits, 'days' | 'kinds'>>,
  within = AUTOMATION_RETURN_WITHIN_DAYS,
): boolean {
  return cards.some((card) =>
    card.days.some((day, i) => {
      if (card.kinds[i] === 'x' || day <= sentDay) return false;
      return daysFrom(sentDay, day) <= within;
    }),
  );
}

/**
 * expiry warning: the occurrence of one ExpiryWarningDue — its card, the expiry date and how many days before it
 * (30 and 3 of the same expiry are two messages; the same warning recorded or delivered again is the same one)
 */
export function expiryWarningOccurrence(warning: { cardId: string; on: string; daysBefore: number }): string {
  return `${warning.cardId}:${warning.on}:${warning.daysBefore}`;
}

/**
 * expiry warning: still worth sending on `today` (Warsaw) — the expiry is ahead; a warning that arrives late (the
 * service was down until the expiry's day or after it) would announce what already happened
 */
export function expiryStillAhead(on: string, today: string): boolean {
  return on > today;
}

/**
 * whether an occurrence triggered in the quiet hours (21:00–08:00) waits for the morning: with the wallet channel
 * (the lock screen); and the expiry warning always — the card ledger's nightly sweep (00:10) records it, and an
 * e-mail about one's points at midnight helps nobody
 */
export function waitsForMorning(kind: AutomationKind, channels: { wallet: boolean }): boolean {
  return channels.wallet || kind === 'expiry_warning';
}
