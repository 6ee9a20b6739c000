import { Roles } from '@punkto/contracts/permissions';
import type { EventMetadata } from '@punkto/platform/event-store/event-store.port';
import { PermissionDeniedError } from '@punkto/platform/errors/errors';
import type { Card, IssuedCard } from './card';
import type { Actor } from './card-ledger';
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
