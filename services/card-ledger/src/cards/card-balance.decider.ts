import { awardLimitBreach } from '@punkto/contracts/card-limits';
import { CardErrors, OFFLINE_SCAN_MAX_AGE_HOURS } from '@punkto/contracts/cards';
import { pointsForAmount } from '@punkto/contracts/programs';
import { tierFor, type ProgramRules } from '../programs/program-rules';
import { balanceOf, type Card, type CardData, type CardEvent } from './card';
import {
  CardClosedError,
  CardNotFoundError,
  CardRuleError,
  ProgramUnavailableError,
  RewardNotFoundError,
  ScanCooldownError,
} from './card.errors';
import type { AddStamps, EarnPoints, RedeemReward } from './card.commands';
import { redemptionBlocker, stockPeriodOf, unitOf } from './reward-rules';

/**
 * The Card aggregate's decisions on its balance: awards (points, stamps) and redemptions, with the guards every
 * command of an issued card shares (corrections and adjustments: card-corrections.decider.ts). Pure: no IO, no
 * clock (card.decider.ts dispatches).
 */
export type Active = Extract<Card, { status: 'active' }>;

export function activeCard(state: Card): Active {
  if (state.status === 'active') return state;
  if (state.status === 'closed') throw new CardClosedError();
  throw new CardNotFoundError(); // never issued (or refused by the plan limit)
}

export function usableRules(rules: ProgramRules | null): ProgramRules {
  if (!rules) throw new ProgramUnavailableError();
  if (rules.deleted) throw new CardClosedError();
  if (!rules.active) throw new CardRuleError(CardErrors.programInactive);
  return rules;
}

/** clocks of phones and servers differ a little: a scan time this far ahead of the server's is still now */
const SCAN_CLOCK_SKEW_MS = 60_000;

/**
 * The scan cooldown refuses a second award within `cooldownMs` of the last one: an accidental double scan. An
 * award the scanner queued offline (`scannedAt`, ADR 0048) was made by staff pressing the button each time and
 * is replayed with its own Idempotency-Key, so the cooldown does not apply to it; it must be at most
 * OFFLINE_SCAN_MAX_AGE_HOURS old and not from the future.
 */
function checkCooldown(card: CardData, now: Date, cooldownMs: number, scannedAt: string | null) {
  if (scannedAt !== null) {
    const age = now.getTime() - Date.parse(scannedAt);
    if (age > OFFLINE_SCAN_MAX_AGE_HOURS * 3_600_000 || age < -SCAN_CLOCK_SKEW_MS)
      throw new CardRuleError(CardErrors.scanTimeInvalid);
    return;
  }
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

export function earnPoints(command: EarnPoints, state: Card): CardEvent[] {
  const card = activeCard(state);
  const { commandId, amountGrosze, serviceId, fixedPoints, employeeId, cooldownMs, scannedAt } = command.data;
  if (card.recentCommandIds.includes(commandId)) return [];
  const rules = usableRules(command.data.rules);
  if (rules.kind === 'stamps' || rules.pointsPerPln === null)
    throw new CardRuleError(CardErrors.notPointsProgram);
  const { now } = command.metadata;
  checkCooldown(card, now, cooldownMs, scannedAt);

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

export function addStamps(command: AddStamps, state: Card): CardEvent[] {
  const card = activeCard(state);
  const { commandId, count, employeeId, cooldownMs, scannedAt } = command.data;
  if (card.recentCommandIds.includes(commandId)) return [];
  const rules = usableRules(command.data.rules);
  if (rules.kind !== 'stamps') throw new CardRuleError(CardErrors.notStampsProgram);
  checkCooldown(card, command.metadata.now, cooldownMs, scannedAt);
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

export function redeemReward(command: RedeemReward, state: Card): CardEvent[] {
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
