import { Roles } from '@punkto/contracts/permissions';
import type { EventMetadata } from '@punkto/platform/event-store/event-store.port';
import { PermissionDeniedError } from '@punkto/platform/errors/errors';
import type { Card, IssuedCard } from './card';
import type { Actor, CardCommandBuilder } from './card-ledger';
import type { CardCommand } from './card.decider';
import type { ProgramRules } from '../programs/program-rules';
import { CardNotFoundError } from './card.errors';

/**
 * Tenant isolation on the card's own state: a card of another company answers exactly as a number nobody
 * holds (404), never data — a 403 would tell an outsider that the number is someone's card (issue 15).
 */
export function staffCard(card: Card, actor: Actor): IssuedCard {
  if ((card.status !== 'active' && card.status !== 'closed') || card.tenantId !== actor.tenantId)
    throw new CardNotFoundError();
  return card;
}

/** Who may give a card a new number and QR code: its holder, or staff of its company with the permission. */
export interface RegenerateAccess {
  staff: boolean;
  permitted: boolean;
}

export function regeneratingCard(card: Card, actor: Actor, access: RegenerateAccess): IssuedCard {
  if (card.status !== 'active' && card.status !== 'closed') throw new CardNotFoundError();
  if (actor.role === Roles.customer && card.userId === actor.userId) return card;
  const ownCompany = access.staff && actor.tenantId === card.tenantId;
  if (ownCompany && access.permitted) return card;
  // someone else's card answers as an unknown one; staff of its own company without the permission get 403
  if (ownCompany) throw new PermissionDeniedError();
  throw new CardNotFoundError();
}

/** the metadata of the events a person's command appends on a card */
export const metadataOf = (actor: Actor, card: IssuedCard): EventMetadata => ({
  tenantId: card.tenantId,
  actorId: actor.userId,
  correlationId: actor.requestId,
});

/**
 * The build step of a staff member's command on a card of their own company (any other answers 404: staffCard):
 * the program's rules, the command made from the card and them, the actor's event metadata; the rules are the
 * attempt's context (the command's answer shows the program's rewards).
 */
export const staffCommand =
  (
    deps: { rulesFor: (programId: string) => Promise<ProgramRules | null> },
    actor: Actor,
    command: (card: IssuedCard, rules: ProgramRules | null, now: Date) => Promise<CardCommand> | CardCommand,
  ): CardCommandBuilder<ProgramRules | null> =>
  async (state, now) => {
    const card = staffCard(state, actor);
    const rules = await deps.rulesFor(card.programId);
    return { command: await command(card, rules, now), metadata: metadataOf(actor, card), context: rules };
  };
