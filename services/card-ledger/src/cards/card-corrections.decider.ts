import { CardErrors, CORRECTION_WINDOW_DAYS } from '@punkto/contracts/cards';
import { tierFor, type ProgramRules } from '../programs/program-rules';
import { balanceOf, type Card, type CardData, type CardEvent } from './card';
import type { CorrectableEntry } from './card-correctable';
import { activeCard, usableRules, type Active } from './card-balance.decider';
import type { AdjustBalance, VoidEntry } from './card.commands';
import { CardRuleError } from './card.errors';
import { unitOf } from './reward-rules';

/**
 * The rules of a correction (ADR 0016): only an award or a redemption the card remembers, younger than
 * CORRECTION_WINDOW_DAYS, once; a voided redemption gives its cost back. A voided award may never take the
 * balance below zero: when its points were partly spent, staff either void the redemption that spent them first
 * or void it and take back only what is left (`adjustRest`, ADR 0050) — the spent part stays spent, recorded as
 * an adjustment before the void. Lifetime points follow, and so does the level of a tiers program. Pure.
 */
export function voidEntry(command: VoidEntry, state: Card): CardEvent[] {
  const card = activeCard(state);
  const { commandId, voidedCommandId, reason, employeeId, adjustRest } = command.data;
  if (card.recentCommandIds.includes(commandId)) return [];
  const entry = (card.correctable ?? []).find((e) => e.commandId === voidedCommandId);
  const { now } = command.metadata;
  if (!entry || now.getTime() - Date.parse(entry.at) > CORRECTION_WINDOW_DAYS * 86_400_000)
    throw new CardRuleError(CardErrors.correctionTooLate);
  if (entry.voided) throw new CardRuleError(CardErrors.alreadyVoided);
  const at = now.toISOString();
  const correction = { commandId, voidedCommandId, reason, employeeId, voidedAt: at };
  if (entry.kind === 'redemption') return [redemptionVoided(card, entry, correction)];

  const unit = entry.stamps > 0 ? 'stamps' : 'points';
  const given = unit === 'stamps' ? entry.stamps : entry.points;
  const held = unit === 'stamps' ? card.stamps : card.points;
  const spent = Math.max(0, given - held);
  if (spent > 0 && !adjustRest) throw new CardRuleError(CardErrors.voidBelowZero(unit, given, held));
  const events: CardEvent[] = [];
  let before: Pick<CardData, 'cardId' | 'points' | 'stamps' | 'lifetimePoints'> = card;
  if (spent > 0) {
    const kept = adjustment(
      card,
      { unit, delta: spent, commandId, reason, employeeId, correctionOf: entry.commandId },
      at,
    );
    events.push(kept);
    before = { cardId: card.cardId, ...kept.data.balance };
  }
  const lifetimePoints = Math.max(0, before.lifetimePoints - entry.points);
  events.push({
    type: 'AwardVoided',
    data: {
      cardId: card.cardId,
      points: entry.points,
      stamps: entry.stamps,
      ...correction,
      balance: {
        points: before.points - entry.points,
        stamps: before.stamps - entry.stamps,
        lifetimePoints,
      },
    },
  });
  return [...events, ...levelChange(command.data.rules, card, lifetimePoints, at)];
}

function redemptionVoided(
  card: Active,
  entry: CorrectableEntry,
  correction: {
    commandId: string;
    voidedCommandId: string;
    reason: string;
    employeeId: string;
    voidedAt: string;
  },
): CardEvent {
  const unit = entry.stamps > 0 ? 'stamps' : 'points';
  return {
    type: 'RedemptionVoided',
    data: {
      cardId: card.cardId,
      rewardId: entry.rewardId ?? '',
      rewardName: entry.rewardName ?? '',
      cost: unit === 'stamps' ? entry.stamps : entry.points,
      unit,
      stockPeriod: entry.stockPeriod,
      redeemedAt: entry.at,
      ...correction,
      balance: balanceOf({ ...card, points: card.points + entry.points, stamps: card.stamps + entry.stamps }),
    },
  };
}

/**
 * A manual adjustment (ADR 0050): staff add or take away the program's unit with a reason — goodwill, a paper
 * card carried over, a mistake older than the correction window. Never below zero. Points adjustments move
 * lifetime points the same way (never below zero), and the level of a tiers program follows.
 */
export function adjustBalance(command: AdjustBalance, state: Card): CardEvent[] {
  const card = activeCard(state);
  const { commandId, delta, reason, employeeId } = command.data;
  if (card.recentCommandIds.includes(commandId)) return [];
  const rules = usableRules(command.data.rules);
  const unit = unitOf(rules.kind);
  const held = unit === 'points' ? card.points : card.stamps;
  if (held + delta < 0) throw new CardRuleError(CardErrors.adjustBelowZero(unit, delta, held));
  const at = command.metadata.now.toISOString();
  const adjusted = adjustment(card, { unit, delta, commandId, reason, employeeId, correctionOf: null }, at);
  return [adjusted, ...levelChange(rules, card, adjusted.data.balance.lifetimePoints, at)];
}

/** what an adjustment says, besides the card it is on and when */
interface AdjustmentOf {
  unit: 'points' | 'stamps';
  delta: number;
  commandId: string;
  reason: string;
  employeeId: string;
  correctionOf: string | null;
}

/** the BalanceAdjusted event of `of` on this card: the balance after it, lifetime points never below zero */
function adjustment(
  card: Pick<CardData, 'cardId' | 'points' | 'stamps' | 'lifetimePoints'>,
  of: AdjustmentOf,
  at: string,
): Extract<CardEvent, { type: 'BalanceAdjusted' }> {
  const points = of.unit === 'points' ? of.delta : 0;
  const stamps = of.unit === 'stamps' ? of.delta : 0;
  return {
    type: 'BalanceAdjusted',
    data: {
      cardId: card.cardId,
      ...of,
      balance: {
        points: card.points + points,
        stamps: card.stamps + stamps,
        lifetimePoints: Math.max(0, card.lifetimePoints + points),
      },
      adjustedAt: at,
    },
  };
}

/** a TierChanged when the new lifetime points put a tiers program's card on another level, else nothing */
function levelChange(
  rules: ProgramRules | null,
  card: Pick<CardData, 'cardId' | 'tier'>,
  lifetimePoints: number,
  at: string,
): CardEvent[] {
  const level = rules?.kind === 'tiers' ? tierFor(rules.levels, lifetimePoints) : null;
  if (!level || level.name === card.tier) return [];
  return [
    {
      type: 'TierChanged',
      data: { cardId: card.cardId, from: card.tier, to: level.name, lifetimePoints, changedAt: at },
    },
  ];
}
