import {
  CardClosedData,
  CardHolderLinkedData,
  CardIssuedData,
  PointsEarnedData,
  RewardRedeemedData,
  StampsAddedData,
  TenantCreatedData,
  TenantDeletedData,
  TenantUpdatedData,
} from '@punkto/contracts/integration-events';
import { clientContactEvents, userContactEvents } from '@punkto/platform/privacy/contact-copies';
import { Topics } from '@punkto/contracts/topics';
import type { ConsumerContext } from '@punkto/platform/runtime/event-consumer';
import { eventConsumer, eventEnvelope, payloadParser } from '@punkto/platform/runtime/event-consumer';
import type { ConsumerSpec } from '@punkto/platform/runtime/run-service';
import type { Copies } from './copies';
import type { Visit } from './survey-delivery';

/**
 * card ledger (cardledger.cards.v1): CardIssued → the card's copy; CardHolderLinked → its holder (a phone-only
 * client's card moved to the account, ADR 0056); PointsEarned, StampsAdded, RewardRedeemed → a visit (may start a
 * survey); CardClosed → no more surveys for it.
 */
export function cardEventsConsumer(
  copies: Copies,
  visited: (visit: Visit) => Promise<unknown>,
  context: ConsumerContext,
): ConsumerSpec {
  return eventConsumer({
    groupId: 'survey.card-events',
    topics: [Topics.cardLedgerCards],
    schema: eventEnvelope([
      'CardIssued',
      'CardHolderLinked',
      'PointsEarned',
      'StampsAdded',
      'RewardRedeemed',
      'CardClosed',
    ]),
    ...context,
    handle: async (event) => {
      const parse = payloadParser(context.logger, event);
      switch (event.type) {
        case 'CardIssued': {
          const d = parse(CardIssuedData);
          if (d) await copies.cardIssued(d);
          return;
        }
        case 'CardHolderLinked': {
          const d = parse(CardHolderLinkedData);
          if (d) await copies.cardHolderLinked(d.cardId, d.userId);
          return;
        }
        case 'CardClosed': {
          const d = parse(CardClosedData);
          if (d) await copies.cardClosed(d.cardId);
          return;
        }
        case 'PointsEarned': {
          const d = parse(PointsEarnedData);
          if (d) await visited({ visitId: event.id, cardId: d.cardId, at: d.earnedAt });
          return;
        }
        case 'StampsAdded': {
          const d = parse(StampsAddedData);
          if (d) await visited({ visitId: event.id, cardId: d.cardId, at: d.addedAt });
          return;
        }
        case 'RewardRedeemed': {
          const d = parse(RewardRedeemedData);
          if (d) await visited({ visitId: event.id, cardId: d.cardId, at: d.redeemedAt });
          return;
        }
      }
    },
  });
}

/**
 * tenant (tenant.tenants.v1, tenant.clients.v1): the company's name and contact e-mail; a client's e-mail
 * (sealed with the client's key: ClientEnrolled, or ClientEmailGiven for a phone-only client, ADR 0056) and
 * account; ClientRemoved shreds it.
 */
export function tenantEventsConsumer(copies: Copies, context: ConsumerContext): ConsumerSpec {
  return eventConsumer({
    groupId: 'survey.tenant-events',
    topics: [Topics.tenantTenants, Topics.tenantClients],
    schema: eventEnvelope(['TenantCreated', 'TenantUpdated', 'TenantDeleted', ...clientContactEvents.types]),
    ...context,
    handle: async (event) => {
      const parse = payloadParser(context.logger, event);
      switch (event.type) {
        case 'TenantCreated': {
          const d = parse(TenantCreatedData);
          if (d) await copies.tenantChanged(d.tenantId, { companyName: d.companyName });
          return;
        }
        case 'TenantUpdated': {
          const d = parse(TenantUpdatedData);
          if (!d) return;
          const { companyName, contact } = d.changes;
          await copies.tenantChanged(d.tenantId, {
            ...(companyName !== undefined && { companyName }),
            ...(contact !== undefined && { contactEmail: contact?.email ?? null }),
          });
          return;
        }
        case 'TenantDeleted': {
          const d = parse(TenantDeletedData);
          if (d) await copies.tenantChanged(d.tenantId, { deleted: true });
          return;
        }
        default:
          return clientContactEvents.apply(copies, event.type, parse);
      }
    },
  });
}

/** identity (identity.users.v1): PreferencesChanged (plain booleans) → opt-out; UserDeleted → shred. */
export function identityEventsConsumer(copies: Copies, context: ConsumerContext): ConsumerSpec {
  return eventConsumer({
    groupId: 'survey.identity-events',
    topics: [Topics.identityUsers],
    schema: eventEnvelope([...userContactEvents.types]),
    ...context,
    handle: (event) => userContactEvents.apply(copies, event.type, payloadParser(context.logger, event)),
  });
}
