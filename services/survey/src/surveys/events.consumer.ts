import {
  CardClosedData,
  CardHolderLinkedData,
  CardIssuedData,
  ClientAccountLinkedData,
  ClientEmailGivenData,
  ClientEnrolledData,
  ClientRemovedData,
  PointsEarnedData,
  RewardRedeemedData,
  StampsAddedData,
  TenantCreatedData,
  TenantDeletedData,
  TenantUpdatedData,
  UserDeletedData,
  UserPreferencesChangedData,
} from '@punkto/contracts/integration-events';
import { Topics } from '@punkto/contracts/topics';
import { eventConsumer, payloadParser, type ConsumerContext } from '@punkto/platform/runtime/event-consumer';
import type { ConsumerSpec } from '@punkto/platform/runtime/run-service';
import { z } from 'zod';
import type { Copies } from './copies';
import type { Visit } from './survey-delivery';

const envelope = <T extends [string, ...string[]]>(types: T) =>
  z.object({ id: z.string(), type: z.enum(types), data: z.unknown() });

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
    schema: envelope([
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
    schema: envelope([
      'TenantCreated',
      'TenantUpdated',
      'TenantDeleted',
      'ClientEnrolled',
      'ClientEmailGiven',
      'ClientAccountLinked',
      'ClientRemoved',
    ]),
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
        case 'ClientEnrolled': {
          const d = parse(ClientEnrolledData);
          // a phone-only client (ADR 0056) has no address to ask
          if (d?.email) await copies.clientEnrolled({ ...d, email: d.email });
          return;
        }
        case 'ClientEmailGiven': {
          // staff gave a phone-only client an address: surveys reach them from now on
          const d = parse(ClientEmailGivenData);
          if (d) await copies.clientEmailGiven(d);
          return;
        }
        case 'ClientAccountLinked': {
          const d = parse(ClientAccountLinkedData);
          if (d) await copies.clientLinked(d.clientId, d.userId);
          return;
        }
        case 'ClientRemoved': {
          const d = parse(ClientRemovedData);
          if (d) await copies.forgetContact(d.clientId);
          return;
        }
      }
    },
  });
}

/** identity (identity.users.v1): PreferencesChanged (plain booleans) → opt-out; UserDeleted → shred. */
export function identityEventsConsumer(copies: Copies, context: ConsumerContext): ConsumerSpec {
  return eventConsumer({
    groupId: 'survey.identity-events',
    topics: [Topics.identityUsers],
    schema: envelope(['PreferencesChanged', 'UserDeleted']),
    ...context,
    handle: async (event) => {
      const parse = payloadParser(context.logger, event);
      if (event.type === 'PreferencesChanged') {
        const d = parse(UserPreferencesChangedData);
        if (d) await copies.preferencesChanged(d.userId, d.preferences, d.changedAt);
        return;
      }
      const d = parse(UserDeletedData);
      if (d) await copies.userDeleted(d.userId);
    },
  });
}
