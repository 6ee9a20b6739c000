import {
  ProgramDefinedData,
  ReferralInviteChangedData,
  ProgramDeletedData,
  TenantCreatedData,
  TenantDeletedData,
  TenantHeroImageChangedData,
  TenantLocationsReplacedData,
  TenantLogoChangedData,
  TenantUpdatedData,
} from '@punkto/contracts/integration-events';
import { cardCopyEvents, cardEventSchemas } from '@punkto/contracts/card-visits';
import { Topics } from '@punkto/contracts/topics';
import { eventConsumer, payloadParser, type ConsumerContext } from '@punkto/platform/runtime/event-consumer';
import type { ConsumerSpec } from '@punkto/platform/runtime/run-service';
import { z } from 'zod';
import { unseenOnPass, type PassCardEvent } from './pass-card';
import type { PassUpdates } from './updates/pass-updates';
import type { PassCopies } from './pass-copies';

/**
 * card events a pass shows, with their payload schemas. Expiry (ADR 0062, BalanceExpired): the balance after it;
 * its warning is no notice of its own: the automatic message „Punkty wkrótce wygasną” (ADR 0060) puts it on the
 * pass, after the quiet hours, when the company switched it on.
 */
const cardEvents = cardEventSchemas([
  ...cardCopyEvents,
  'TierChanged',
  'CardRegenerated',
  // the birthday reward's notice on the pass (ADR 0058)
  'BirthdayRewardGranted',
  // no pass shows it; kept so that a notice deferred to the morning is not shown once the reward is given out
  'BirthdayRewardRedeemed',
]);

const Envelope = z.object({
  id: z.string(),
  type: z.enum([
    ...(Object.keys(cardEvents) as Array<keyof typeof cardEvents>),
    'ProgramDefined',
    'ProgramDeleted',
    'TenantCreated',
    'TenantUpdated',
    'TenantLogoChanged',
    'TenantHeroImageChanged',
    'TenantLocationsReplaced',
    'TenantDeleted',
    'ReferralInviteChanged',
  ]),
  aggregateId: z.string(),
  occurredAt: z.string(),
  data: z.unknown(),
});

/**
 * What wallet passes need from other services (event-carried state transfer, pass-copies.ts):
 * - cardledger.cards.v1  the card's number, QR, balance, level and status, and its holder (who may have its
 *                        passes: CardHolderLinked moves a phone-only client's card to the account, ADR 0056),
 *                        its birthday reward's notice and whether the reward was given out (ADR 0058);
 * - tenant.programs.v1   the program's kind, name, rewards (newest version wins; a deletion is final);
 * - tenant.tenants.v1    the company's name, address, colours, logo, hero image and locations (ADR 0057).
 * Events of other types on these topics are skipped before the inbox. A payload this consumer does not
 * understand is logged and skipped (redelivering it would not help). `card.onCardClosed`: what a closed card's
 * registrations become (passes.module.ts); `card.deferred`: true when the event's lock-screen notice waits for the
 * morning (pass-notices.ts) — nothing to apply now.
 */
export function passesConsumer(
  copies: PassCopies,
  context: ConsumerContext,
  /** the passes a change shows on (live updates: updates/pass-updates.ts) */
  changed: Pick<PassUpdates, 'cardChanged' | 'scopeChanged'>,
  card: Pick<Parameters<typeof cardEvent>[0], 'onCardClosed' | 'deferred'>,
): ConsumerSpec {
  const { logger } = context;
  return eventConsumer({
    groupId: 'notification.passes',
    topics: [Topics.cardLedgerCards, Topics.tenantPrograms, Topics.tenantTenants],
    schema: Envelope,
    ...context,
    handle: async (event) => {
      const { type } = event;
      const parse = payloadParser(logger, event);
      switch (type) {
        case 'ProgramDefined': {
          const program = parse(ProgramDefinedData);
          if (program && (await copies.programs.define(program.programId, program)))
            await changed.scopeChanged({ programId: program.programId });
          return;
        }
        case 'ProgramDeleted': {
          const deleted = parse(ProgramDeletedData);
          if (!deleted) return;
          await copies.programs.markDeleted(deleted.programId, deleted.tenantId);
          await changed.scopeChanged({ programId: deleted.programId });
          return;
        }
        case 'TenantCreated': {
          const created = parse(TenantCreatedData);
          if (created) await copies.companyCreated(created);
          return;
        }
        case 'TenantUpdated': {
          const updated = parse(TenantUpdatedData);
          if (!updated) return;
          // the contact e-mail: the Reply-To of the company's messages (ADR 0040), on no pass
          const { companyName, address, branding, contact } = updated.changes;
          if (contact !== undefined)
            await copies.contactChanged(updated.tenantId, contact?.email ?? null, updated.updatedAt);
          // a change passes do not show (NIP, contact, the scanner's threshold…) re-versions no pass
          if (companyName === undefined && address === undefined && branding === undefined) return;
          await copies.companyUpdated(updated);
          await changed.scopeChanged({ tenantId: updated.tenantId });
          return;
        }
        // each shows on every pass of the company: re-versioned and pushed company-wide
        case 'TenantLogoChanged':
          return companyChanged(changed, parse(TenantLogoChangedData), copies.logoChanged);
        case 'TenantHeroImageChanged':
          return companyChanged(changed, parse(TenantHeroImageChangedData), copies.heroImageChanged);
        case 'TenantLocationsReplaced':
          return companyChanged(changed, parse(TenantLocationsReplacedData), copies.locationsReplaced);
        case 'TenantDeleted': {
          const deleted = parse(TenantDeletedData);
          if (!deleted) return;
          await copies.companyDeleted(deleted.tenantId, deleted.deletedAt);
          await changed.scopeChanged({ tenantId: deleted.tenantId });
          return;
        }
        // the card's invite link on the back (ADR 0061): only that card's passes change
        case 'ReferralInviteChanged': {
          const invite = parse(ReferralInviteChangedData);
          if (invite && (await copies.inviteChanged(invite.cardId, invite.code, invite.changedAt)))
            await changed.cardChanged(invite.cardId);
          return;
        }
        default: {
          const payload = parse(cardEvents[type]);
          if (payload)
            await cardEvent({ ...card, copies, changed }, { type, data: payload } as PassCardEvent);
        }
      }
    },
  });
}

/** a change of the company's copy that every pass of the company shows (ignored when not understood) */
async function companyChanged<T extends { tenantId: string }>(
  changed: Pick<PassUpdates, 'scopeChanged'>,
  data: T | null,
  apply: (data: T) => Promise<unknown>,
): Promise<void> {
  if (!data) return;
  await apply(data);
  await changed.scopeChanged({ tenantId: data.tenantId });
}

/** a card's event, now or — its notice — after the quiet hours */
async function cardEvent(
  card: Parameters<typeof passCardEvent>[0] & { deferred: (event: PassCardEvent) => Promise<boolean> },
  event: PassCardEvent,
) {
  if (!(await card.deferred(event))) await passCardEvent(card, event);
}

/** a card's event: its copy, the passes it shows on, and a closed card's registrations */
export async function passCardEvent(
  {
    copies,
    changed,
    onCardClosed,
  }: {
    copies: PassCopies;
    changed: Pick<PassUpdates, 'cardChanged'>;
    onCardClosed: (cardId: string, closedAt: string) => Promise<void>;
  },
  event: PassCardEvent,
) {
  const { cardId } = event.data;
  const copy = await copies.applyCardEvent(cardId, event);
  // a new holder changes no pass (and the card has none yet: it was in no one's portal, ADR 0056), nor does a
  // birthday reward given out
  if (copy && !unseenOnPass(event)) await changed.cardChanged(cardId);
  if (event.type === 'CardClosed') await onCardClosed(cardId, event.data.closedAt);
}
