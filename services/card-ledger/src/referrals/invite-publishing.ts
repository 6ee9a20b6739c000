import { commandHandler } from '@punkto/platform/es/command-handler';
import type { EventStore } from '@punkto/platform/event-store/event-store.port';
import { inviteDecider, toInviteStreamId } from './invite.decider';
import type { ReferralStore } from './referral-store';

/**
 * The invite link on the back of the passes (ADR 0061): each active card of a program gets its code published
 * (`invite-<cardId>`, relayed on cardledger.cards.v1) while the company runs referrals, and `null` once they
 * are switched off — when the settings are saved, and for a card issued while they are on.
 */
type Card = { cardId: string; tenantId: string; programId: string };

export interface InviteStreams {
  show(card: Card, code: string | null): Promise<void>;
}

export function inviteStreams(eventStore: EventStore, clock: () => Date): InviteStreams {
  const handle = commandHandler(eventStore, inviteDecider);
  return {
    async show({ cardId, tenantId, programId }, code) {
      await handle(toInviteStreamId(cardId), async () => ({
        command: {
          type: 'ShowInvite',
          data: { cardId, tenantId, programId, code },
          metadata: { now: clock() },
        },
      }));
    },
  };
}

type PublishDeps = { store: ReferralStore; invites: InviteStreams };

/** the card's code while referrals are on (made now if it has none), else null */
export async function showInviteOf(deps: PublishDeps, card: Card): Promise<void> {
  const settings = await deps.store.settingsOf(card.programId);
  const code = settings.enabled ? (await deps.store.inviteOf(card))._id : null;
  await deps.invites.show(card, code);
}

/** every active card of the program, after its settings were saved */
export async function showInvitesOf(
  deps: PublishDeps & { activeCards: (programId: string) => Promise<Card[]> },
  programId: string,
): Promise<void> {
  for (const card of await deps.activeCards(programId)) await showInviteOf(deps, card);
}
