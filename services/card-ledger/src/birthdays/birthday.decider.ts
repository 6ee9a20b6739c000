import { BirthdayErrors } from '@punkto/contracts/birthdays';
import type { GrantBirthdayReward, RedeemBirthdayReward } from './birthday.commands';
import { warsawDate } from '@punkto/contracts/warsaw-time';
import type { Card, CardEvent } from '../cards/card';
import { activeCard } from '../cards/card-balance.decider';
import { CardRuleError } from '../cards/card.errors';
import { mayGrantAfter, windowContaining } from './birthday-window';

/**
 * Granted when today (Warsaw) is within the window around a birthday and the card has not had the reward of that
 * birthday year — nor one that started within 300 days, so a changed birthday brings no second reward. A card
 * that is not active gets nothing (no error: the sweep visits every card of the person).
 */
export function grantBirthdayReward(command: GrantBirthdayReward, state: Card): CardEvent[] {
  const { birthday, setting } = command.data;
  if (state.status !== 'active' || !birthday || !setting) return [];
  const now = command.metadata.now;
  const window = windowContaining(warsawDate(now), birthday, setting);
  if (!window || !mayGrantAfter(state.birthdayReward, window)) return [];
  const { cardId, tenantId, programId } = state;
  return [
    {
      type: 'BirthdayRewardGranted',
      data: { cardId, tenantId, programId, ...window, name: setting.name, grantedAt: now.toISOString() },
    },
  ];
}

/** Staff give the reward out: once, within its window, for no points or stamps. */
export function redeemBirthdayReward(command: RedeemBirthdayReward, state: Card): CardEvent[] {
  const card = activeCard(state);
  const { commandId, employeeId } = command.data;
  if (card.recentCommandIds.includes(commandId)) return [];
  const reward = card.birthdayReward;
  if (!reward) throw new CardRuleError(BirthdayErrors.none);
  if (reward.redeemedAt) throw new CardRuleError(BirthdayErrors.alreadyRedeemed);
  const today = warsawDate(command.metadata.now);
  if (today < reward.validFrom || today > reward.validUntil)
    throw new CardRuleError(BirthdayErrors.outsideWindow);
  return [
    {
      type: 'BirthdayRewardRedeemed',
      data: {
        cardId: card.cardId,
        commandId,
        year: reward.year,
        name: reward.name,
        employeeId,
        redeemedAt: command.metadata.now.toISOString(),
      },
    },
  ];
}
