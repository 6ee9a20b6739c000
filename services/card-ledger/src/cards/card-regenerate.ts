import { formatCardNumber } from '@punkto/contracts/cards';
import { Roles } from '@punkto/contracts/permissions';
import type { IssuedCard } from './card';
import { metadataOf, regeneratingCard, type RegenerateAccess } from './card-access';
import { signQr } from './card-codes';
import type { Actor, CardLedger } from './card-ledger';

/**
 * A new number and QR secret version (POST /cards/{id}/regenerate), by the card's holder or staff of its company
 * with the permission; answered with the new number (the QR comes with the card).
 */
export async function regenerateCard(
  deps: Pick<CardLedger, 'execute' | 'reserveNumber' | 'secret'>,
  input: { cardId: string; actor: Actor; access: RegenerateAccess; commandId: string },
) {
  const { cardId, actor, commandId } = input;
  // a number is reserved for good: a lost race keeps the one it already holds
  const reserved: { number: string | null } = { number: null };
  const result = await deps.execute(
    cardId,
    async (state, now) => {
      const card = regeneratingCard(state, actor, input.access);
      if (card.recentCommandIds.includes(commandId)) return null; // took effect before: the same answer
      reserved.number ??= await deps.reserveNumber(cardId);
      return {
        command: {
          type: 'RegenerateCard',
          data: {
            commandId,
            humanReadableId: reserved.number,
            qrPayload: signQr(deps.secret, cardId, card.secretVersion + 1),
            actorId: actor.userId,
            actorRole: actor.role === Roles.customer ? 'customer' : 'staff',
          },
          metadata: { now },
        },
        metadata: metadataOf(actor, card),
      };
    },
    {},
  );
  const state = result.newState as IssuedCard;
  return { cardId: state.cardId, humanReadableId: formatCardNumber(state.humanReadableId) };
}
