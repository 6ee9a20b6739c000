import type { Collection } from '../documents/document-store.port';
import type { EventMetadata, EventStore } from '../event-store/event-store.port';
import type { ProjectionDoc, Tombstone } from '../projections/projection';
import { streamProjection } from '../projections/stream-projection';
import { commandHandler, type DomainEvent, type HandleResult } from './command-handler';
import type { Command, Decider } from './decider';

/**
 * THE way a service runs a command on an aggregate whose read model is one document per stream, in one unit of
 * work (docs/how-a-service-is-built.md, "Commands"):
 *
 * 1. read the stream, fold, decide, append with the expected revision — a lost race re-reads and decides
 *    again (commandHandler);
 * 2. project the appended events into the read model right away — a document left behind by a crash between
 *    an append and its projection shows as a gap and the stream is replayed (streamProjection); a command that
 *    appends nothing (a repeat) catches a document that is behind the stream up.
 *
 * `run(id, command, metadata)` does both and returns the handler's result (new events, new state);
 * `rebuild(id)` replays one stream into the read model (after another request won a race for the same id);
 * `appendOnly` runs a command without projecting it, for a stream whose read model was refused (identity
 * withdraws a registration whose address another one took first).
 */
export function projectedCommandHandler<
  State,
  C extends Command,
  E extends DomainEvent,
  T extends object,
>(options: {
  decider: Decider<State, C, E>;
  /** the stream of the aggregate `id` */
  streamId: (id: string) => string;
  /** the read model: one document per aggregate, `_id` = its id */
  collection: Collection<ProjectionDoc<T> | Tombstone>;
  /** the pure "record after one event" of the read model (null: the document goes); `at`: when it happened */
  apply: (current: T | null, event: E, at: string) => T | null;
  /** the view of the store commands read and append through (a sealing view for personal data, ADR 0006) */
  eventStore: EventStore;
}) {
  const { eventStore, decider, streamId } = options;
  const handle = commandHandler(eventStore, decider);
  const projection = streamProjection<T, E>({ ...options, eventStore });
  return {
    async run(id: string, command: C, metadata: EventMetadata = {}): Promise<HandleResult<State, E>> {
      const result = await handle(streamId(id), command, metadata);
      if (result.newEvents.length)
        await projection.projectAppended(id, result, command.metadata.now.toISOString());
      else await projection.catchUp(id, result.nextExpectedRevision);
      return result;
    },
    rebuild: projection.rebuild,
    catchUp: projection.catchUp,
    appendOnly: (id: string, command: C, metadata: EventMetadata = {}) =>
      handle(streamId(id), command, metadata),
  };
}
