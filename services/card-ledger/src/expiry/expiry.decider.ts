import { balanceOf, evolve, type Card, type CardEvent } from '../cards/card';
import type { ExpireBalance } from './expiry.commands';
import { dueExpiry, warningDue } from './expiry-rule';

/**
 * ExpireBalance (ADR 0062): BalanceExpired for what is due, then ExpiryWarningDue for the next expiry when a
 * warning is due — decided on the card as it is after the expiry. Nothing for a card not active, a setting that
 * is off, or a card with nothing due (so a second run of the same day decides nothing). Pure.
 */
export function expireBalance(command: ExpireBalance, state: Card): CardEvent[] {
  if (state.status !== 'active') return [];
  const { today, rule } = command.data;
  if (rule.mode === 'off') return [];
  const at = command.metadata.now.toISOString();
  const { cardId, tenantId, programId, clientId, userId } = state;
  const events: CardEvent[] = [];
  let card = state;
  const due = dueExpiry(card, rule, today);
  if (due) {
    const { unit, mode, months } = rule;
    const after = {
      ...card,
      points: unit === 'points' ? card.points - due.amount : card.points,
      stamps: unit === 'stamps' ? card.stamps - due.amount : card.stamps,
    };
    const expired: CardEvent = {
      type: 'BalanceExpired',
      data: {
        cardId,
        tenantId,
        programId,
        unit,
        amount: due.amount,
        mode,
        months,
        lots: due.lots.map((lot) => ({ earnedOn: lot.on, amount: lot.amount })),
        lastVisitOn: due.lastVisitOn,
        expiredOn: today,
        balance: balanceOf(after),
        expiredAt: at,
      },
    };
    events.push(expired);
    const next = evolve(card, expired);
    if (next.status === 'active') card = next;
  }
  const warning = warningDue(card, rule, today);
  if (warning)
    events.push({
      type: 'ExpiryWarningDue',
      data: { cardId, tenantId, programId, clientId, userId, unit: rule.unit, ...warning, dueAt: at },
    });
  return events;
}
