import type {
  BirthdayRewardGrantedData,
  BirthdayRewardRedeemedData,
} from '@punkto/contracts/integration-events';

/** The card's latest birthday reward (ADR 0058): its window (Warsaw dates) and whether staff gave it out. */
export interface CardBirthdayReward {
  year: number;
  name: string;
  validFrom: string;
  validUntil: string;
  redeemedAt: string | null;
}

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
