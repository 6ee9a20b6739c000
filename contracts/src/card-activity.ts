import { z } from 'zod';

/**
 * The kinds of card history entries, on their own so that a screen's URL filter (web: the portal's history)
 * can use them without loading every card schema at start-up.
 */
export const ActivityType = z.enum([
  'card_issued',
  'points_earned',
  'stamps_added',
  'reward_redeemed',
  'award_voided',
  'redemption_voided',
  'balance_adjusted',
  'opening_balance',
  'balance_expired',
  'tier_changed',
  'card_regenerated',
  'card_closed',
]);
export type ActivityType = z.infer<typeof ActivityType>;
export const activityTypeLabels: Record<ActivityType, string> = {
  card_issued: 'Nowa karta',
  points_earned: 'Punkty',
  stamps_added: 'Pieczątki',
  reward_redeemed: 'Nagrody',
  award_voided: 'Korekta',
  redemption_voided: 'Korekta nagrody',
  balance_adjusted: 'Korekta salda',
  opening_balance: 'Saldo z karty papierowej',
  balance_expired: 'Wygaśnięcie',
  tier_changed: 'Poziomy',
  card_regenerated: 'Wymiana karty',
  card_closed: 'Zamknięcie karty',
};
