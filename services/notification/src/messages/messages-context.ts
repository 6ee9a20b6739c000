import type { DocumentStore } from '@punkto/platform/documents/document-store.port';
import { projectedCommandHandler } from '@punkto/platform/es/projected-command-handler';
import type { EventStore } from '@punkto/platform/event-store/event-store.port';
import type { Mailer } from '@punkto/platform/mail/mailer.port';
import { companySender, type MailSender } from '@punkto/platform/mail/company-sender';
import type { Logger } from '@punkto/platform/observability/logger';
import { documentPersonKeys } from '@punkto/platform/privacy/person-keys';
import type { ProjectionDoc, Tombstone } from '@punkto/platform/projections/projection';
import type { Clock } from '@punkto/platform/runtime/service-server';
import type { Scheduler } from '@punkto/platform/scheduler/scheduler.port';
import { createHash } from 'node:crypto';
import type { NotificationConfig } from '../config';
import { audienceResolver } from './audience';
import { evolve, initialState, toCampaignStreamId, type CampaignData, type CampaignEvent } from './campaign';
import { campaignDecider, type CampaignCommand } from './campaign.decider';
import { messageCopies } from './message-copies';
import { automationStores } from './automation-store';
import type { Recipient } from './audience';
import type { CompanyCopies, WalletDelivery, WalletMessenger } from '../shared/wallet-messenger.port';

/**
 * What the campaign use cases share (ADR 0027): the campaign decider with its read model (`message_campaigns`,
 * one document per campaign stream, projected in the same unit of work), the copies of other services' data,
 * the recipient lists and delivery records, unsubscribe tokens and the customers' inboxes.
 */
export const MessageJobs = { start: 'messages.start', batch: 'messages.batch' } as const;
export const startJobId = (campaignId: string) => `message-start-${campaignId}`;
export const batchJobId = (campaignId: string, batch: number) => `message-batch-${campaignId}-${batch}`;

/** one batch of a campaign's audience, fixed when it started (ids only: no address, no name) */
export type BatchDoc = {
  _id: string;
  campaignId: string;
  tenantId: string;
  batch: number;
  recipients: Array<Recipient & { seq: number }>;
};
/** what each channel did for one recipient: the delivery record, written only while sending */
export type DeliveryDoc = {
  _id: string;
  campaignId: string;
  batch: number;
  /** the wallet's outcome per card (WalletMessenger.deliver keeps its own once-only records) */
  wallet: Array<WalletDelivery & { cardId: string }> | null;
  /**
   * `pending`: marked before the send (a crash leaves it so: the retry sends with the same Message-ID);
   * `sent` / `failed` / `skipped` (consent withdrawn or contact removed meanwhile) after it. A `pending` mark
   * belongs to its runner until `leaseUntil` (campaign-delivery.ts, EMAIL_LEASE_MS); one without it (written
   * before leases) is free to take over
   */
  email: {
    status: 'pending' | 'sent' | 'failed' | 'skipped';
    reason?: string;
    at: string;
    leaseUntil?: string;
  } | null;
};
/** a recipient with its delivery record, as a batch works on it */
export type RecipientDoc = Recipient &
  Omit<DeliveryDoc, 'wallet'> & {
    tenantId: string;
    seq: number;
    wallet: DeliveryDoc['wallet'];
  };
export type TokenDoc = {
  _id: string;
  campaignId: string;
  tenantId: string;
  clientIds: string[];
  emailClientId: string;
  createdAt: string;
  usedAt: string | null;
  /** the automatic message (ADR 0060) whose e-mail holds the link; absent: the campaign `campaignId` */
  automationId?: string;
};
/** who is starting a campaign now (resolving its audience, writing its list) and until when (ISO) */
export type StartClaimDoc = { _id: string; leaseUntil: string };
/** a message in a customer's app inbox (`<campaignId>:<userId>`) */
export type InboxDoc = {
  _id: string;
  /**
   * the account; `client:<clientId>` for a client reached before an account was linked — no account's key, so no
   * inbox lists it until ClientAccountLinked moves it to the account (messages.consumer.ts)
   */
  userId: string;
  tenantId: string;
  campaignId: string;
  companyName: string;
  title: string;
  body: string;
  sentAt: string;
};

/** A campaign command as the use cases and the sending jobs issue it, stamped now. */
export function campaignCommand<C extends CampaignCommand>(
  ctx: { clock: Clock },
  type: C['type'],
  data: C['data'],
): C {
  return { type, data, metadata: { now: ctx.clock() } } as C;
}

export const hashToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('base64url');
export const batchDocId = (campaignId: string, batch: number) => `${campaignId}:b${batch}`;
export const recipientId = (campaignId: string, seq: number) =>
  `${campaignId}:${String(seq).padStart(7, '0')}`;

export interface MessagesDeps {
  eventStore: EventStore;
  documents: DocumentStore;
  scheduler: Scheduler;
  mailer: Mailer;
  wallet: WalletMessenger;
  passCopies: CompanyCopies;
  config: NotificationConfig;
  logger: Logger;
  clock: Clock;
}

export async function messagesContext(deps: MessagesDeps) {
  const keys = documentPersonKeys(deps.documents, deps.clock);
  const copies = await messageCopies(deps.documents, keys);
  const campaignsView = deps.documents.collection<ProjectionDoc<CampaignData> | Tombstone>(
    'message_campaigns',
  );
  const batches = deps.documents.collection<BatchDoc>('message_batches');
  const deliveries = deps.documents.collection<DeliveryDoc>('message_deliveries');
  const tokens = deps.documents.collection<TokenDoc>('message_unsubscribe_tokens');
  const inbox = deps.documents.collection<InboxDoc>('message_inbox');
  const startClaims = deps.documents.collection<StartClaimDoc>('message_start_claims');
  await campaignsView.ensureIndex({ fields: { tenantId: 1, createdAt: -1 } });
  // the sweep's question: which campaigns are scheduled or sending (campaign-sweep.ts)
  await campaignsView.ensureIndex({ fields: { status: 1 } });
  await batches.ensureIndex({ fields: { campaignId: 1, batch: 1 } });
  await deliveries.ensureIndex({ fields: { campaignId: 1, batch: 1 } });
  await inbox.ensureIndex({ fields: { userId: 1, sentAt: -1 } });
  const campaigns = projectedCommandHandler({
    decider: campaignDecider,
    streamId: toCampaignStreamId,
    collection: campaignsView,
    apply: (current: CampaignData | null, event: CampaignEvent) => {
      const next = evolve(current ?? initialState(), event);
      return next.status === 'none' ? null : next;
    },
    eventStore: deps.eventStore,
  });
  return {
    ...deps,
    copies,
    ...(await automationStores(deps.documents, deps.eventStore)),
    campaigns,
    campaignsView,
    batches,
    deliveries,
    tokens,
    inbox,
    startClaims,
    audience: audienceResolver({ copies, wallet: deps.wallet, clock: deps.clock }),
    campaignsPerWeek: (tenantId: string) =>
      deps.config.MESSAGE_CAMPAIGNS_PER_WEEK_OVERRIDES[tenantId] ?? deps.config.MESSAGE_CAMPAIGNS_PER_WEEK,
    async campaign(campaignId: string): Promise<CampaignData | null> {
      const doc = await campaignsView.get(campaignId);
      if (!doc || '_deleted' in doc) return null;
      return doc as CampaignData;
    },
    async companyName(tenantId: string): Promise<string> {
      return (await deps.passCopies.company(tenantId))?.companyName || 'Twoja firma';
    },
    /** the company as the sender of its messages' e-mails: its name in From, its contact as Reply-To */
    async companySender(tenantId: string): Promise<MailSender> {
      const company = await deps.passCopies.company(tenantId);
      return companySender(company?.companyName ?? '', company?.contactEmail);
    },
  };
}
export type MessagesContext = Awaited<ReturnType<typeof messagesContext>>;
