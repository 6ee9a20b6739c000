import type { ActivityType } from '@punkto/contracts/cards';
import type { CardEvent, IssuedCard } from './card';

/** The card history read model's entries (`card_activity`, written by cards.projection.ts) and what makes them. */
export type ActivityDoc = {
  _id: string;
  cardId: string;
  userId: string;
  tenantId: string;
  programId: string;
  type: ActivityType;
  occurredAt: string;
  points: number | null;
  stamps: number | null;
  amountGrosze: number | null;
  rewardName: string | null;
  tier: string | null;
  closeReason: string | null;
  /**
   * the card's number when the entry happened (a replaced card's old entries keep the old one, as the transactions
   * CSV must show); absent in entries recorded before it was kept
   */
  cardNumber?: string;
  /** the request that made an award or a redemption (what a correction names); absent in older entries */
  commandId?: string | null;
  /** staff who awarded, redeemed, voided or regenerated (null: the customer or the system); absent in older entries */
  employeeId?: string | null;
  /** corrections: the reason given and the commandId of the award / redemption voided */
  reason?: string | null;
  voidedCommandId?: string | null;
  /** an adjustment that kept the spent part of a voided award (ADR 0050): that award's commandId */
  correctionOf?: string | null;
};

/** An entry's fields that only some kinds of entry fill, all empty: what an entry starts from. */
export const NO_ENTRY_DETAILS = {
  points: null,
  stamps: null,
  amountGrosze: null,
  rewardName: null,
  tier: null,
  closeReason: null,
} as const satisfies Partial<ActivityDoc>;

/** The history entry an event makes, if any. */
export function activityOf(card: IssuedCard, event: CardEvent): Omit<ActivityDoc, '_id'> | null {
  const base: Omit<ActivityDoc, '_id' | 'type' | 'occurredAt'> = {
    cardId: card.cardId,
    userId: card.userId,
    tenantId: card.tenantId,
    programId: card.programId,
    cardNumber: card.humanReadableId,
    ...NO_ENTRY_DETAILS,
  };
  switch (event.type) {
    case 'CardIssued':
      return { ...base, type: 'card_issued', occurredAt: event.data.issuedAt, tier: event.data.tier };
    case 'PointsEarned':
    case 'StampsAdded':
    case 'RewardRedeemed':
    case 'AwardVoided':
    case 'RedemptionVoided':
      return { ...base, ...balanceEntry(event) };
    case 'BalanceAdjusted': {
      const { unit, delta, adjustedAt, employeeId, reason, correctionOf } = event.data;
      return {
        ...base,
        type: 'balance_adjusted',
        occurredAt: adjustedAt,
        ...(unit === 'points' ? { points: delta } : { stamps: delta }),
        employeeId,
        reason,
        correctionOf,
      };
    }
    case 'OpeningBalanceImported': {
      const { points, stamps, importedAt } = event.data;
      // „Saldo przeniesione z karty papierowej” (ADR 0059): the unit the programme counts
      return {
        ...base,
        type: 'opening_balance',
        occurredAt: importedAt,
        ...(points > 0 ? { points } : {}),
        ...(stamps > 0 ? { stamps } : {}),
      };
    }
    case 'BalanceExpired': {
      const { unit, amount, expiredAt } = event.data;
      // „Punkty wygasły: 40 pkt” (ADR 0062); the warning before it is no entry
      return {
        ...base,
        type: 'balance_expired',
        occurredAt: expiredAt,
        ...(unit === 'points' ? { points: -amount } : { stamps: -amount }),
      };
    }
    case 'TierChanged':
      return { ...base, type: 'tier_changed', occurredAt: event.data.changedAt, tier: event.data.to };
    case 'CardRegenerated':
      return {
        ...base,
        type: 'card_regenerated',
        occurredAt: event.data.regeneratedAt,
        employeeId: event.data.actorRole === 'staff' ? event.data.actorId : null,
      };
    case 'CardClosed':
      return {
        ...base,
        type: 'card_closed',
        occurredAt: event.data.closedAt,
        closeReason: event.data.reason,
      };
    // CardHolderLinked (ADR 0056): the card's entries are relabelled with the new holder (cards.projection.ts)
    // the birthday reward is shown on the card, not in the history (ADR 0058)
    case 'CardIssueRefused':
    case 'AwardAnomalyDetected':
    case 'CardHolderLinked':
    case 'BirthdayRewardGranted':
    case 'BirthdayRewardRedeemed':
    case 'ExpiryWarningDue':
      return null;
  }
}

type BalanceEvent = Extract<
  CardEvent,
  { type: 'PointsEarned' | 'StampsAdded' | 'RewardRedeemed' | 'AwardVoided' | 'RedemptionVoided' }
>;

/** what an award, a redemption or a correction of either adds to the history entry */
function balanceEntry(event: BalanceEvent): Partial<ActivityDoc> & Pick<ActivityDoc, 'type' | 'occurredAt'> {
  switch (event.type) {
    case 'PointsEarned':
      return {
        type: 'points_earned',
        occurredAt: event.data.earnedAt,
        points: event.data.points,
        amountGrosze: event.data.amountGrosze,
        commandId: event.data.commandId,
        employeeId: event.data.employeeId,
      };
    case 'StampsAdded':
      return {
        type: 'stamps_added',
        occurredAt: event.data.addedAt,
        stamps: event.data.count,
        commandId: event.data.commandId,
        employeeId: event.data.employeeId,
      };
    case 'RewardRedeemed':
      return {
        type: 'reward_redeemed',
        occurredAt: event.data.redeemedAt,
        rewardName: event.data.rewardName,
        ...(event.data.unit === 'points' ? { points: -event.data.cost } : { stamps: -event.data.cost }),
        commandId: event.data.commandId,
        employeeId: event.data.employeeId,
      };
    case 'AwardVoided':
      return {
        type: 'award_voided',
        occurredAt: event.data.voidedAt,
        ...(event.data.points > 0 && { points: -event.data.points }),
        ...(event.data.stamps > 0 && { stamps: -event.data.stamps }),
        employeeId: event.data.employeeId,
        reason: event.data.reason,
        voidedCommandId: event.data.voidedCommandId,
      };
    case 'RedemptionVoided':
      return {
        type: 'redemption_voided',
        occurredAt: event.data.voidedAt,
        rewardName: event.data.rewardName,
        ...(event.data.unit === 'points' ? { points: event.data.cost } : { stamps: event.data.cost }),
        employeeId: event.data.employeeId,
        reason: event.data.reason,
        voidedCommandId: event.data.voidedCommandId,
      };
  }
}

/** In-process fan-out of "this customer's card changed" (live updates). */
export class CardChanges {
  private readonly listeners = new Map<string, Set<(cardId: string) => void>>();

  subscribe(userId: string, listener: (cardId: string) => void): () => void {
    let set = this.listeners.get(userId);
    if (!set) this.listeners.set(userId, (set = new Set()));
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.listeners.delete(userId);
    };
  }

  publish(userId: string, cardId: string): void {
    for (const listener of this.listeners.get(userId) ?? []) listener(cardId);
  }
}
