import type { Collection } from '../documents/document-store.port';
import type { DomainEvent, HandleResult } from '../es/command-handler';
import type { EventStore } from '../event-store/event-store.port';
import { projectEvent, ProjectionGapError, type ProjectionDoc, type Tombstone } from './projection';

/**
 * A read model with one document per event stream (`_id` = the aggregate id), written by the service that
 * appends the events, right after each command, and rebuildable from the stream. `projectEvent` does the
 * revision bookkeeping; this adds the two steps every such service repeats:
 *
 * - `projectAppended`: project the events a command just appended (the revisions follow from the command
 *   handler's `nextExpectedRevision`). When an earlier projection was lost (a crash between an append and
 *   its projection) the document is behind and `projectEvent` reports a gap: the stream is replayed.
 * - `rebuild`: replay the whole stream (already projected events are skipped), e.g. after another request
 *   won a race for the same stream.
 * - `catchUp`: after a command that appended nothing, replay the stream if the document is behind it (the lost
 *   projection of a crash would otherwise wait for the stream's next event, which a repeat never brings).
 *
 * `apply` is the pure "record after one event" of the read model.
 */
export interface StreamProjection<E> {
  /** `at`: when the events happened (the command's time; on a replay, each event's recordedAt) */
  projectAppended(
    id: string,
    result: Pick<HandleResult<unknown, E>, 'newEvents' | 'nextExpectedRevision'>,
    at: string,
  ): Promise<void>;
  rebuild(id: string): Promise<void>;
  /**
   * A command that decided nothing (a repeat) still leaves the document where the stream is: one behind the
   * stream's `revision` (a crash between an append and its projection, and no new event since) is replayed.
   */
  catchUp(id: string, revision: number | undefined): Promise<void>;
}

export function streamProjection<T extends object, E extends DomainEvent>(options: {
  collection: Collection<ProjectionDoc<T> | Tombstone>;
  /** the stream of the document `id` */
  streamId: (id: string) => string;
  /** `at`: when the event happened (ISO), for read models that keep such times */
  apply: (current: T | null, event: E, at: string) => T | null;
  /** where the stream is read from when it is replayed (a sealing view for personal data, ADR 0006) */
  eventStore: Pick<EventStore, 'readStream'>;
}): StreamProjection<E> {
  const { collection, streamId, apply, eventStore } = options;

  async function project(id: string, events: Array<{ event: E; revision: number; at: string }>) {
    for (const { event, revision, at } of events)
      await projectEvent<T>(collection, {
        id,
        streamRevision: revision,
        apply: (current) => apply(current, event, at),
      });
  }

  async function rebuild(id: string) {
    const stream = await eventStore.readStream(streamId(id));
    await project(
      id,
      stream.map((e) => ({
        event: { type: e.type, data: e.data } as E,
        revision: e.revision,
        at: e.recordedAt,
      })),
    );
  }

  return {
    rebuild,
    async catchUp(id, revision) {
      if (revision === undefined) return;
      const doc = await collection.get(id);
      if ((doc?.lastRevision ?? -1) < revision) await rebuild(id);
    },
    async projectAppended(id, { newEvents, nextExpectedRevision }, at) {
      if (!newEvents.length || nextExpectedRevision === undefined) return;
      const first = nextExpectedRevision - newEvents.length + 1;
      try {
        await project(
          id,
          newEvents.map((event, i) => ({ event, revision: first + i, at })),
        );
      } catch (error) {
        if (!(error instanceof ProjectionGapError)) throw error;
        await rebuild(id);
      }
    },
  };
}
