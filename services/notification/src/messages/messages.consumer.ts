import type { CardLedgerEvent } from '@punkto/contracts/card-visits';
import {
  AwardVoidedData,
  BalanceAdjustedData,
  BalanceExpiredData,
  OpeningBalanceImportedData,
  CardClosedData,
  CardHolderLinkedData,
  CardIssuedData,
  ClientAccountLinkedData,
  ClientEmailGivenData,
  ClientEnrolledData,
  ClientMarketingConsentWithdrawnData,
  ClientRemovedData,
  ExpiryWarningDueData,
  PointsEarnedData,
  RedemptionVoidedData,
  RewardRedeemedData,
  StampsAddedData,
  UserDeletedData,
  UserPreferencesChangedData,
} from '@punkto/contracts/integration-events';
import { phoneOnlyHolder } from '@punkto/contracts/clients';
import { Topics } from '@punkto/contracts/topics';
import { eventConsumer, payloadParser, type ConsumerContext } from '@punkto/platform/runtime/event-consumer';
import type { ConsumerSpec } from '@punkto/platform/runtime/run-service';
import { z } from 'zod';
import type { MessagesContext } from './messages-context';
import { automationsOnCardEvent } from './automation-triggers';

const envelope = <T extends [string, ...string[]]>(types: T) =>
  z.object({ id: z.string(), type: z.enum(types), data: z.unknown() });

/**
 * the card events that change a card's visits, balance, whether it is open, or its holder (ADR 0056), and the
 * expiry warning due (ADR 0062), which starts an automatic message
 */
const visitEvents = {
  CardIssued: CardIssuedData,
  PointsEarned: PointsEarnedData,
  StampsAdded: StampsAddedData,
  RewardRedeemed: RewardRedeemedData,
  AwardVoided: AwardVoidedData,
  RedemptionVoided: RedemptionVoidedData,
  BalanceAdjusted: BalanceAdjustedData,
  OpeningBalanceImported: OpeningBalanceImportedData,
  // expiry (ADR 0062) lowers the balance the copy keeps (no visit)
  BalanceExpired: BalanceExpiredData,
  CardHolderLinked: CardHolderLinkedData,
  CardClosed: CardClosedData,
  ExpiryWarningDue: ExpiryWarningDueData,
} as const;
type VisitEventType = keyof typeof visitEvents;

/** card ledger (cardledger.cards.v1) → every card's visits and client (segments, programs, a person's cards) */
export function messageCardsConsumer(ctx: MessagesContext, context: ConsumerContext): ConsumerSpec {
  return eventConsumer({
    groupId: 'notification.message-cards',
    topics: [Topics.cardLedgerCards],
    schema: envelope(Object.keys(visitEvents) as [VisitEventType, ...VisitEventType[]]),
    ...context,
    handle: async (event) => {
      const data = payloadParser(context.logger, event)(visitEvents[event.type]);
      if (!data) return;
      const cardEvent = { type: event.type, data } as CardLedgerEvent;
      const change = await ctx.copies.cardEvent(data.cardId, cardEvent);
      // the automatic messages this event starts (ADR 0060): welcome, reward ready, expiry warning
      await automationsOnCardEvent(ctx, event.id, cardEvent, change);
    },
  });
}

/**
 * tenant (tenant.clients.v1): a client's e-mail (sealed with the client's key) and marketing consent, from
 * ClientEnrolled or, for a phone-only client, ClientEmailGiven (ADR 0056); its account; ClientRemoved shreds it; ClientMarketingConsentWithdrawn (the tenant service recorded an unsubscribe).
 */
export function messageClientsConsumer(ctx: MessagesContext, context: ConsumerContext): ConsumerSpec {
  return eventConsumer({
    groupId: 'notification.message-clients',
    topics: [Topics.tenantClients],
    schema: envelope([
      'ClientEnrolled',
      'ClientEmailGiven',
      'ClientAccountLinked',
      'ClientRemoved',
      'ClientMarketingConsentWithdrawn',
    ]),
    ...context,
    handle: async (event) => {
      const parse = payloadParser(context.logger, event);
      switch (event.type) {
        case 'ClientEnrolled': {
          const d = parse(ClientEnrolledData);
          // a phone-only client (ADR 0056) has no address to write to
          if (d?.email) await ctx.copies.clientEnrolled({ ...d, email: d.email });
          return;
        }
        case 'ClientEmailGiven': {
          // staff gave a phone-only client an address: company messages reach them from now on
          const d = parse(ClientEmailGivenData);
          if (d) await ctx.copies.clientEmailGiven(d);
          return;
        }
        case 'ClientAccountLinked': {
          const d = parse(ClientAccountLinkedData);
          if (d) await ctx.copies.clientLinked(d.clientId, d.userId);
          return;
        }
        case 'ClientRemoved': {
          const d = parse(ClientRemovedData);
          if (!d) return;
          await ctx.copies.forgetContact(d.clientId);
          // a phone-only client's automatic messages (ADR 0060) name the client as the person
          for (const doc of await ctx.automationSends.find({ personKey: phoneOnlyHolder(d.clientId) }))
            await ctx.automationSends.delete(doc._id);
          return;
        }
        case 'ClientMarketingConsentWithdrawn': {
          const d = parse(ClientMarketingConsentWithdrawnData);
          if (d) await ctx.copies.consentWithdrawn([d.clientId]);
          return;
        }
      }
    },
  });
}

/** identity (identity.users.v1): „Wiadomości od firm” (PreferencesChanged); UserDeleted shreds and forgets. */
export function messageIdentityConsumer(ctx: MessagesContext, context: ConsumerContext): ConsumerSpec {
  return eventConsumer({
    groupId: 'notification.message-identity',
    topics: [Topics.identityUsers],
    schema: envelope(['PreferencesChanged', 'UserDeleted']),
    ...context,
    handle: async (event) => {
      const parse = payloadParser(context.logger, event);
      if (event.type === 'PreferencesChanged') {
        const d = parse(UserPreferencesChangedData);
        if (d) await ctx.copies.preferencesChanged(d.userId, d.preferences, d.changedAt);
        return;
      }
      const d = parse(UserDeletedData);
      if (!d) return;
      await ctx.copies.userDeleted(d.userId);
      for (const doc of await ctx.inbox.find({ userId: d.userId })) await ctx.inbox.delete(doc._id);
      // the automatic messages' occurrences name the person (ADR 0060): forgotten with the account
      for (const doc of await ctx.automationSends.find({ personKey: d.userId }))
        await ctx.automationSends.delete(doc._id);
    },
  });
}
