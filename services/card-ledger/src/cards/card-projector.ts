import type { EventStore, StoredEvent } from '@punkto/platform/event-store/event-store.port';
import {
  startCatchUpSubscription,
  type CatchUpSubscription,
} from '@punkto/platform/relay/catch-up-subscription';
import type { CheckpointStore } from '@punkto/platform/relay/checkpoint-store.port';
import { CARD_STREAM_PREFIX, type CardEvent } from './card';
import type { CardChanges } from './card-activity';
import type { CardsProjection } from './cards.projection';

/**
 * The card events this process appended through the ATOMIC unit of work (ADR 0029), each with its history entry
 * in the same transaction (readModelWrites), until the projector has seen them: for those, an event found
 * projected needs no look for its entry. Any other event — appended before this process started (by a version
 * before the unit of work, or with the documents in another file before they were merged into events.db, where a
 * crash could part the two writes), by another instance, or one the projector reads before it is noted here — is
 * checked as before. Bounded: past `max` the oldest are forgotten (they are then checked, which is only slower).
 */
export class AtomicAppends {
  private readonly keys = new Set<string>();

  constructor(private readonly max = 50_000) {}

  /** the events at `firstRevision` … `lastRevision` of the card, appended with their read model in one unit */
  note(cardId: string, firstRevision: number, lastRevision: number): void {
    for (let revision = firstRevision; revision <= lastRevision; revision++) {
      this.keys.add(`${cardId}:${revision}`);
      if (this.keys.size > this.max) this.keys.delete(this.keys.values().next().value!);
    }
  }

  /** whether this process's atomic unit appended the event (then forgotten: the projector sees each once) */
  take(cardId: string, revision: number): boolean {
    return this.keys.delete(`${cardId}:${revision}`);
  }
}

/**
 * The background projector: tails `card-*` from its checkpoint (the platform's catch-up subscription, as the
 * event relay does), projects each event (a duplicate of what the command already projected is skipped
 * cheaply; see AtomicAppends) and then announces the change to live-update listeners, naming the holder from
 * the card document that projecting the event wrote or found (one read of it per event). The checkpoint is
 * saved at most every CHECKPOINT_EVERY_MS, not per event: replaying a few events after a restart is harmless
 * (the projection skips what it has), a write per event on the award path is not.
 */
const CHECKPOINT_EVERY_MS = 250;

export function startCardProjector(options: {
  eventStore: EventStore;
  checkpoints: CheckpointStore;
  projection: CardsProjection;
  changes: CardChanges;
  onError: (error: unknown) => void;
  name?: string;
  /** what the card ledger's atomic unit of work appended (none when it is not atomic) */
  atomicAppends?: AtomicAppends;
}): CatchUpSubscription {
  const { projection, changes, atomicAppends } = options;
  return startCatchUpSubscription({
    eventStore: options.eventStore,
    checkpoints: options.checkpoints,
    name: options.name ?? 'card-ledger-projections',
    streamPrefixes: [CARD_STREAM_PREFIX],
    handler: async (stored: StoredEvent) => {
      const cardId = stored.streamId.slice(CARD_STREAM_PREFIX.length);
      const card = await projection.project(
        cardId,
        [{ event: { type: stored.type, data: stored.data } as CardEvent, revision: stored.revision }],
        atomicAppends?.take(cardId, stored.revision) ?? false,
      );
      if (card) changes.publish(card.userId, cardId);
    },
    onError: (error) => options.onError(error),
    retryBackoffMs: 200,
    maxBackoffMs: 10_000,
    checkpointEveryMs: CHECKPOINT_EVERY_MS,
  });
}
