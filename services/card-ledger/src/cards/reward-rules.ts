import { CardErrors, type RewardUnit } from '@punkto/contracts/cards';
import type { LimitPeriod, ProgramKind } from '@punkto/contracts/programs';
import type { ProgramRules, RuleReward } from '../programs/program-rules';
import type { CardData } from './card';
import type { Coded } from './card.errors';
import { periodKey, warsawLocal } from './warsaw-time';

/**
 * The redemption rules of one reward for one card, evaluated at an instant in Polish local time. Pure: the
 * decider throws what this returns, and the card views show it next to each reward ("why not now").
 * The total stock is not checked here: it spans every card of the program (reward-stock.ts).
 *
 * Order: the reward is active → date range → weekday → hours → per-card limits (day, ISO week, month) →
 * balance. Limits come before the balance: "come back tomorrow" is the more useful answer when both hold.
 */

export const unitOf = (kind: ProgramKind): RewardUnit => (kind === 'stamps' ? 'stamps' : 'points');

const perCardLimits: Array<{ period: LimitPeriod; error: Coded }> = [
  { period: 'day', error: CardErrors.dailyLimit },
  { period: 'week', error: CardErrors.weeklyLimit },
  { period: 'month', error: CardErrors.monthlyLimit },
];

/** How many times this card redeemed the reward in the local period that contains `now`. */
export function redemptionsInPeriod(
  card: Pick<CardData, 'redemptions'>,
  rewardId: string,
  period: LimitPeriod,
  now: Date,
): number {
  const current = periodKey(period, warsawLocal(now));
  return card.redemptions.filter(
    (r) => r.rewardId === rewardId && periodKey(period, warsawLocal(new Date(r.at))) === current,
  ).length;
}

export function redemptionBlocker(
  card: Pick<CardData, 'points' | 'stamps' | 'redemptions'>,
  rules: Pick<ProgramRules, 'kind'>,
  reward: RuleReward,
  now: Date,
): Coded | null {
  if (!reward.active) return CardErrors.rewardInactive;
  const local = warsawLocal(now);
  const { weekdays, hours, dateRange } = reward.schedule;
  if (dateRange && (local.date < dateRange.from || local.date > dateRange.to))
    return CardErrors.outsideDates(dateRange.from, dateRange.to);
  if (weekdays.length > 0 && !weekdays.includes(local.weekday)) return CardErrors.wrongDay(weekdays);
  if (hours && (local.time < hours.from || local.time >= hours.to))
    return CardErrors.outsideHours(hours.from, hours.to);
  for (const { period, error } of perCardLimits) {
    const limit = reward.limits.perCard[period];
    if (limit != null && redemptionsInPeriod(card, reward.id, period, now) >= limit) return error;
  }
  if (unitOf(rules.kind) === 'stamps') {
    if (card.stamps < reward.cost) return CardErrors.insufficientStamps(reward.cost, card.stamps);
  } else if (card.points < reward.cost) return CardErrors.insufficientPoints(reward.cost, card.points);
  return null;
}

/** The stock period a redemption at `now` counts against, or null when the reward has no stock. */
export function stockPeriodOf(reward: RuleReward, now: Date): string | null {
  const stock = reward.limits.stock;
  return stock ? periodKey(stock.period, warsawLocal(now)) : null;
}
