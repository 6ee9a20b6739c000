import type Database from 'better-sqlite3';
import { realpathSync } from 'node:fs';
import { resolve } from 'node:path';
import { deadLetterTopic } from '@punkto/contracts/topics';
import { openSqliteDatabase, setUp } from '../event-store/sqlite-database';
import type {
  Consumer,
  ConsumerLag,
  IncomingMessage,
  MessageBus,
  OutgoingMessage,
  SubscribeOptions,
  TopicMessages,
} from './message-bus.port';
import { busRetention } from './sqlite-bus-retention';
import { SqliteConsumer } from './sqlite-bus-consumer';

/**
 * Embedded message bus: a topic log in one SQLite file shared by every service process of the machine.
 *
 * - One logical partition (0) per topic. Offsets are the table's AUTOINCREMENT sequence: increasing per
 *   topic, not contiguous. Order per key holds because order per topic holds (a single writer appends,
 *   readers read in offset order).
 * - Consumer-group offsets (`group_offsets`) hold the LAST handled offset per (group, topic) and are
 *   committed only after the handler resolves: at-least-once, a crash mid-handler means redelivery.
 * - Failed messages are retried in place with exponential back-off, then copied to `<topic>.dlq` and
 *   committed in ONE transaction, so a dead letter is never lost nor duplicated by a crash in between.
 * - Retention (ADR 0046): the bus is transport, not a record, and it carries personal data plain (ADR 0006). A
 *   message every group subscribed to its topic has handled is deleted `consumedRetentionMs` after it was
 *   published (default 10 s: a group that subscribes later still finds what it missed meanwhile); any message
 *   goes after `maxRetentionMs` (7 days, Kafka's retention here), a dead letter after `deadLetterRetentionMs`
 *   (30 days). So a person's data leaves the bus within seconds of being handled, not never.
 * - Limitation: no partition assignment. A group must have ONE active consumer per topic (like Kafka with a
 *   single partition, where extra members sit idle) — two live consumers of one group would both deliver.
 */

const SCHEMA = `
CREATE TABLE IF NOT EXISTS messages (
  "offset"  INTEGER PRIMARY KEY AUTOINCREMENT,
  topic     TEXT NOT NULL,
  key       TEXT NOT NULL,
  value     TEXT NOT NULL,
  headers   TEXT NOT NULL,
  timestamp TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS messages_by_topic ON messages (topic, "offset");
CREATE TABLE IF NOT EXISTS group_offsets (
  group_id TEXT    NOT NULL,
  topic    TEXT    NOT NULL,
  "offset" INTEGER NOT NULL,
  PRIMARY KEY (group_id, topic)
);`;

const BATCH_SIZE = 200;
const MAX_ERROR_HEADER_LENGTH = 500;

interface MessageRow {
  offset: number;
  topic: string;
  key: string;
  value: string;
  headers: string;
  timestamp: string;
}

export interface SqliteMessageBusOptions {
  /** how often consumers look for messages published by other processes; default 50 ms */
  pollIntervalMs?: number;
  now?: () => Date;
  logger?: { warn(obj: object, msg: string): void };
  /** how long a message every group handled stays; default 10 s */
  consumedRetentionMs?: number;
  /** how long any message stays (a group that stopped reading must not keep it forever); default 7 days */
  maxRetentionMs?: number;
  /** how long a dead letter stays for the operator; default 30 days */
  deadLetterRetentionMs?: number;
  /** how often retention runs; default 5 s (0: never, the tests call `applyRetention`) */
  retentionIntervalMs?: number;
}

const DAY_MS = 86_400_000;

type Statements = ReturnType<typeof prepareStatements>;

/**
 * Every open bus of this process, by the real path of its file. Services hosted in one process (ADR 0028)
 * each open their own connection to the shared `bus.db`; a publish through any of them wakes the consumers
 * of all of them at once, so delivery between modules of one process needs no poll. Other processes sharing
 * the file still find new messages by polling, and so does everyone after a missed wake-up (crash safety).
 */
let memoryBuses = 0;
const openBuses = new Map<string, Set<SqliteMessageBus>>();

function fileKey(filePath: string): string {
  try {
    return realpathSync(filePath);
  } catch {
    return resolve(filePath); // ':memory:' or a file not there yet: only the same spelling shares wake-ups
  }
}

function prepareStatements(db: Database.Database) {
  return {
    insert: db.prepare<{ topic: string; key: string; value: string; headers: string; timestamp: string }>(
      'INSERT INTO messages (topic, key, value, headers, timestamp) VALUES (@topic, @key, @value, @headers, @timestamp)',
    ),
    fetch: db.prepare<[string, number], MessageRow>(
      `SELECT * FROM messages WHERE topic = ? AND "offset" > ? ORDER BY "offset" LIMIT ${BATCH_SIZE}`,
    ),
    topicHead: db.prepare<[string], { offset: number | null }>(
      'SELECT MAX("offset") AS "offset" FROM messages WHERE topic = ?',
    ),
    committed: db.prepare<[string, string], { offset: number }>(
      'SELECT "offset" FROM group_offsets WHERE group_id = ? AND topic = ?',
    ),
    initOffset: db.prepare<[string, string, number]>(
      'INSERT OR IGNORE INTO group_offsets (group_id, topic, "offset") VALUES (?, ?, ?)',
    ),
    pending: db.prepare<[string, string, string], { pending: number }>(
      `SELECT COUNT(*) AS pending FROM messages WHERE topic = ? AND "offset" >
         COALESCE((SELECT "offset" FROM group_offsets WHERE group_id = ? AND topic = ?), 0)`,
    ),
    commit: db.prepare<[string, string, number]>(
      `INSERT INTO group_offsets (group_id, topic, "offset") VALUES (?, ?, ?)
       ON CONFLICT (group_id, topic) DO UPDATE SET "offset" = excluded."offset"`,
    ),
  };
}

export class SqliteMessageBus implements MessageBus {
  readonly system = 'sqlite';
  private readonly stmts: Statements;
  private readonly consumers = new Set<SqliteConsumer>();
  private closed = false;
  private readonly retentionTimer: NodeJS.Timeout | null;
  private readonly retention: ReturnType<typeof busRetention>;

  private constructor(
    private readonly fileKey: string,
    private readonly db: Database.Database,
    private readonly options: Required<Omit<SqliteMessageBusOptions, 'logger'>> &
      Pick<SqliteMessageBusOptions, 'logger'>,
  ) {
    setUp(db, SCHEMA);
    this.stmts = prepareStatements(db);
    this.retention = busRetention(db, options);
    let peers = openBuses.get(fileKey);
    if (!peers) openBuses.set(fileKey, (peers = new Set()));
    peers.add(this);
    const every = options.retentionIntervalMs;
    this.retentionTimer = every > 0 ? setInterval(() => this.retentionTick(), every).unref() : null;
  }

  private retentionTick(): void {
    // the services of one process each open the file: the first of them prunes it for all
    if (openBuses.get(this.fileKey)?.values().next().value !== this) return;
    try {
      this.retainUntil(this.options.now());
    } catch (error) {
      // SQLITE_BUSY under another process's write: the next tick tries again
      this.warn({ err: error }, 'bus retention failed; retrying at the next tick');
    }
  }

  /**
   * Deletes what retention no longer keeps (see above); returns how many messages went. In a process, the
   * first open bus of a file runs it on its timer; other processes sharing the file run their own (the deletes
   * are idempotent).
   */
  async applyRetention(at?: Date): Promise<number> {
    return this.retainUntil(at ?? this.options.now());
  }

  private retainUntil(at: Date): number {
    return this.closed ? 0 : this.retention.prune(at);
  }

  /**
   * synchronous=FULL: a published message may be the only copy of a fact once the publisher has moved its
   * checkpoint past it, so "durable once resolved" must hold across an OS crash too, not only SIGKILL.
   */
  static open(filePath: string, options: SqliteMessageBusOptions = {}): SqliteMessageBus {
    const db = openSqliteDatabase(filePath, 'FULL');
    return new SqliteMessageBus(
      filePath === ':memory:' ? `:memory:${++memoryBuses}` : fileKey(filePath),
      db,
      {
        pollIntervalMs: options.pollIntervalMs ?? 50,
        now: options.now ?? (() => new Date()),
        logger: options.logger,
        consumedRetentionMs: options.consumedRetentionMs ?? 10_000,
        maxRetentionMs: options.maxRetentionMs ?? 7 * DAY_MS,
        deadLetterRetentionMs: options.deadLetterRetentionMs ?? 30 * DAY_MS,
        retentionIntervalMs: options.retentionIntervalMs ?? 5_000,
      },
    );
  }

  async publish(topic: string, messages: OutgoingMessage[]): Promise<void> {
    this.db.transaction(() => this.insertMessages(topic, messages)).immediate();
    this.wakeConsumers();
  }

  /** One transaction, so one fsync (synchronous=FULL) for the whole batch; all or nothing. */
  async publishBatch(batch: TopicMessages[]): Promise<void> {
    if (batch.every((b) => b.messages.length === 0)) return;
    this.db
      .transaction(() => {
        for (const { topic, messages } of batch) this.insertMessages(topic, messages);
      })
      .immediate();
    this.wakeConsumers();
  }

  /** After a commit: this bus's consumers and those of every other bus of this process on the same file. */
  private wakeConsumers(): void {
    for (const bus of openBuses.get(this.fileKey) ?? [this])
      for (const consumer of bus.consumers) consumer.wake();
  }

  async subscribe(options: SubscribeOptions): Promise<Consumer> {
    if (this.closed) throw new Error('SqliteMessageBus is closed');
    const { groupId, topics } = options;
    // A new group's start point is committed right away, so 'latest' means "from subscribe()" even if the
    // process dies before the first message is handled. A set-up write (no fsync of its own): the next
    // publish to this file fsyncs it with the message, so no message after it can outlive it.
    setUp(this.db, () => {
      for (const topic of topics) {
        const start = options.fromBeginning === false ? (this.stmts.topicHead.get(topic)?.offset ?? 0) : 0;
        this.stmts.initOffset.run(groupId, topic, start);
      }
    });
    const committed = new Map(topics.map((t) => [t, this.stmts.committed.get(groupId, t)?.offset ?? 0]));
    const consumer = new SqliteConsumer(this, BATCH_SIZE, options, committed, () =>
      this.consumers.delete(consumer),
    );
    this.consumers.add(consumer);
    consumer.start();
    return consumer;
  }

  /** Offsets are not contiguous, so the lag is a count of the topic's messages after the committed one. */
  async consumerLag(groupId: string, topics: string[]): Promise<ConsumerLag[]> {
    if (this.closed) throw new Error('SqliteMessageBus is closed');
    return topics.map((topic) => ({
      topic,
      partition: 0,
      lag: this.stmts.pending.get(topic, groupId, topic)?.pending ?? 0,
    }));
  }

  /** Stops every consumer (waiting for in-flight handlers), then closes the file. Idempotent. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    if (this.retentionTimer) clearInterval(this.retentionTimer);
    const peers = openBuses.get(this.fileKey);
    peers?.delete(this);
    if (peers?.size === 0) openBuses.delete(this.fileKey);
    await Promise.all([...this.consumers].map((c) => c.stop()));
    this.db.close();
  }

  // ---- used by SqliteConsumer ----

  get pollIntervalMs(): number {
    return this.options.pollIntervalMs;
  }

  warn(obj: object, msg: string): void {
    this.options.logger?.warn(obj, msg);
  }

  fetch(topic: string, after: number): IncomingMessage[] {
    return this.stmts.fetch.all(topic, after).map(toIncoming);
  }

  commit(groupId: string, topic: string, offset: number): void {
    this.stmts.commit.run(groupId, topic, offset);
  }

  /** Publishes the dead letter and commits the failed offset atomically. */
  deadLetter(groupId: string, message: IncomingMessage, error: unknown): void {
    const reason = (error instanceof Error ? error.message : String(error)).slice(0, MAX_ERROR_HEADER_LENGTH);
    const headers = {
      ...message.headers,
      'x-original-topic': message.topic,
      'x-original-partition': String(message.partition),
      'x-original-offset': message.offset,
      'x-error': reason,
    };
    this.db
      .transaction(() => {
        this.insertMessages(deadLetterTopic(message.topic), [
          { key: message.key, value: message.value, headers },
        ]);
        this.commit(groupId, message.topic, Number(message.offset));
      })
      .immediate();
    this.wakeConsumers();
  }

  private insertMessages(topic: string, messages: OutgoingMessage[]): void {
    const timestamp = this.options.now().toISOString();
    for (const m of messages) {
      this.stmts.insert.run({
        topic,
        key: m.key,
        value: JSON.stringify(m.value ?? null),
        headers: JSON.stringify(m.headers ?? {}),
        timestamp,
      });
    }
  }
}

function toIncoming(row: MessageRow): IncomingMessage {
  return {
    topic: row.topic,
    partition: 0,
    offset: String(row.offset),
    key: row.key,
    value: JSON.parse(row.value) as unknown,
    headers: JSON.parse(row.headers) as Record<string, string>,
    attempt: 1,
    timestamp: row.timestamp,
  };
}
