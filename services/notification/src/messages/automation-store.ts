import type { AutomationKind } from '@punkto/contracts/message-automations';
import type { DocumentStore } from '@punkto/platform/documents/document-store.port';
import { projectedCommandHandler } from '@punkto/platform/es/projected-command-handler';
import type { EventStore } from '@punkto/platform/event-store/event-store.port';
import type { ProjectionDoc, Tombstone } from '@punkto/platform/projections/projection';
import {
  automationDecider,
  evolve,
  initialState,
  toAutomationStreamId,
  type AutomationData,
  type AutomationEvent,
} from './automation';

/** One occurrence of an automatic message (ADR 0060), keyed by kind, company, person and what happened. */
export type AutomationSendDoc = {
  _id: string;
  tenantId: string;
  kind: AutomationKind;
  /** the user, or `client:<clientId>` for a phone-only client */
  personKey: string;
  /** the cards the message is about (reward ready: that card; otherwise none: every open card of the person) */
  cardIds: string[];
  /** the reward's name for {nagroda} */
  reward: string | null;
  /** the expiry warning's {ile} and {data}: what expires on the card and on which Warsaw day (absent before it) */
  expiry?: { amount: number; unit: 'points' | 'stamps'; on: string } | null;
  createdAt: string;
  status: 'scheduled' | 'sent' | 'failed' | 'unreachable' | 'off' | 'capped';
  sentAt: string | null;
  /** the Warsaw day it went (the daily cap and the effect count these) */
  sentDay: string | null;
};

/**
 * The automations' stores: the Automation aggregate with its read model (`message_automations`, one document
 * per company and kind, projected in the same unit of work) and the occurrences (`message_automation_sends`).
 */
export async function automationStores(documents: DocumentStore, eventStore: EventStore) {
  const automationsView = documents.collection<ProjectionDoc<AutomationData> | Tombstone>(
    'message_automations',
  );
  const automationSends = documents.collection<AutomationSendDoc>('message_automation_sends');
  await automationsView.ensureIndex({ fields: { tenantId: 1 } });
  await automationsView.ensureIndex({ fields: { kind: 1, enabled: 1 } });
  await automationSends.ensureIndex({ fields: { tenantId: 1, kind: 1, sentDay: 1 } });
  await automationSends.ensureIndex({ fields: { tenantId: 1, sentDay: 1 } });
  await automationSends.ensureIndex({ fields: { personKey: 1 } });
  const automations = projectedCommandHandler({
    decider: automationDecider,
    streamId: toAutomationStreamId,
    collection: automationsView,
    apply: (current: AutomationData | null, event: AutomationEvent) => {
      const next = evolve(current ? { status: 'configured', ...current } : initialState(), event);
      if (next.status === 'none') return null;
      const { status: _status, ...data } = next;
      return data;
    },
    eventStore,
  });
  return {
    automations,
    automationsView,
    automationSends,
    /** the automation's settings as saved (null: never saved, i.e. off with the defaults) */
    async automation(id: string): Promise<AutomationData | null> {
      const doc = await automationsView.get(id);
      if (!doc || '_deleted' in doc) return null;
      return doc as AutomationData;
    },
  };
}
