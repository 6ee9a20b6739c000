import type { Doc } from '../documents/document-store.port';
import { UNCHANGED } from '../documents/mutate-document';
import type { SqliteDocumentStore } from '../documents/sqlite-document-store';
import { DuplicateKeyError } from '../errors/errors';
import type { DocumentWrite, UnitOfWork } from '../es/unit-of-work';
import type { AppendResult, ExpectedRevision, NewEvent } from './event-store.port';
import type { GroupCommit } from './group-commit';

/** What the unit of work needs of the SQLite event store (sqlite-event-store.ts), named here so neither imports the other. */
export interface PieceAppender {
  readonly database: unknown;
  readonly groupCommit: GroupCommit;
  appendInPiece(streamId: string, events: NewEvent[], expected: ExpectedRevision): AppendResult;
  wakeSubscriptions(): void;
}

/**
 * The atomic unit of work of an event store and a document store on ONE SQLite connection (the same file,
 * sqlite-database.ts `openSharedSqlite`): the append with its revision check and the command's document writes
 * run as one piece of the group commit — one savepoint inside the turn's transaction, so they are durable
 * together or not at all, and a conflict of this command (ConcurrencyError from the append, a unique index of
 * one of its documents) rolls back only this command. Answered once the batch's COMMIT returned.
 */
export function sqliteUnitOfWork(events: PieceAppender, documents: SqliteDocumentStore): UnitOfWork {
  if (events.database !== documents.database)
    throw new Error('an atomic unit of work needs the event store and the documents on one connection');
  return {
    atomic: true,
    async append({ streamId, events: toAppend, expectedRevision, writes }) {
      const result = await events.groupCommit.run(() => {
        const appended = events.appendInPiece(streamId, toAppend, expectedRevision);
        for (const write of writes(appended)) applyNow(documents, write);
        return appended;
      });
      events.wakeSubscriptions();
      return result;
    },
  };
}

function applyNow(documents: SqliteDocumentStore, write: DocumentWrite): void {
  const collection = documents.sqliteCollection<Doc>(write.collection);
  if ('insertOnce' in write) {
    try {
      collection.insertNow(write.insertOnce);
    } catch (error) {
      if (!(error instanceof DuplicateKeyError && error.index === '_id_')) throw error;
    }
    return;
  }
  // inside the piece nobody else writes: read, change, write without a retry
  const current = collection.getNow(write.id);
  const next = write.mutate(current);
  if (next === UNCHANGED) return;
  if (next === null) {
    if (current) collection.deleteNow(write.id, current._rev);
    return;
  }
  if (current) collection.updateNow(next, current._rev);
  else collection.insertNow(next);
}
