import type { Collection, Doc, DocumentStore, Stored } from '../documents/document-store.port';
import type { UNCHANGED } from '../documents/mutate-document';
import { mutateDocument } from '../documents/mutate-document';
import { DuplicateKeyError } from '../errors/errors';
import type { AppendResult, EventStore, ExpectedRevision, NewEvent } from '../event-store/event-store.port';

/**
 * A command's unit of work (ADR 0029): its append with the expected-revision check, and the document writes
 * that belong to it (inline projections, the idempotency record with its answer), described as data so that
 * every adapter pair can run them:
 *
 * - stores that share one SQLite connection (sqlite-unit-of-work.ts) write all of it as ONE piece of the
 *   group commit: atomic, one fsync shared with the other commands of the same event-loop turn;
 * - any other pair (EventStoreDB + MongoDB, or SQLite stores in two files) appends, then writes the documents
 *   one by one, as before: a crash in between leaves the documents behind, which the background projector
 *   and the idempotency lease heal (the semantics those adapters always had).
 *
 * Document writes are idempotent by construction: `insertOnce` keeps an existing document, `mutate` is
 * "the next document given the current one" (pure, synchronous; UNCHANGED writes nothing, null deletes).
 */
export type DocumentWrite =
  | { collection: string; insertOnce: Doc }
  | {
      collection: string;
      id: string;
      mutate: (current: Stored<Doc> | null) => Doc | null | typeof UNCHANGED;
    };

export interface UnitOfWork {
  /** true when the append and its document writes are one atomic write */
  readonly atomic: boolean;
  /**
   * Appends `events` to `streamId` if `expectedRevision` holds (ConcurrencyError otherwise, with nothing
   * written) and applies `writes(result)`. Resolves once all of it is durable.
   */
  append(unit: {
    streamId: string;
    events: NewEvent[];
    expectedRevision: ExpectedRevision;
    writes: (result: AppendResult) => DocumentWrite[];
  }): Promise<AppendResult>;
}

/** The unit of work that only needs the two ports: append, then each document write on its own. */
export function sequentialUnitOfWork(eventStore: EventStore, documents: DocumentStore): UnitOfWork {
  return {
    atomic: false,
    async append({ streamId, events, expectedRevision, writes }) {
      const result = await eventStore.appendToStream(streamId, events, { expectedRevision });
      for (const write of writes(result))
        await applyWrite(documents.collection<Doc>(write.collection), write);
      return result;
    },
  };
}

async function applyWrite(collection: Collection<Doc>, write: DocumentWrite): Promise<void> {
  if ('insertOnce' in write) {
    try {
      await collection.insert(write.insertOnce);
    } catch (error) {
      if (!(error instanceof DuplicateKeyError && error.index === '_id_')) throw error;
    }
    return;
  }
  await mutateDocument(collection, write.id, (current) => write.mutate(current));
}

/** Adapters that can run a unit of work atomically offer it through this (see sqlite-unit-of-work.ts). */
export interface UnitOfWorkCapable {
  unitOfWorkWith(documents: DocumentStore): UnitOfWork | null;
}

/** The atomic unit of work when the event store offers one for these documents; the sequential one otherwise. */
export function unitOfWork(eventStore: EventStore, documents: DocumentStore): UnitOfWork {
  const capable = eventStore as Partial<UnitOfWorkCapable>;
  return capable.unitOfWorkWith?.(documents) ?? sequentialUnitOfWork(eventStore, documents);
}
