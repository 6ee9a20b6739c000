import type { Collection, DocumentStore } from '@punkto/platform/documents/document-store.port';
import { mutateDocument, UNCHANGED } from '@punkto/platform/documents/mutate-document';
import { DuplicateKeyError } from '@punkto/platform/errors/errors';
import type { EventStore } from '@punkto/platform/event-store/event-store.port';
import type { DocumentWrite } from '@punkto/platform/es/unit-of-work';
import {
  projectEventRead,
  projectEventWrite,
  ProjectionGapError,
  readProjection,
  type ProjectionDoc,
  type Tombstone,
} from '@punkto/platform/projections/projection';
import { activityOf, type ActivityDoc } from './card-activity';
import { evolve, initialState, toCardStreamId, type Card, type CardEvent, type IssuedCard } from './card';

/**
 * Read models of the card streams (rebuildable from `card-*`):
 *
 * - `cards`: one document per card = the aggregate's state (the same `evolve`), revision-checked with
 *   `projectEvent`. `humanReadableId` has a UNIQUE index. A card refused by the plan limit has no number;
 *   its document holds its card id there (never 10 digits), so the index stays valid on every engine
 *   (MongoDB admits one missing value only). Cards are never deleted (closed cards stay, status `closed`).
 * - `card_activity`: one document per history entry (`<cardId>:<revision>`), inserted once; a card moved to
 *   an account (CardHolderLinked, ADR 0056) relabels its entries with the new holder.
 *
 * Both are written with each command (its unit of work, ADR 0029: read-your-writes for the scanner; or right
 * after it when the unit is not atomic) AND by a background projector (card-projector.ts) that tails the event
 * store from a checkpoint, so a crash between append and projection heals by itself and every replica hears of
 * every change (live updates: CardChanges).
 */

type RefusedRecord = Extract<Card, { status: 'refused' }> & { humanReadableId: string };
export type CardRecord = IssuedCard | RefusedRecord;
type CardDoc = ProjectionDoc<CardRecord> | Tombstone;

export { activityOf, CardChanges, type ActivityDoc } from './card-activity';

/**
 * One per correction, keyed `<cardId>:<voided commandId>`: what a history page asks for each of its awards and
 * redemptions ("was it voided, when, why"), read by primary key rather than by a scan of the card's entries.
 */
export type CorrectionDoc = { _id: string; cardId: string; occurredAt: string; reason: string };
const correctionIdOf = (cardId: string, voidedCommandId: string) => `${cardId}:${voidedCommandId}`;

/** the record a correction's history entry leaves in `card_corrections` */
const correctionOf = (entry: ActivityDoc, voidedCommandId: string): CorrectionDoc => ({
  _id: correctionIdOf(entry.cardId, voidedCommandId),
  cardId: entry.cardId,
  occurredAt: entry.occurredAt,
  reason: entry.reason ?? '',
});

export const CARDS_NUMBER_INDEX = 'cards_number_unique';

/** `<cardId>:<revision, zero-padded>`: unique per event and in stream order when sorted as text */
export const activityIdOf = (cardId: string, revision: number) =>
  `${cardId}:${String(revision).padStart(10, '0')}`;

export function applyCardEvent(current: CardRecord | null, event: CardEvent): CardRecord | null {
  const next = evolve((current as Card | null) ?? initialState(), event);
  if (next.status === 'none') return null;
  if (next.status === 'refused') return { ...next, humanReadableId: next.cardId };
  // what corrections may still reach is the decider's memory (folded from the stream), not the views': the
  // read model does not carry it, so every award writes a card document of the same small size
  const { correctable: _deciderOnly, ...record } = next;
  return record;
}

/**
 * The read-model writes of a command's new events, written with its append by the card ledger's unit of work
 * (ADR 0029): the card document (applied when it is at the previous revision; a gap is healed after the unit by
 * `projectAppended`), the history entries and the corrections' records. `cardWritten` tells, once the unit is
 * written, whether it applied the card document for every event (no gap: nothing is left to project).
 */
function readModelWrites(
  cardId: string,
  decided: { state: Card; newEvents: CardEvent[]; firstRevision: number },
): { writes: DocumentWrite[]; cardWritten: () => boolean } {
  const writes: DocumentWrite[] = [];
  // the revisions whose card write found the document at the one before (a set: a write may run more than once)
  const applied = new Set<number>();
  let state = decided.state;
  decided.newEvents.forEach((event, i) => {
    const revision = decided.firstRevision + i;
    writes.push(
      projectEventWrite<CardRecord>('cards', {
        id: cardId,
        streamRevision: revision,
        apply: (current) => {
          applied.add(revision);
          return applyCardEvent(current, event);
        },
      }),
    );
    state = evolve(state, event);
    if (state.status !== 'active' && state.status !== 'closed') return;
    const entry = activityOf(state, event);
    if (!entry) return;
    const doc: ActivityDoc = { _id: activityIdOf(cardId, revision), ...entry };
    if (doc.voidedCommandId)
      writes.push({ collection: 'card_corrections', insertOnce: correctionOf(doc, doc.voidedCommandId) });
    writes.push({ collection: 'card_activity', insertOnce: doc });
  });
  return { writes, cardWritten: () => applied.size === decided.newEvents.length };
}

export function cardsProjection(documents: DocumentStore, eventStore: EventStore) {
  const stores: CardCollections = {
    cards: documents.collection<CardDoc>('cards'),
    activity: documents.collection<ActivityDoc>('card_activity'),
    corrections: documents.collection<CorrectionDoc>('card_corrections'),
  };
  const project = (cardId: string, events: ProjectedEvent[]) =>
    projectCard(stores, eventStore, cardId, events);
  return {
    cards: stores.cards,
    activity: stores.activity,
    ensureIndexes: () => ensureCardIndexes(stores),
    project,
    writesFor: readModelWrites,
    /**
     * The events a command appended, with their revisions, after its unit of work. When the unit wrote the card
     * document for every one of them (`cardWritten`: atomic, no gap) only a moved card's history is left to
     * relabel (a query, not a write of the unit); otherwise — a gap the unit left, or a unit of work that wrote
     * no read model (not atomic) — they are projected, a gap replayed from the stream.
     */
    async projectAppended(
      cardId: string,
      newEvents: CardEvent[],
      lastRevision: number | undefined,
      cardWritten = false,
    ) {
      if (!newEvents.length || lastRevision === undefined) return;
      if (cardWritten) {
        for (const event of newEvents)
          if (event.type === 'CardHolderLinked') await relabelHistory(stores.activity, event.data);
        return;
      }
      const first = lastRevision - newEvents.length + 1;
      await project(
        cardId,
        newEvents.map((event, i) => ({ event, revision: first + i })),
      );
    },
    ...cardQueries(stores.cards, stores.corrections),
  };
}

interface CardCollections {
  cards: Collection<CardDoc>;
  activity: Collection<ActivityDoc>;
  corrections: Collection<CorrectionDoc>;
}

type ProjectedEvent = { event: CardEvent; revision: number };

async function ensureCardIndexes({ cards, activity }: CardCollections) {
  await cards.ensureIndex({ fields: { humanReadableId: 1 }, unique: true, name: CARDS_NUMBER_INDEX });
  await cards.ensureIndex({ fields: { userId: 1 } });
  await cards.ensureIndex({ fields: { tenantId: 1, status: 1 } });
  await cards.ensureIndex({ fields: { programId: 1, status: 1 } });
  await activity.ensureIndex({ fields: { userId: 1, occurredAt: -1 } });
  await activity.ensureIndex({ fields: { userId: 1, type: 1, occurredAt: -1 } });
  await activity.ensureIndex({ fields: { cardId: 1, occurredAt: -1 } });
}

/**
 * Projects events of one card in order; an earlier projection that was lost is caught up from the stream.
 * Returns the card document as the last event left it (written or found: one read of it per event).
 */
async function projectCard(
  stores: CardCollections,
  eventStore: EventStore,
  cardId: string,
  events: ProjectedEvent[],
): Promise<CardRecord | null> {
  try {
    return await projectInOrder(stores, cardId, events);
  } catch (error) {
    if (!(error instanceof ProjectionGapError)) throw error;
    const stream = await eventStore.readStream(toCardStreamId(cardId));
    return projectInOrder(
      stores,
      cardId,
      stream.map((e) => ({ event: { type: e.type, data: e.data } as CardEvent, revision: e.revision })),
    );
  }
}

async function projectInOrder(
  stores: CardCollections,
  cardId: string,
  events: ProjectedEvent[],
): Promise<CardRecord | null> {
  const { cards, activity } = stores;
  let card: CardRecord | null = null;
  for (const { event, revision } of events) {
    const projected = await projectEventRead<CardRecord>(cards, {
      id: cardId,
      streamRevision: revision,
      apply: (current) => applyCardEvent(current, event),
    });
    card = projected.document;
    // also when already projected: a crash may have come between the card and its entries
    if (event.type === 'CardHolderLinked') await relabelHistory(activity, event.data);
    const activityId = activityIdOf(cardId, revision);
    // already projected: the history entry may still be missing (a crash in between), so check it too
    if (projected.outcome === 'skipped' && (await activity.get(activityId))) continue;
    if (card && card.status !== 'refused') {
      const entry = activityOf(card, event);
      if (entry) await insertActivity(stores, { _id: activityId, ...entry });
    }
  }
  return card;
}

/**
 * A phone-only client's card moved to the account (ADR 0056): its history entries so far are the account's too,
 * so the customer sees the card's whole history (entries after the move carry the account from the card).
 * Idempotent: only entries still naming another holder are written.
 */
async function relabelHistory(activity: Collection<ActivityDoc>, moved: { cardId: string; userId: string }) {
  const { cardId, userId } = moved;
  for (const entry of await activity.find({ cardId, userId: { $ne: userId } }))
    await mutateDocument(activity, entry._id, (current) =>
      current && current.userId !== userId ? { ...current, userId } : UNCHANGED,
    );
}

/** the history entry, and first the correction's own record (so an entry found projected has both) */
async function insertActivity({ activity, corrections }: CardCollections, doc: ActivityDoc) {
  if (doc.voidedCommandId) await insertOnce(corrections, correctionOf(doc, doc.voidedCommandId));
  await insertOnce(activity, doc);
}

async function insertOnce<T extends { _id: string }>(collection: Collection<T>, doc: T) {
  try {
    await collection.insert(doc);
  } catch (error) {
    if (!(error instanceof DuplicateKeyError && error.index === '_id_')) throw error;
  }
}

export type CardsProjection = ReturnType<typeof cardsProjection>;

/** What the card ledger reads of its cards and their corrections. */
function cardQueries(cards: Collection<CardDoc>, corrections: Collection<CorrectionDoc>) {
  return {
    async get(cardId: string): Promise<CardRecord | null> {
      return readProjection<CardRecord>(cards, cardId);
    },

    /** an issued card (active or closed) */
    async issued(cardId: string): Promise<IssuedCard | null> {
      const card = await readProjection<CardRecord>(cards, cardId);
      return card && card.status !== 'refused' ? card : null;
    },

    async byNumber(digits: string): Promise<IssuedCard | null> {
      const card = (await cards.findOne({ humanReadableId: digits })) as CardRecord | null;
      return card && card.status !== 'refused' ? card : null;
    },

    async ofUser(userId: string): Promise<IssuedCard[]> {
      const found = (await cards.find(
        { userId, status: { $in: ['active', 'closed'] } },
        { sort: { issuedAt: 1 } },
      )) as IssuedCard[];
      return found;
    },

    /** the tenant's cards refused by the plan limit, the longest waiting first */
    async refused(tenantId: string): Promise<Array<Extract<Card, { status: 'refused' }>>> {
      const found = await cards.find({ tenantId, status: 'refused' });
      return (found as Array<Extract<Card, { status: 'refused' }>>).sort((a, b) =>
        a.refusedAt.localeCompare(b.refusedAt),
      );
    },

    async active(filter: { tenantId: string } | { programId: string }): Promise<IssuedCard[]> {
      return (await cards.find({ ...filter, status: 'active' })) as IssuedCard[];
    },

    /** a program's active cards a batch at a time, by one query (a nightly sweep: never all in memory) */
    scanActive(programId: string, batchSize = 500): AsyncGenerator<IssuedCard[], void, undefined> {
      return cards.scan({ programId, status: 'active' }, { batchSize }) as AsyncGenerator<IssuedCard[]>;
    },

    /** the corrections of these awards / redemptions of one card: voided commandId → when and why */
    async correctionsOf(cardId: string, commandIds: string[]): Promise<Map<string, CorrectionDoc>> {
      const found = new Map<string, CorrectionDoc>();
      if (!commandIds.length) return found;
      const ids = commandIds.map((id) => correctionIdOf(cardId, id));
      for (const doc of await corrections.find({ _id: { $in: ids } }))
        found.set(doc._id.slice(cardId.length + 1), doc);
      return found;
    },
  };
}
