import { CardErrors, type CardCommandResponse } from '@punkto/contracts/cards';
import type { IssuedCard } from './card';
import { staffCommand } from './card-access';
import type { Actor, CardLedger } from './card-ledger';
import { commandResponse, entryOf, type QueryDeps } from './card-queries';
import { CardRuleError, EntryNotFoundError } from './card.errors';
import { stockPeriodOf } from './reward-rules';

/** the history entries a correction may name */
const VOIDABLE: ReadonlySet<string> = new Set(['points_earned', 'stamps_added', 'reward_redeemed']);

/**
 * A correction (ADR 0016, POST /cards/{id}/void; partly spent: ADR 0050): the award or redemption named by its history entry is voided
 * by a compensating event decided on the card (the rules are the decider's). A voided stocked redemption gives
 * its unit back to the period it counted against, if that period is still running.
 */
export async function voidEntry(
  deps: QueryDeps & Pick<CardLedger, 'execute'>,
  input: {
    cardId: string;
    activityId: string;
    reason: string;
    adjustRest: boolean;
    actor: Actor;
    commandId: string;
  },
): Promise<CardCommandResponse> {
  const { actor, commandId } = input;
  const result = await deps.execute(
    input.cardId,
    staffCommand(deps, actor, async (card, rules, now) => {
      const entry = await entryOf(deps, card.cardId, input.activityId);
      if (!entry) throw new EntryNotFoundError();
      if (!VOIDABLE.has(entry.type) || !entry.commandId) throw new CardRuleError(CardErrors.notVoidable);
      return {
        type: 'VoidEntry',
        data: {
          commandId,
          voidedCommandId: entry.commandId,
          reason: input.reason,
          employeeId: actor.userId,
          rules,
          adjustRest: input.adjustRest,
        },
        metadata: { now },
      };
    }),
    {},
  );
  const rules = result.context ?? null;
  const voided = result.newEvents.find((e) => e.type === 'RedemptionVoided');
  if (voided?.data.stockPeriod) {
    const card = result.newState as IssuedCard;
    const reward = rules?.rewards.find((r) => r.id === voided.data.rewardId);
    if (reward && stockPeriodOf(reward, deps.clock()) === voided.data.stockPeriod)
      await deps.stock.giveBack({
        programId: card.programId,
        rewardId: voided.data.rewardId,
        period: voided.data.stockPeriod,
        correctionId: voided.data.commandId,
      });
  }
  return commandResponse(deps, result, rules);
}

/**
 * A manual adjustment (ADR 0050, POST /cards/{id}/adjust): the program's unit added or taken away with a reason,
 * decided on the card (never below zero: card-corrections.decider.ts).
 */
export async function adjustBalance(
  deps: QueryDeps & Pick<CardLedger, 'execute'>,
  input: { cardId: string; delta: number; reason: string; actor: Actor; commandId: string },
): Promise<CardCommandResponse> {
  const { actor, commandId, delta, reason } = input;
  const result = await deps.execute(
    input.cardId,
    staffCommand(deps, actor, (_card, rules, now) => ({
      type: 'AdjustBalance',
      data: { commandId, delta, reason, employeeId: actor.userId, rules },
      metadata: { now },
    })),
    {},
  );
  return commandResponse(deps, result, result.context ?? null);
}
