import type Database from 'better-sqlite3';
import { v7 as uuidv7 } from 'uuid';
import { ConcurrencyError, DuplicateKeyError } from '../errors/errors';
import type {
  AppendResult,
  EventMetadata,
  EventStore,
  ExpectedRevision,
  NewEvent,
  ReadStreamOptions,
  StoredEvent,
  SubscribeToAllOptions,
  Subscription,
} from './event-store.port';
import type { DocumentStore } from '../documents/document-store.port';
import { SqliteDocumentStore } from '../documents/sqlite-document-store';
import type { UnitOfWork, UnitOfWorkCapable } from '../es/unit-of-work';
import type { GroupCommit } from './group-commit';
import { sqliteUnitOfWork } from './sqlite-unit-of-work';
import { isUniqueViolation, openSharedSqlite, setUp, type SharedSqlite } from './sqlite-database';
import { PollingLoop } from './wake-signal';

/**
 * Embedded event store: one SQLite file per service, one `events` table.
 *
 * Appends are group-committed (group-commit.ts, ADR 0029): the appends of one event-loop turn share one
 * transaction and one fsync, each in its own savepoint, so a revision conflict fails only its own append.
 *
 * `position` is an AUTOINCREMENT rowid, so it is global, increasing and never reused. SQLite has a single
 * writer and every append runs in a `BEGIN IMMEDIATE` transaction, so events become visible in position
 * order — a reader polling `position > checkpoint` can never skip an event committed later with a lower
 * position (the classic "gap" problem of outbox tables on MVCC databases does not exist here).
 */

const SCHEMA = `
CREATE TABLE IF NOT EXISTS events (
  position       INTEGER PRIMARY KEY AUTOINCREMENT,
  id             TEXT    NOT NULL UNIQUE,
  stream_id      TEXT    NOT NULL,
  revision       INTEGER NOT NULL,
  type           TEXT    NOT NULL,
  data           TEXT    NOT NULL,
  metadata       TEXT    NOT NULL,
  schema_version INTEGER NOT NULL,
  recorded_at    TEXT    NOT NULL,
  UNIQUE (stream_id, revision)
);`;

const BATCH_SIZE = 500;
const DEFAULT_POLL_MS = 50;

interface EventRow {
  position: number;
  id: string;
  stream_id: string;
  revision: number;
  type: string;
  data: string;
  metadata: string;
  schema_version: number;
  recorded_at: string;
}

export interface SqliteEventStoreOptions {
  /** how often live subscriptions look for appends made by other processes; default 50 ms */
  pollIntervalMs?: number;
  now?: () => Date;
}

export class SqliteEventStore implements EventStore, UnitOfWorkCapable {
  private readonly subscriptions = new Set<SqliteSubscription>();
  private readonly stmts;
  private readonly db: Database.Database;
  private closed = false;

  private constructor(
    private readonly connection: SharedSqlite,
    private readonly pollIntervalMs: number,
    private readonly now: () => Date,
  ) {
    const db = (this.db = connection.db);
    setUp(db, SCHEMA);
    this.stmts = {
      lastRevision: db.prepare<[string], { revision: number | null }>(
        'SELECT MAX(revision) AS revision FROM events WHERE stream_id = ?',
      ),
      insert: db.prepare(
        `INSERT INTO events (id, stream_id, revision, type, data, metadata, schema_version, recorded_at)
         VALUES (@id, @streamId, @revision, @type, @data, @metadata, @schemaVersion, @recordedAt)`,
      ),
      readStream: db.prepare<[string, number, number], EventRow>(
        'SELECT * FROM events WHERE stream_id = ? AND revision >= ? ORDER BY revision LIMIT ?',
      ),
      head: db.prepare<[], { position: number | null }>('SELECT MAX(position) AS position FROM events'),
    };
  }

  /**
   * synchronous=FULL: the event store is the system of record (and the outbox), so an acknowledged append
   * must survive not only SIGKILL of the process (WAL+NORMAL would do) but also an OS crash / power loss.
   * The price is one fsync of the WAL per group-committed batch of appends (and of whatever else shares the file).
   */
  static open(filePath: string, options: SqliteEventStoreOptions = {}): SqliteEventStore {
    return new SqliteEventStore(
      openSharedSqlite(filePath, 'FULL'),
      options.pollIntervalMs ?? DEFAULT_POLL_MS,
      options.now ?? (() => new Date()),
    );
  }

  async appendToStream(
    streamId: string,
    events: NewEvent[],
    options: { expectedRevision?: ExpectedRevision } = {},
  ): Promise<AppendResult> {
    if (events.length === 0) throw new Error(`appendToStream(${streamId}): nothing to append`);
    const expected = options.expectedRevision ?? 'any';
    const result = await this.connection.commits.run(() => this.appendRows(streamId, events, expected));
    this.wakeSubscriptions();
    return result;
  }

  /**
   * For a unit of work on the same file (sqlite-unit-of-work.ts): the group commit of the connection, and the
   * append itself, to be called only inside one of its pieces (then `wakeSubscriptions` once it resolved).
   */
  /** atomic with documents on the same connection (the same file); null otherwise */
  unitOfWorkWith(documents: DocumentStore): UnitOfWork | null {
    return documents instanceof SqliteDocumentStore && documents.database === this.db
      ? sqliteUnitOfWork(this, documents)
      : null;
  }

  get groupCommit(): GroupCommit {
    return this.connection.commits;
  }

  get database(): Database.Database {
    return this.db;
  }

  appendInPiece(streamId: string, events: NewEvent[], expected: ExpectedRevision): AppendResult {
    if (events.length === 0) throw new Error(`appendToStream(${streamId}): nothing to append`);
    return this.appendRows(streamId, events, expected);
  }

  wakeSubscriptions(): void {
    for (const subscription of this.subscriptions) subscription.wake();
  }

  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<StoredEvent[]> {
    const rows = this.stmts.readStream.all(streamId, options.fromRevision ?? 0, options.maxCount ?? -1);
    return rows.map(toStoredEvent);
  }

  subscribeToAll(options: SubscribeToAllOptions): Subscription {
    if (this.closed) throw new Error('SqliteEventStore is closed');
    const subscription = new SqliteSubscription(this.db, options, this.pollIntervalMs, () =>
      this.subscriptions.delete(subscription),
    );
    this.subscriptions.add(subscription);
    subscription.start();
    return subscription;
  }

  async headPosition(): Promise<string | undefined> {
    const { position } = this.stmts.head.get() ?? { position: null };
    return position === null ? undefined : String(position);
  }

  /** Stops every subscription (waiting for in-flight handlers), then closes the file. Idempotent. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await Promise.all([...this.subscriptions].map((s) => s.stop()));
    this.connection.release();
  }

  private appendRows(streamId: string, events: NewEvent[], expected: ExpectedRevision): AppendResult {
    const current = this.stmts.lastRevision.get(streamId)?.revision ?? undefined;
    assertExpectedRevision(streamId, expected, current);
    const recordedAt = this.now().toISOString();
    let revision = current ?? -1;
    let position = 0;
    for (const event of events) {
      revision += 1;
      try {
        const info = this.stmts.insert.run({
          id: event.id ?? uuidv7(),
          streamId,
          revision,
          type: event.type,
          data: JSON.stringify(event.data ?? null),
          metadata: JSON.stringify(event.metadata ?? {}),
          schemaVersion: event.schemaVersion ?? 1,
          recordedAt,
        });
        position = Number(info.lastInsertRowid);
      } catch (error) {
        if (isUniqueViolation(error) && error.message.includes('events.id'))
          throw new DuplicateKeyError('events', 'id');
        // (stream_id, revision) cannot collide inside BEGIN IMMEDIATE (the revision was read in the same
        // transaction, and earlier pieces of the batch are visible to it); map it anyway as a safety net
        if (isUniqueViolation(error)) throw new ConcurrencyError(streamId, expected, current ?? 'no_stream');
        throw error;
      }
    }
    return { nextExpectedRevision: revision, position: String(position) };
  }
}

function assertExpectedRevision(
  streamId: string,
  expected: ExpectedRevision,
  current: number | undefined,
): void {
  const holds =
    expected === 'any' ||
    (expected === 'no_stream' && current === undefined) ||
    (expected === 'stream_exists' && current !== undefined) ||
    (typeof expected === 'number' && current === expected);
  if (!holds) throw new ConcurrencyError(streamId, expected, current ?? 'no_stream');
}

function toStoredEvent(row: EventRow): StoredEvent {
  return {
    id: row.id,
    streamId: row.stream_id,
    type: row.type,
    data: JSON.parse(row.data) as unknown,
    metadata: JSON.parse(row.metadata) as EventMetadata,
    schemaVersion: row.schema_version,
    revision: row.revision,
    position: String(row.position),
    recordedAt: row.recorded_at,
  };
}

function parsePosition(position: string | undefined): number {
  if (position === undefined) return 0;
  if (!/^\d+$/.test(position)) throw new Error(`Not a SQLite event store position: ${position}`);
  return Number(position);
}

/**
 * Catch-up then live: reads batches after the last delivered position (handed over one event at a time, or
 * whole to a `batchHandler`); when a batch comes back short it is "live" and sleeps until an in-process append
 * wakes it or the poll interval passes. The stream-prefix
 * filter runs in SQL, so filtered-out events cost no handler calls.
 */
class SqliteSubscription extends PollingLoop implements Subscription {
  private readonly select: Database.Statement<Record<string, string | number>, EventRow>;
  private readonly prefixParams: Record<string, string | number> = {};
  private after: number;

  constructor(
    db: Database.Database,
    private readonly options: SubscribeToAllOptions,
    pollIntervalMs: number,
    onFinished: () => void,
  ) {
    super(pollIntervalMs, onFinished);
    this.after = parsePosition(options.fromPosition);
    const prefixes = options.streamPrefixes ?? [];
    const filter = prefixes.map((prefix, i) => {
      this.prefixParams[`len${i}`] = prefix.length;
      this.prefixParams[`prefix${i}`] = prefix;
      return `substr(stream_id, 1, @len${i}) = @prefix${i}`;
    });
    this.select = db.prepare(
      `SELECT * FROM events WHERE position > @after ${filter.length ? `AND (${filter.join(' OR ')})` : ''}
       ORDER BY position LIMIT ${BATCH_SIZE}`,
    );
  }

  protected async poll(): Promise<boolean> {
    const rows = this.select.all({ ...this.prefixParams, after: this.after });
    const { handler, batchHandler } = this.options;
    if (batchHandler) {
      if (rows.length && !this.stopped) {
        await batchHandler(rows.map(toStoredEvent));
        this.after = rows[rows.length - 1]!.position;
      }
    } else
      for (const row of rows) {
        if (this.stopped) return false;
        await handler(toStoredEvent(row));
        this.after = row.position;
      }
    return rows.length === BATCH_SIZE;
  }

  protected failed(error: unknown): void {
    if (this.options.onError) this.options.onError(error);
    else process.emitWarning(`event store subscription stopped: ${String(error)}`);
  }
}
