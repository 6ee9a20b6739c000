import { toStreamId } from '@punkto/contracts/events';
import { grantedReward, redeemedReward, type CardBirthdayReward } from '../birthdays/card-birthday';
import { expiryRemembered, type ExpiryMemory } from '../expiry/card-expiry-memory';
import { lotsAfter, lotsOfCard, type CardLots } from '../expiry/card-lots';
import { award, markVoided, rememberEntry, type CorrectableEntry } from './card-correctable';
import type {
  AwardAnomalyDetectedData,
  AwardVoidedData,
  BalanceAdjustedData,
  BalanceExpiredData,
  BirthdayRewardGrantedData,
  BirthdayRewardRedeemedData,
  CardClosedData,
  CardHolderLinkedData,
  CardIssuedData,
  CardIssueRefusedData,
  CardRegeneratedData,
  ExpiryWarningDueData,
  OpeningBalanceImportedData,
  PointsEarnedData,
  RedemptionVoidedData,
  RewardRedeemedData,
  StampsAddedData,
  TierChangedData,
} from '@punkto/contracts/integration-events';

/**
 * The Card aggregate (event-sourced, stream `card-<cardId>`): events, state and evolve. Pure.
 * Event payloads are the integration-event schemas of contracts (cardledger.cards.v1).
 */

export const toCardStreamId = (cardId: string) => toStreamId('card', cardId);
export const CARD_STREAM_PREFIX = 'card-';

export type CardIssued = { type: 'CardIssued'; data: CardIssuedData };
export type CardIssueRefused = { type: 'CardIssueRefused'; data: CardIssueRefusedData };
export type PointsEarned = { type: 'PointsEarned'; data: PointsEarnedData };
export type StampsAdded = { type: 'StampsAdded'; data: StampsAddedData };
export type RewardRedeemed = { type: 'RewardRedeemed'; data: RewardRedeemedData };
export type AwardVoided = { type: 'AwardVoided'; data: AwardVoidedData };
export type RedemptionVoided = { type: 'RedemptionVoided'; data: RedemptionVoidedData };
export type BalanceAdjusted = { type: 'BalanceAdjusted'; data: BalanceAdjustedData };
export type TierChanged = { type: 'TierChanged'; data: TierChangedData };
export type CardRegenerated = { type: 'CardRegenerated'; data: CardRegeneratedData };
export type CardHolderLinked = { type: 'CardHolderLinked'; data: CardHolderLinkedData };
export type CardClosed = { type: 'CardClosed'; data: CardClosedData };
export type AwardAnomalyDetected = { type: 'AwardAnomalyDetected'; data: AwardAnomalyDetectedData };
export type BirthdayRewardGranted = { type: 'BirthdayRewardGranted'; data: BirthdayRewardGrantedData };
export type BirthdayRewardRedeemed = { type: 'BirthdayRewardRedeemed'; data: BirthdayRewardRedeemedData };

export type CardEvent =
  | CardIssued
  | CardIssueRefused
  | PointsEarned
  | StampsAdded
  | RewardRedeemed
  | AwardVoided
  | RedemptionVoided
  | BalanceAdjusted
  | TierChanged
  | CardRegenerated
  | CardHolderLinked
  | CardClosed
  | AwardAnomalyDetected
  | BirthdayRewardGranted
  | BirthdayRewardRedeemed
  | { type: 'OpeningBalanceImported'; data: OpeningBalanceImportedData } // ADR 0059, right after CardIssued
  | { type: 'BalanceExpired'; data: BalanceExpiredData } // ADR 0062
  | { type: 'ExpiryWarningDue'; data: ExpiryWarningDueData };

/** Redemptions older than this (before the newest one) can no longer count against a day/week/month limit. */
export const REDEMPTION_MEMORY_DAYS = 40;
/** Request ids the card remembers, so a retried command that already took effect decides nothing. */
export const COMMAND_MEMORY = 100;
export interface CardData {
  cardId: string;
  tenantId: string;
  programId: string;
  clientId: string;
  /** the holder: the customer's user id, or `client:<clientId>` for a phone-only client (ADR 0056) */
  userId: string;
  /** 10 digits, no separators */
  humanReadableId: string;
  /** part of the signed QR payload; regenerating bumps it, so older QR codes stop verifying */
  secretVersion: number;
  points: number;
  stamps: number;
  lifetimePoints: number;
  /** the level last announced (TierChanged), null outside tiers programs */
  tier: string | null;
  /** this card's recent redemptions (per-card limits per day / ISO week / month) */
  redemptions: Array<{ rewardId: string; at: string }>;
  recentCommandIds: string[];
  /** for the scan cooldown */
  lastAwardAt: string | null;
  /** awards and redemptions of the last CORRECTION_WINDOW_DAYS that staff may still void (absent in old snapshots) */
  correctable?: CorrectableEntry[];
  /** the latest birthday reward (ADR 0058); absent before the card's first */
  birthdayReward?: CardBirthdayReward | null;
  /** the balance's lots by earning date (ADR 0062; kept by evolve, see expiry/card-lots.ts) */
  lots?: CardLots;
  /** the last expiry and the warnings recorded (ADR 0062); absent before the card's first */
  expiry?: ExpiryMemory;
  issuedAt: string;
  updatedAt: string;
}

export interface RefusedCard {
  cardId: string;
  tenantId: string;
  programId: string;
  clientId: string;
  userId: string;
  refusedAt: string;
}

export type Card =
  | { status: 'none' }
  | ({ status: 'refused' } & RefusedCard)
  | ({ status: 'active' } & CardData)
  | ({ status: 'closed'; closedAt: string; closeReason: CardClosedData['reason'] } & CardData);

export type IssuedCard = Extract<Card, { status: 'active' | 'closed' }>;

export const initialState = (): Card => ({ status: 'none' });

const remember = (ids: string[], id: string) => [...ids, id].slice(-COMMAND_MEMORY);
const DAY_MS = 86_400_000;

/** The card after one more event; its balance's lots follow every event that moved the balance (ADR 0062). */
export function evolve(state: Card, event: CardEvent): Card {
  const next = evolveCard(state, event);
  if (next.status !== 'active' || next === state || state.status !== 'active') return next;
  const lots = lotsAfter(lotsOfCard(state), state, event);
  if (lots === next.lots) return next;
  // `next` is the object evolveCard just made for this event (never `state`): set in place, not copied once more
  (next as { lots?: CardLots }).lots = lots;
  return next;
}

/** The card after one more event without its lots: what evolve did before expiry (the fold benchmark's baseline). */
export function evolveCard(state: Card, event: CardEvent): Card {
  switch (event.type) {
    case 'CardIssued':
      return issued(event.data);
    case 'CardIssueRefused':
      return issueRefused(state, event.data);
    case 'CardClosed':
      return closed(state, event.data);
    case 'AwardAnomalyDetected':
      return state;
  }
  if (state.status !== 'active') return state;
  switch (event.type) {
    case 'PointsEarned':
      return pointsEarned(state, event.data);
    case 'StampsAdded':
      return stampsAdded(state, event.data);
    case 'RewardRedeemed':
      return rewardRedeemed(state, event.data);
    case 'AwardVoided':
      return awardVoided(state, event.data);
    case 'RedemptionVoided':
      return redemptionVoided(state, event.data);
    case 'BalanceAdjusted':
      return balanceAdjusted(state, event.data);
    case 'TierChanged':
      return { ...state, tier: event.data.to, updatedAt: event.data.changedAt };
    case 'CardRegenerated':
      return regenerated(state, event.data);
    case 'CardHolderLinked':
      return { ...state, userId: event.data.userId, updatedAt: event.data.linkedAt };
    case 'OpeningBalanceImported': // once, with the card (ADR 0059)
      return { ...state, ...event.data.balance, updatedAt: event.data.importedAt };
    case 'BirthdayRewardGranted':
      return { ...state, birthdayReward: grantedReward(event.data), updatedAt: event.data.grantedAt };
    case 'BirthdayRewardRedeemed':
      return {
        ...state,
        birthdayReward: redeemedReward(state.birthdayReward, event.data),
        recentCommandIds: remember(state.recentCommandIds, event.data.commandId),
        updatedAt: event.data.redeemedAt,
      };
    case 'BalanceExpired':
    case 'ExpiryWarningDue':
      return expiryRemembered(state, event);
    default: {
      const _exhaustive: never = event;
      return state;
    }
  }
}

type ActiveCard = Extract<Card, { status: 'active' }>;

function issued(data: CardIssuedData): Card {
  const { secretVersion, tier, issuedAt, qrPayload: _shownByTheCard, ...ids } = data;
  return {
    status: 'active',
    ...ids,
    secretVersion,
    points: 0,
    stamps: 0,
    lifetimePoints: 0,
    tier,
    redemptions: [],
    recentCommandIds: [],
    lastAwardAt: null,
    correctable: [],
    lots: { points: [], stamps: [] },
    issuedAt,
    updatedAt: issuedAt,
  };
}

function issueRefused(state: Card, data: CardIssueRefusedData): Card {
  if (state.status !== 'none' && state.status !== 'refused') return state;
  const { cardId, tenantId, programId, clientId, userId, refusedAt } = data;
  return { status: 'refused', cardId, tenantId, programId, clientId, userId, refusedAt };
}

function closed(state: Card, data: CardClosedData): Card {
  if (state.status !== 'active') return state;
  return { ...state, status: 'closed', closedAt: data.closedAt, closeReason: data.reason };
}

function pointsEarned(state: ActiveCard, { points, earnedAt, commandId }: PointsEarnedData): Card {
  return {
    ...state,
    points: state.points + points,
    lifetimePoints: state.lifetimePoints + points,
    recentCommandIds: remember(state.recentCommandIds, commandId),
    correctable: rememberEntry(state.correctable, award(commandId, points, 0, earnedAt)),
    lastAwardAt: earnedAt,
    updatedAt: earnedAt,
  };
}

function stampsAdded(state: ActiveCard, { count, addedAt, commandId }: StampsAddedData): Card {
  return {
    ...state,
    stamps: state.stamps + count,
    recentCommandIds: remember(state.recentCommandIds, commandId),
    correctable: rememberEntry(state.correctable, award(commandId, 0, count, addedAt)),
    lastAwardAt: addedAt,
    updatedAt: addedAt,
  };
}

function rewardRedeemed(state: ActiveCard, data: RewardRedeemedData): Card {
  const { cost, unit, rewardId, rewardName, stockPeriod, redeemedAt, commandId } = data;
  const horizon = new Date(Date.parse(redeemedAt) - REDEMPTION_MEMORY_DAYS * DAY_MS).toISOString();
  return {
    ...state,
    points: unit === 'points' ? state.points - cost : state.points,
    stamps: unit === 'stamps' ? state.stamps - cost : state.stamps,
    redemptions: [...state.redemptions.filter((r) => r.at >= horizon), { rewardId, at: redeemedAt }],
    recentCommandIds: remember(state.recentCommandIds, commandId),
    correctable: rememberEntry(state.correctable, {
      commandId,
      kind: 'redemption',
      points: unit === 'points' ? cost : 0,
      stamps: unit === 'stamps' ? cost : 0,
      rewardId,
      rewardName,
      stockPeriod,
      at: redeemedAt,
      voided: false,
    }),
    updatedAt: redeemedAt,
  };
}

function awardVoided(state: ActiveCard, data: AwardVoidedData): Card {
  const { points, stamps, voidedCommandId, commandId, voidedAt } = data;
  return {
    ...state,
    points: state.points - points,
    stamps: state.stamps - stamps,
    lifetimePoints: state.lifetimePoints - points,
    recentCommandIds: remember(state.recentCommandIds, commandId),
    correctable: markVoided(state.correctable, voidedCommandId),
    updatedAt: voidedAt,
  };
}

function redemptionVoided(state: ActiveCard, data: RedemptionVoidedData): Card {
  const { cost, unit, rewardId, redeemedAt, voidedCommandId, commandId, voidedAt } = data;
  // the voided redemption no longer counts against the reward's per-card limits
  const redemptions = state.redemptions.filter((r) => !(r.rewardId === rewardId && r.at === redeemedAt));
  return {
    ...state,
    points: unit === 'points' ? state.points + cost : state.points,
    stamps: unit === 'stamps' ? state.stamps + cost : state.stamps,
    redemptions,
    recentCommandIds: remember(state.recentCommandIds, commandId),
    correctable: markVoided(state.correctable, voidedCommandId),
    updatedAt: voidedAt,
  };
}

/** the balance the event carries (an adjustment's lifetime points are the decider's: never below zero) */
function balanceAdjusted(state: ActiveCard, data: BalanceAdjustedData): Card {
  const { balance, commandId, adjustedAt } = data;
  return {
    ...state,
    ...balance,
    recentCommandIds: remember(state.recentCommandIds, commandId),
    updatedAt: adjustedAt,
  };
}

function regenerated(state: ActiveCard, data: CardRegeneratedData): Card {
  const { humanReadableId, secretVersion, regeneratedAt, commandId } = data;
  return {
    ...state,
    humanReadableId,
    secretVersion,
    recentCommandIds: remember(state.recentCommandIds, commandId),
    updatedAt: regeneratedAt,
  };
}

/** The card's balance as the events carry it. */
export const balanceOf = (card: Pick<CardData, 'points' | 'stamps' | 'lifetimePoints'>) => ({
  points: card.points,
  stamps: card.stamps,
  lifetimePoints: card.lifetimePoints,
});
