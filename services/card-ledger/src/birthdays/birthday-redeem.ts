import type { CardCommandResponse } from '@punkto/contracts/cards';
import { staffCommand } from '../cards/card-access';
import type { Actor, CardLedger } from '../cards/card-ledger';
import { commandResponse, type QueryDeps } from '../cards/card-queries';

/**
 * Staff give out the card's birthday reward (POST /cards/{id}/redeem-birthday-reward, ADR 0058): no points, no
 * stamps, once, within its window — the decider refuses otherwise with a Polish message.
 */
export async function redeemBirthdayReward(
  deps: QueryDeps & Pick<CardLedger, 'execute'>,
  input: { cardId: string; actor: Actor; commandId: string },
): Promise<CardCommandResponse> {
  const { actor, commandId } = input;
  const result = await deps.execute(
    input.cardId,
    staffCommand(deps, actor, (_card, _rules, now) => ({
      type: 'RedeemBirthdayReward',
      data: { commandId, employeeId: actor.userId },
      metadata: { now },
    })),
    {},
  );
  return commandResponse(deps, result, result.context ?? null);
}
