import { cardCopyEvents, cardEventSchemas, type CardLedgerEvent } from '@punkto/contracts/card-visits';
import { ClientMarketingConsentWithdrawnData } from '@punkto/contracts/integration-events';
import { phoneOnlyHolder } from '@punkto/contracts/clients';
import { clientContactEvents, userContactEvents } from '@punkto/platform/privacy/contact-copies';
import { Topics } from '@punkto/contracts/topics';
import type { ConsumerContext } from '@punkto/platform/runtime/event-consumer';
import { eventConsumer, eventEnvelope, payloadParser } from '@punkto/platform/runtime/event-consumer';
import type { ConsumerSpec } from '@punkto/platform/runtime/run-service';
import type { MessagesContext } from './messages-context';
import { automationsOnCardEvent } from './automation-triggers';
import { moveClientInbox } from './client-inbox';

/**
 * the card events that change a card's visits, balance, whether it is open, or its holder (ADR 0056), and the
 * expiry warning due (ADR 0062), which starts an automatic message (BalanceExpired lowers the balance the copy
 * keeps: no visit)
 */
const visitEvents = cardEventSchemas([...cardCopyEvents, 'ExpiryWarningDue']);
type VisitEventType = keyof typeof visitEvents;

/** card ledger (cardledger.cards.v1) → every card's visits and client (segments, programs, a person's cards) */
export function messageCardsConsumer(ctx: MessagesContext, context: ConsumerContext): ConsumerSpec {
  return eventConsumer({
    groupId: 'notification.message-cards',
    topics: [Topics.cardLedgerCards],
    schema: eventEnvelope(Object.keys(visitEvents) as [VisitEventType, ...VisitEventType[]]),
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
    schema: eventEnvelope([...clientContactEvents.types, 'ClientMarketingConsentWithdrawn']),
    ...context,
    handle: async (event) => {
      const parse = payloadParser(context.logger, event);
      if (event.type !== 'ClientMarketingConsentWithdrawn')
        return clientContactEvents.apply(
          { ...ctx.copies, clientLinked: linkClient(ctx), forgetContact: forgetClient(ctx) },
          event.type,
          parse,
        );
      const d = parse(ClientMarketingConsentWithdrawnData);
      if (d) await ctx.copies.consentWithdrawn([d.clientId]);
    },
  });
}

/**
 * ClientAccountLinked: the contact names the account, and the account's inbox takes over the messages the client
 * was reached with before (kept under `client:<id>`, campaign-batch.ts). Written under the account first, then
 * dropped under the client: a redelivery after a crash in between finishes the move.
 */
const linkClient = (ctx: MessagesContext) => async (clientId: string, userId: string) => {
  await ctx.copies.clientLinked(clientId, userId);
  await moveClientInbox(ctx, clientId, userId);
};

/**
 * ClientRemoved: the contact shredded, the messages kept for the client before an account was linked, and a
 * phone-only client's automatic messages (ADR 0060), which name the client as the person
 */
const forgetClient = (ctx: MessagesContext) => async (clientId: string) => {
  await ctx.copies.forgetContact(clientId);
  await moveClientInbox(ctx, clientId, null);
  for (const doc of await ctx.automationSends.find({ personKey: phoneOnlyHolder(clientId) }))
    await ctx.automationSends.delete(doc._id);
};

/** identity (identity.users.v1): „Wiadomości od firm” (PreferencesChanged); UserDeleted shreds and forgets. */
export function messageIdentityConsumer(ctx: MessagesContext, context: ConsumerContext): ConsumerSpec {
  return eventConsumer({
    groupId: 'notification.message-identity',
    topics: [Topics.identityUsers],
    schema: eventEnvelope([...userContactEvents.types]),
    ...context,
    handle: (event) =>
      userContactEvents.apply(
        { ...ctx.copies, userDeleted: forgetUser(ctx) },
        event.type,
        payloadParser(context.logger, event),
      ),
  });
}

/** UserDeleted: the copies shredded, the inbox and the automatic messages' occurrences (ADR 0060) forgotten */
const forgetUser = (ctx: MessagesContext) => async (userId: string) => {
  await ctx.copies.userDeleted(userId);
  for (const doc of await ctx.inbox.find({ userId })) await ctx.inbox.delete(doc._id);
  for (const doc of await ctx.automationSends.find({ personKey: userId }))
    await ctx.automationSends.delete(doc._id);
};
