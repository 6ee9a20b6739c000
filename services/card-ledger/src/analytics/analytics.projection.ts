import type { SurveyResponseRecordedData } from '@punkto/contracts/integration-events';
import type { DocumentStore } from '@punkto/platform/documents/document-store.port';
import { DuplicateKeyError } from '@punkto/platform/errors/errors';
import type { EventStore, StoredEvent } from '@punkto/platform/event-store/event-store.port';
import {
  projectEvent,
  ProjectionGapError,
  type ProjectionDoc,
  type Tombstone,
} from '@punkto/platform/projections/projection';
import {
  startCatchUpSubscription,
  type CatchUpSubscription,
} from '@punkto/platform/relay/catch-up-subscription';
import type { CheckpointStore } from '@punkto/platform/relay/checkpoint-store.port';
import { CARD_STREAM_PREFIX, toCardStreamId, type CardEvent } from '../cards/card';
import { applyVisitEvent, type CardVisits } from './card-visits';
import type { NpsAnswer } from './analytics-nps';

/**
 * The analytics read models (rebuildable from the log, ADR 0023):
 *
 * - `analytics_cards`: one document per card stream, the card's `CardVisits` (card-visits.ts), applied with
 *   `projectEvent` (revision-checked: a duplicate is skipped, a gap replays the card's stream). A query reads
 *   one document per card of the tenant (index on tenantId), not the events.
 * - `analytics_nps`: one document per SurveyResponseRecorded (`_id` = responseId, inserted once).
 *
 * Fed by its own catch-up subscription (`card-ledger-analytics`), so a deployment that adds analytics to an
 * existing log projects it from the beginning.
 */
export const ANALYTICS_PROJECTOR = 'card-ledger-analytics';

type CardVisitsDoc = ProjectionDoc<CardVisits> | Tombstone;
type NpsDoc = NpsAnswer & { _id: string; tenantId: string };

export function analyticsProjection(documents: DocumentStore, eventStore: EventStore) {
  const cards = documents.collection<CardVisitsDoc>('analytics_cards');
  const nps = documents.collection<NpsDoc>('analytics_nps');

  async function rebuildCard(cardId: string) {
    const stream = await eventStore.readStream(toCardStreamId(cardId));
    let state: CardVisits | null = null;
    for (const e of stream) state = applyVisitEvent(state, { type: e.type, data: e.data } as CardEvent, true);
    const lastRevision = stream.at(-1)?.revision ?? -1;
    if (lastRevision < 0) return;
    await cards.upsert(visitsDoc(cardId, state, lastRevision));
  }

  return {
    async ensureIndexes() {
      await cards.ensureIndex({ fields: { tenantId: 1 } });
      await nps.ensureIndex({ fields: { tenantId: 1, visitWeek: 1 } });
    },

    /** one event of a card stream, exactly once and in order (a gap replays the card's stream) */
    async project(stored: StoredEvent) {
      const cardId = stored.streamId.slice(CARD_STREAM_PREFIX.length);
      try {
        await projectEvent<CardVisits>(cards, {
          id: cardId,
          streamRevision: stored.revision,
          apply: (current) => applyVisitEvent(current, { type: stored.type, data: stored.data } as CardEvent),
        });
      } catch (error) {
        if (!(error instanceof ProjectionGapError)) throw error;
        await rebuildCard(cardId);
      }
    },

    async recordAnswer(answer: SurveyResponseRecordedData) {
      try {
        await nps.insert({
          _id: answer.responseId,
          tenantId: answer.tenantId,
          programId: answer.programId,
          score: answer.score,
          visitWeek: answer.visitWeek,
        });
      } catch (error) {
        if (!(error instanceof DuplicateKeyError)) throw error;
      }
    },

    async cardsOf(tenantId: string): Promise<CardVisits[]> {
      return (await cards.find({ tenantId })) as unknown as CardVisits[];
    },

    async answersOf(tenantId: string, fromWeek: string, toDate: string): Promise<NpsAnswer[]> {
      return nps.find({ tenantId, visitWeek: { $gte: fromWeek, $lte: toDate } });
    },

    /**
     * Rebuild from the log: every `card-*` event up to the store's head folded in memory per card, then one
     * write per card (what a replay costs: no read and one write per CARD, not per event). Documents of the
     * tenant's cards are replaced whole; the live projector skips what it finds at or below their revision.
     */
    async rebuild(options: { tenantId?: string } = {}): Promise<{ events: number; cards: number }> {
      const { states, events } = await foldCardsToHead(eventStore);
      let written = 0;
      for (const [cardId, { state, revision }] of states) {
        if (options.tenantId && state?.tenantId !== options.tenantId) continue;
        await cards.upsert(visitsDoc(cardId, state, revision));
        written++;
      }
      return { events, cards: written };
    },
  };
}

export type AnalyticsProjection = ReturnType<typeof analyticsProjection>;

/** a card's analytics document at `revision`: its visits, or a tombstone when the card has none (refused) */
const visitsDoc = (cardId: string, state: CardVisits | null, revision: number): CardVisitsDoc =>
  state
    ? { ...state, _id: cardId, lastRevision: revision }
    : { _id: cardId, lastRevision: revision, _deleted: true as const };

/** Every `card-*` event up to the store's head, folded in memory per card: each card's visits and last revision. */
async function foldCardsToHead(eventStore: EventStore) {
  const states = new Map<string, { state: CardVisits | null; revision: number }>();
  let events = 0;
  const head = await eventStore.headPosition();
  if (head === undefined) return { states, events };
  await new Promise<void>((resolve, reject) => {
    let done = false;
    // every stream (the head may be another stream's event), card streams folded, stopped at the head
    const subscription = eventStore.subscribeToAll({
      handler: async (e) => {
        if (done) return;
        if (e.streamId.startsWith(CARD_STREAM_PREFIX)) {
          events++;
          const cardId = e.streamId.slice(CARD_STREAM_PREFIX.length);
          let entry = states.get(cardId);
          if (!entry) states.set(cardId, (entry = { state: null, revision: -1 }));
          entry.state = applyVisitEvent(entry.state, { type: e.type, data: e.data } as CardEvent, true);
          entry.revision = e.revision;
        }
        if (e.position === head) {
          done = true;
          setImmediate(() => void subscription.stop().then(resolve, reject));
        }
      },
      onError: reject,
    });
  });
  return { states, events };
}

export function startAnalyticsProjector(options: {
  eventStore: EventStore;
  checkpoints: CheckpointStore;
  projection: AnalyticsProjection;
  onError: (error: unknown) => void;
}): CatchUpSubscription {
  return startCatchUpSubscription({
    eventStore: options.eventStore,
    checkpoints: options.checkpoints,
    name: ANALYTICS_PROJECTOR,
    streamPrefixes: [CARD_STREAM_PREFIX],
    // the cards of a batch side by side (each card's events in order, one document per card): their writes
    // queue in the same turns and share a group commit, instead of one fsynced commit per event
    batchHandler: async (events) => {
      const byCard = new Map<string, StoredEvent[]>();
      for (const event of events) {
        const ofCard = byCard.get(event.streamId);
        if (ofCard) ofCard.push(event);
        else byCard.set(event.streamId, [event]);
      }
      const results = await Promise.allSettled(
        [...byCard.values()].map(async (ofCard) => {
          for (const event of ofCard) await options.projection.project(event);
        }),
      );
      // every card's work finished first, so a restart from the checkpoint never overlaps it
      const failed = results.find((r) => r.status === 'rejected');
      if (failed) throw failed.reason;
    },
    onError: (error) => options.onError(error),
    retryBackoffMs: 200,
    maxBackoffMs: 10_000,
    checkpointEveryMs: 250,
  });
}
