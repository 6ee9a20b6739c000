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
 * The card events whose whole read model this process's ATOMIC unit of work (ADR 0029) wrote with them — the card
 * document applied at each event's revision, the history entries, the corrections' records, in the transaction
 * of the append (readModelWrites) — with the card's holder after them, until the projector has seen them. For
 * those the projector has nothing to write: it relabels a moved card's history (a query, never part of the unit)
 * and announces the change to the holder, without reading the card. Any other event — appended before this
 * process started (a version before the unit of work, or documents in another file before they were merged
 * into events.db, where a crash could part the writes), by another instance, with a gap the unit left, or read
 * by the projector before it is noted here — is projected and checked as before. Bounded: past `max` the
 * oldest are forgotten (they are then checked, which is only slower).
 */
export class AtomicAppends {
  private readonly holders = new Map<string, string | null>();

  constructor(private readonly max = 50_000) {}

  /** the events at `firstRevision` … `lastRevision` of the card, written with their read model by the unit */
  note(cardId: string, firstRevision: number, lastRevision: number, holder: string | null): void {
    for (let revision = firstRevision; revision <= lastRevision; revision++) {
      this.holders.set(`${cardId}:${revision}`, holder);
      if (this.holders.size > this.max) this.holders.delete(this.holders.keys().next().value!);
    }
  }

  /** the event's holder when the unit wrote its read model (then forgotten: the projector sees each once) */
  take(cardId: string, revision: number): { holder: string | null } | undefined {
    const key = `${cardId}:${revision}`;
    if (!this.holders.has(key)) return undefined;
    const holder = this.holders.get(key)!;
    this.holders.delete(key);
    return { holder };
  }
}

/**
 * The background projector: tails `card-*` from its checkpoint (the platform's catch-up subscription, as the
 * event relay does), projects each event (a duplicate of what the command already projected is skipped
 * cheaply; one the atomic unit wrote whole is not read at all, see AtomicAppends) and then announces the change
 * to live-update listeners, naming the holder from the card document that projecting the event wrote or found
 * (one read of it per event). The checkpoint is
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
      const event = { type: stored.type, data: stored.data } as CardEvent;
      const written = atomicAppends?.take(cardId, stored.revision);
      if (written) {
        await projection.projectAppended(cardId, [event], stored.revision, true);
        if (written.holder) changes.publish(written.holder, cardId);
        return;
      }
      const card = await projection.project(cardId, [{ event, revision: stored.revision }]);
      if (card) changes.publish(card.userId, cardId);
    },
    onError: (error) => options.onError(error),
    retryBackoffMs: 200,
    maxBackoffMs: 10_000,
    checkpointEveryMs: CHECKPOINT_EVERY_MS,
  });
}
