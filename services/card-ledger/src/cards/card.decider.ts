import { awardLimitBreach } from '@punkto/contracts/card-limits';
import { CardErrors, CORRECTION_WINDOW_DAYS } from '@punkto/contracts/cards';
import type { AwardAnomalyDetectedData, CardClosedData } from '@punkto/contracts/integration-events';
import { pointsForAmount } from '@punkto/contracts/programs';
import { type Decider, type Command } from '@punkto/platform/es/decider';
import { tierFor, type ProgramRules } from '../programs/program-rules';
import { balanceOf, evolve, initialState, type Card, type CardData, type CardEvent } from './card';
import {
  CardClosedError,
  CardNotFoundError,
  CardRuleError,
  ProgramUnavailableError,
  RewardNotFoundError,
  ScanCooldownError,
} from './card.errors';
import { redemptionBlocker, stockPeriodOf, unitOf } from './reward-rules';

/**
 * Commands of the Card aggregate, one function each. Everything a rule needs arrives in the command: the
 * program's rules (the card ledger's local copy), the configured cooldown, the plan-limit seat, and the
 * time in `metadata.now`. Pure: no IO, no clock.
 *
 * Every award / redemption / regeneration carries `commandId` (derived from the request's Idempotency-Key);
 * the card remembers its last ids, so a command that already took effect decides nothing the second time,
 * whatever happened to the idempotency record in between.
 */

export type IssueCard = Command<
  'IssueCard',
  Pick<CardData, 'cardId' | 'tenantId' | 'programId' | 'clientId' | 'userId' | 'humanReadableId'> & {
    /** the starting level (tiers programs), if the rules are known */
    tier: string | null;
    /** the plan limit on active customers: was a place reserved for this card? */
    seat: { granted: boolean; limit: number; activeCustomers: number };
    /** the signed QR payload of secret version 1 (card-codes.ts; the key is not the decider's) */
    qrPayload: string;
  }
>;
export type EarnPoints = Command<
  'EarnPoints',
  {
    commandId: string;
    amountGrosze: number;
    serviceId: string | null;
    /** the service's fixed points (catalogue), replacing the rate when set */
    fixedPoints: number | null;
    employeeId: string;
    rules: ProgramRules | null;
    cooldownMs: number;
  }
>;
export type AddStamps = Command<
  'AddStamps',
  { commandId: string; count: number; employeeId: string; rules: ProgramRules | null; cooldownMs: number }
>;
export type RedeemReward = Command<
  'RedeemReward',
  {
    commandId: string;
    rewardId: string;
    employeeId: string;
    rules: ProgramRules | null;
    /** the stock period a unit was reserved in (reward-stock.ts), null when nothing was reserved */
    stockReservation: string | null;
  }
>;
export type RegenerateCard = Command<
  'RegenerateCard',
  {
    commandId: string;
    humanReadableId: string;
    /** the signed QR payload of the next secret version */
    qrPayload: string;
    actorId: string;
    actorRole: 'customer' | 'staff';
  }
>;
/**
 * A correction: the award or redemption the card remembers under `voidedCommandId` is taken back by a
 * compensating event (ADR 0016). `rules` only matter to tiers programs (a level no longer reached).
 */
export type VoidEntry = Command<
  'VoidEntry',
  {
    commandId: string;
    voidedCommandId: string;
    reason: string;
    employeeId: string;
    rules: ProgramRules | null;
  }
>;
export type CloseCard = Command<'CloseCard', { reason: CardClosedData['reason'] }>;
export type RecordAwardAnomaly = Command<
  'RecordAwardAnomaly',
  Omit<AwardAnomalyDetectedData, 'cardId' | 'detectedAt'>
>;

export type CardCommand =
  | IssueCard
  | EarnPoints
  | AddStamps
  | RedeemReward
  | VoidEntry
  | RegenerateCard
  | CloseCard
  | RecordAwardAnomaly;

type Active = Extract<Card, { status: 'active' }>;

function activeCard(state: Card): Active {
  if (state.status === 'active') return state;
  if (state.status === 'closed') throw new CardClosedError();
  throw new CardNotFoundError(); // never issued (or refused by the plan limit)
}

function usableRules(rules: ProgramRules | null): ProgramRules {
  if (!rules) throw new ProgramUnavailableError();
  if (rules.deleted) throw new CardClosedError();
  if (!rules.active) throw new CardRuleError(CardErrors.programInactive);
  return rules;
}

function checkCooldown(card: CardData, now: Date, cooldownMs: number) {
  if (!card.lastAwardAt || cooldownMs <= 0) return;
  const remaining = Date.parse(card.lastAwardAt) + cooldownMs - now.getTime();
  if (remaining > 0) throw new ScanCooldownError(Math.ceil(remaining / 1000));
}

/** The smallest amount (grosze) that earns at least one point at this rate and multiplier. */
function minimumAmount(pointsPerPln: number, multiplier: number): number {
  let amount = Math.max(1, Math.floor(100 / (pointsPerPln * multiplier)));
  while (pointsForAmount(amount, pointsPerPln, multiplier) < 1) amount++;
  return amount;
}

function issue(command: IssueCard, state: Card): CardEvent[] {
  if (state.status === 'active' || state.status === 'closed') return []; // one card per client
  const { seat, humanReadableId, tier, qrPayload, ...ids } = command.data;
  const at = command.metadata.now.toISOString();
  if (!seat.granted) {
    if (state.status === 'refused') return []; // already recorded
    return [
      {
        type: 'CardIssueRefused',
        data: {
          ...ids,
          reason: 'customer_limit',
          limit: seat.limit,
          activeCustomers: seat.activeCustomers,
          refusedAt: at,
        },
      },
    ];
  }
  return [
    {
      type: 'CardIssued',
      data: { ...ids, humanReadableId, secretVersion: 1, qrPayload, tier, issuedAt: at },
    },
  ];
}

function earnPoints(command: EarnPoints, state: Card): CardEvent[] {
  const card = activeCard(state);
  const { commandId, amountGrosze, serviceId, fixedPoints, employeeId, cooldownMs } = command.data;
  if (card.recentCommandIds.includes(commandId)) return [];
  const rules = usableRules(command.data.rules);
  if (rules.kind === 'stamps' || rules.pointsPerPln === null)
    throw new CardRuleError(CardErrors.notPointsProgram);
  const { now } = command.metadata;
  checkCooldown(card, now, cooldownMs);

  const level = rules.kind === 'tiers' ? tierFor(rules.levels, card.lifetimePoints) : null;
  const multiplier = level?.multiplier ?? 1;
  const points =
    fixedPoints === null
      ? pointsForAmount(amountGrosze, rules.pointsPerPln, multiplier)
      : Math.floor(fixedPoints * multiplier + 1e-9);
  if (points < 1)
    throw new CardRuleError(CardErrors.amountTooSmall(minimumAmount(rules.pointsPerPln, multiplier)));
  const pointsBreach = awardLimitBreach('points', points, card.points);
  if (pointsBreach) throw new CardRuleError(pointsBreach);

  const at = now.toISOString();
  const lifetimePoints = card.lifetimePoints + points;
  const events: CardEvent[] = [
    {
      type: 'PointsEarned',
      data: {
        cardId: card.cardId,
        commandId,
        amountGrosze,
        pointsPerPln: rules.pointsPerPln,
        multiplier,
        fixedPoints,
        points,
        serviceId,
        employeeId,
        balance: balanceOf({ ...card, points: card.points + points, lifetimePoints }),
        earnedAt: at,
      },
    },
  ];
  // promotion: the level reached by the new lifetime points (the multiplier above was the old level's)
  const reached = rules.kind === 'tiers' ? tierFor(rules.levels, lifetimePoints) : null;
  if (reached && reached.name !== card.tier)
    events.push({
      type: 'TierChanged',
      data: { cardId: card.cardId, from: card.tier, to: reached.name, lifetimePoints, changedAt: at },
    });
  return events;
}

function addStamps(command: AddStamps, state: Card): CardEvent[] {
  const card = activeCard(state);
  const { commandId, count, employeeId, cooldownMs } = command.data;
  if (card.recentCommandIds.includes(commandId)) return [];
  const rules = usableRules(command.data.rules);
  if (rules.kind !== 'stamps') throw new CardRuleError(CardErrors.notStampsProgram);
  checkCooldown(card, command.metadata.now, cooldownMs);
  const stampsBreach = awardLimitBreach('stamps', count, card.stamps);
  if (stampsBreach) throw new CardRuleError(stampsBreach);
  return [
    {
      type: 'StampsAdded',
      data: {
        cardId: card.cardId,
        commandId,
        count,
        employeeId,
        balance: balanceOf({ ...card, stamps: card.stamps + count }),
        addedAt: command.metadata.now.toISOString(),
      },
    },
  ];
}

function redeemReward(command: RedeemReward, state: Card): CardEvent[] {
  const card = activeCard(state);
  const { commandId, rewardId, employeeId, stockReservation } = command.data;
  if (card.recentCommandIds.includes(commandId)) return [];
  const rules = usableRules(command.data.rules);
  const reward = rules.rewards.find((r) => r.id === rewardId);
  if (!reward) throw new RewardNotFoundError();
  const { now } = command.metadata;
  const blocker = redemptionBlocker(card, rules, reward, now);
  if (blocker) throw new CardRuleError(blocker);
  const stockPeriod = stockPeriodOf(reward, now);
  if (stockPeriod !== null && stockReservation !== stockPeriod)
    throw new CardRuleError(CardErrors.outOfStock);

  const unit = unitOf(rules.kind);
  const after = {
    ...card,
    points: unit === 'points' ? card.points - reward.cost : card.points,
    stamps: unit === 'stamps' ? card.stamps - reward.cost : card.stamps,
  };
  return [
    {
      type: 'RewardRedeemed',
      data: {
        cardId: card.cardId,
        commandId,
        rewardId,
        rewardName: reward.name,
        cost: reward.cost,
        unit,
        employeeId,
        stockPeriod,
        balance: balanceOf(after),
        redeemedAt: now.toISOString(),
      },
    },
  ];
}

/**
 * The rules of a correction (ADR 0016): only an award or a redemption the card remembers, younger than
 * CORRECTION_WINDOW_DAYS, once; a voided award may never take the balance below zero (the points were spent:
 * the redemption that spent them is voided first); a voided redemption gives its cost back. Lifetime points
 * follow a voided award, and so does the level of a tiers program.
 */
function voidEntry(command: VoidEntry, state: Card): CardEvent[] {
  const card = activeCard(state);
  const { commandId, voidedCommandId, reason, employeeId } = command.data;
  if (card.recentCommandIds.includes(commandId)) return [];
  const entry = (card.correctable ?? []).find((e) => e.commandId === voidedCommandId);
  const { now } = command.metadata;
  if (!entry || now.getTime() - Date.parse(entry.at) > CORRECTION_WINDOW_DAYS * 86_400_000)
    throw new CardRuleError(CardErrors.correctionTooLate);
  if (entry.voided) throw new CardRuleError(CardErrors.alreadyVoided);
  const at = now.toISOString();
  const correction = { commandId, voidedCommandId, reason, employeeId, voidedAt: at };

  if (entry.kind === 'redemption') {
    const unit = entry.stamps > 0 ? 'stamps' : 'points';
    const cost = unit === 'stamps' ? entry.stamps : entry.points;
    return [
      {
        type: 'RedemptionVoided',
        data: {
          cardId: card.cardId,
          rewardId: entry.rewardId ?? '',
          rewardName: entry.rewardName ?? '',
          cost,
          unit,
          stockPeriod: entry.stockPeriod,
          redeemedAt: entry.at,
          ...correction,
          balance: balanceOf({
            ...card,
            points: card.points + entry.points,
            stamps: card.stamps + entry.stamps,
          }),
        },
      },
    ];
  }

  if (entry.points > card.points)
    throw new CardRuleError(CardErrors.voidBelowZero('points', entry.points, card.points));
  if (entry.stamps > card.stamps)
    throw new CardRuleError(CardErrors.voidBelowZero('stamps', entry.stamps, card.stamps));
  const lifetimePoints = card.lifetimePoints - entry.points;
  const events: CardEvent[] = [
    {
      type: 'AwardVoided',
      data: {
        cardId: card.cardId,
        points: entry.points,
        stamps: entry.stamps,
        ...correction,
        balance: balanceOf({
          points: card.points - entry.points,
          stamps: card.stamps - entry.stamps,
          lifetimePoints,
        }),
      },
    },
  ];
  const rules = command.data.rules;
  const level = rules?.kind === 'tiers' ? tierFor(rules.levels, lifetimePoints) : null;
  if (level && level.name !== card.tier)
    events.push({
      type: 'TierChanged',
      data: { cardId: card.cardId, from: card.tier, to: level.name, lifetimePoints, changedAt: at },
    });
  return events;
}

function regenerate(command: RegenerateCard, state: Card): CardEvent[] {
  const card = activeCard(state);
  const { commandId, humanReadableId, qrPayload, actorId, actorRole } = command.data;
  if (card.recentCommandIds.includes(commandId)) return [];
  return [
    {
      type: 'CardRegenerated',
      data: {
        cardId: card.cardId,
        commandId,
        humanReadableId,
        secretVersion: card.secretVersion + 1,
        qrPayload,
        actorId,
        actorRole,
        regeneratedAt: command.metadata.now.toISOString(),
      },
    },
  ];
}

function close(command: CloseCard, state: Card): CardEvent[] {
  if (state.status !== 'active') return []; // closing twice, or a card that never existed
  return [
    {
      type: 'CardClosed',
      data: {
        cardId: state.cardId,
        reason: command.data.reason,
        closedAt: command.metadata.now.toISOString(),
      },
    },
  ];
}

function recordAnomaly(command: RecordAwardAnomaly, state: Card): CardEvent[] {
  if (state.status !== 'active' && state.status !== 'closed') return [];
  return [
    {
      type: 'AwardAnomalyDetected',
      data: { ...command.data, cardId: state.cardId, detectedAt: command.metadata.now.toISOString() },
    },
  ];
}

export function decide(command: CardCommand, state: Card): CardEvent[] {
  switch (command.type) {
    case 'IssueCard':
      return issue(command, state);
    case 'EarnPoints':
      return earnPoints(command, state);
    case 'AddStamps':
      return addStamps(command, state);
    case 'RedeemReward':
      return redeemReward(command, state);
    case 'VoidEntry':
      return voidEntry(command, state);
    case 'RegenerateCard':
      return regenerate(command, state);
    case 'CloseCard':
      return close(command, state);
    case 'RecordAwardAnomaly':
      return recordAnomaly(command, state);
    default: {
      const _exhaustive: never = command;
      throw new Error(`unknown command ${JSON.stringify(_exhaustive)}`);
    }
  }
}

export const cardDecider: Decider<Card, CardCommand, CardEvent> = { decide, evolve, initialState };
