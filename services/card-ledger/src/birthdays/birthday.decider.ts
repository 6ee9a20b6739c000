import type { Birthday, BirthdayRewardSetting } from '@punkto/contracts/birthdays';
import { BirthdayErrors } from '@punkto/contracts/birthdays';
import type { Command } from '@punkto/platform/es/decider';
import { warsawDate } from '@punkto/contracts/warsaw-time';
import type { Card, CardEvent } from '../cards/card';
import { activeCard } from '../cards/card-balance.decider';
import { CardRuleError } from '../cards/card.errors';
import { mayGrantAfter, windowContaining } from './birthday-window';

/**
 * The birthday reward's commands of the Card aggregate (ADR 0058). Pure: the birthday and the program's setting
 * arrive in the command, the time in `metadata.now` (its Warsaw calendar day is what counts).
 */
export type GrantBirthdayReward = Command<
  'GrantBirthdayReward',
  {
    /** the card holder's birthday, null: none given */
    birthday: Birthday | null;
    /** the program's birthday reward, null: none (or the program is inactive or deleted) */
    setting: BirthdayRewardSetting | null;
  }
>;
export type RedeemBirthdayReward = Command<'RedeemBirthdayReward', { commandId: string; employeeId: string }>;
export type BirthdayCommand = GrantBirthdayReward | RedeemBirthdayReward;

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
