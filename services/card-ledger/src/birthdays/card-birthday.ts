import type { CardBirthdayReward as CardBirthdayRewardView } from '@punkto/contracts/birthdays';
import type {
  BirthdayRewardGrantedData,
  BirthdayRewardRedeemedData,
} from '@punkto/contracts/integration-events';

/**
 * The card's latest birthday reward (ADR 0058): its window (Warsaw dates) and whether staff gave it out — the
 * contract's view without `redeemable`, which the views work out for the moment they are read.
 */
export type CardBirthdayReward = Omit<CardBirthdayRewardView, 'redeemable'>;

/** evolve: the reward a BirthdayRewardGranted gives the card */
export const grantedReward = ({
  year,
  name,
  validFrom,
  validUntil,
}: BirthdayRewardGrantedData): CardBirthdayReward => ({
  year,
  name,
  validFrom,
  validUntil,
  redeemedAt: null,
});

/** evolve: the card's reward once BirthdayRewardRedeemed gave it out */
export const redeemedReward = (
  reward: CardBirthdayReward | null | undefined,
  { year, redeemedAt }: BirthdayRewardRedeemedData,
): CardBirthdayReward | null => (reward ? (reward.year === year ? { ...reward, redeemedAt } : reward) : null);
