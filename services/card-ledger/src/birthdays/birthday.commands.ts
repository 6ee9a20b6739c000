import type { Birthday, BirthdayRewardSetting } from '@punkto/contracts/birthdays';
import type { Command } from '@punkto/platform/es/decider';

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
