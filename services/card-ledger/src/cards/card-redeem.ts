import type { CardCommandResponse } from '@punkto/contracts/cards';
import type { Card } from './card';
import { metadataOf, staffCard } from './card-access';
import type { Actor, CardAttempt, CardLedger } from './card-ledger';
import { commandResponse, type QueryDeps } from './card-queries';
import { decide, type RedeemReward } from './card.decider';
import type { ProgramRules } from '../programs/program-rules';
import { stockPeriodOf } from './reward-rules';
import { STOCK_RESERVATION_METADATA, type Reservation } from './reward-stock';

export type RedeemDeps = QueryDeps & Pick<CardLedger, 'execute'>;

/**
 * A reward for the card's points or stamps (POST /cards/{id}/redeem). A stocked reward (reward-stock.ts) holds
 * a unit of the shared stock around the command: only once the card's own rules accept the redemption
 * (decided on the state the command is decided on), kept if the card redeemed it, released if not.
 */
export async function redeemReward(
  deps: RedeemDeps,
  input: { cardId: string; rewardId: string; actor: Actor; commandId: string },
): Promise<CardCommandResponse> {
  // a unit of stock is held once, for good: a lost race keeps the one it already holds
  const held: { reservation: Reservation | null } = { reservation: null };
  let result;
  try {
    result = await deps.execute(
      input.cardId,
      (state, now) => redemptionOf(deps, input, held, state, now),
      {},
    );
  } catch (error) {
    if (held.reservation) await deps.stock.release(held.reservation);
    throw error;
  }
  // a crash before this line leaves the reservation pending: the maintenance job settles it from the stream
  if (held.reservation) {
    if (result.newEvents.some((e) => e.type === 'RewardRedeemed')) await deps.stock.confirm(held.reservation);
    else await deps.stock.release(held.reservation);
  }
  return commandResponse(deps, result, result.context ?? null);
}

async function redemptionOf(
  deps: RedeemDeps,
  {
    cardId,
    rewardId,
    actor,
    commandId,
  }: { cardId: string; rewardId: string; actor: Actor; commandId: string },
  held: { reservation: Reservation | null },
  state: Card,
  now: Date,
): Promise<CardAttempt<ProgramRules | null>> {
  const card = staffCard(state, actor);
  const rules = await deps.rulesFor(card.programId);
  const metadata = metadataOf(actor, card);
  const reward = rules?.rewards.find((r) => r.id === rewardId);
  const stocked = reward?.limits.stock;
  const period = held.reservation?.period ?? (reward && stockPeriodOf(reward, now));
  const command = (stockReservation: string | null): RedeemReward => ({
    type: 'RedeemReward',
    data: { commandId, rewardId, employeeId: actor.userId, rules, stockReservation },
    metadata: { now },
  });
  if (!stocked || !period) return { command: command(null), metadata, context: rules };
  // the card's own rules first (throws their refusal), before holding a unit of the shared stock
  if (decide(command(period), state).length === 0)
    return { command: command(period), metadata, context: rules }; // a retry
  held.reservation ??= await deps.stock.reserve({
    tenantId: card.tenantId,
    programId: card.programId,
    rewardId,
    period,
    quantity: stocked.quantity,
    cardId,
    now,
  });
  return {
    command: command(period),
    metadata: { ...metadata, [STOCK_RESERVATION_METADATA]: held.reservation.reservationId },
    context: rules,
  };
}
