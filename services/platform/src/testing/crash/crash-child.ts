/**
 * Child process of the crash test (crash-test.ts). Run as
 *   node --import tsx crash-child.ts <dataDir> work|drain
 *
 * It is a miniature service: an event store, a relay to the bus (checkpoint in the store's file) and a
 * consumer that dedupes by event id in the SAME SQLite transaction as its effect.
 * - `work`: appends forever and prints `ACK <stream> <revision> <eventId>` right after each append
 *   resolves (stdout writes to a pipe are synchronous on Linux, so a printed line was acknowledged).
 *   The parent SIGKILLs it at a random moment.
 * - `drain`: appends nothing; waits until the relay and the consumer have caught up, then exits 0.
 */
import type Database from 'better-sqlite3';
import { v7 as uuidv7 } from 'uuid';
import type { EventEnvelope } from '@punkto/contracts/events';
import { SqliteMessageBus } from '../../bus/sqlite-message-bus';
import { openSqliteDatabase } from '../../event-store/sqlite-database';
import { SqliteEventStore } from '../../event-store/sqlite-event-store';
import { startEventRelay } from '../../relay/event-relay';
import { SqliteCheckpointStore } from '../../relay/sqlite-checkpoint-store';
import { CRASH_GROUP, CRASH_STREAMS, CRASH_TOPIC, crashFiles } from './crash-scenario';

const stderrLogger = {
  info: () => {},
  warn: (obj: object, msg: string) => process.stderr.write(`WARN ${msg} ${JSON.stringify(obj)}\n`),
  error: (obj: object, msg: string) => process.stderr.write(`ERROR ${msg} ${JSON.stringify(obj)}\n`),
};

/** The consumer's own database: the dedupe row and the effect commit together or not at all. */
function openConsumerDb(path: string) {
  // NORMAL: the scenario is process death (SIGKILL), which WAL+NORMAL survives.
  const db = openSqliteDatabase(path, 'NORMAL');
  db.exec(`
    CREATE TABLE IF NOT EXISTS processed (event_id TEXT PRIMARY KEY);
    CREATE TABLE IF NOT EXISTS effects (seq INTEGER PRIMARY KEY AUTOINCREMENT, event_id TEXT NOT NULL, aggregate_id TEXT NOT NULL, n INTEGER NOT NULL);
    CREATE TABLE IF NOT EXISTS deliveries (event_id TEXT NOT NULL);`);
  const markProcessed = db.prepare<[string]>('INSERT OR IGNORE INTO processed (event_id) VALUES (?)');
  const recordEffect = db.prepare<[string, string, number]>(
    'INSERT INTO effects (event_id, aggregate_id, n) VALUES (?, ?, ?)',
  );
  const recordDelivery = db.prepare<[string]>('INSERT INTO deliveries (event_id) VALUES (?)');
  const apply = db.transaction((envelope: EventEnvelope<{ n: number }>) => {
    recordDelivery.run(envelope.id);
    if (markProcessed.run(envelope.id).changes === 1)
      recordEffect.run(envelope.id, envelope.aggregateId, envelope.data.n);
  });
  return { db, apply };
}

async function main(): Promise<void> {
  const [dir, mode] = process.argv.slice(2);
  if (!dir || (mode !== 'work' && mode !== 'drain'))
    throw new Error('usage: crash-child.ts <dataDir> work|drain');
  const files = crashFiles(dir);

  const store = SqliteEventStore.open(files.events, { pollIntervalMs: 10 });
  // retention off: the test reads the bus afterwards as the record of what was published
  const bus = SqliteMessageBus.open(files.bus, {
    pollIntervalMs: 10,
    logger: stderrLogger,
    retentionIntervalMs: 0,
  });
  const checkpoints = SqliteCheckpointStore.open(files.events);
  const consumer = openConsumerDb(files.consumer);

  // every batch the relay publishes (one bus transaction) is announced first, so the parent sees that the
  // kills land between a batch's publish and its checkpoint, with several events in it
  const announcingBus: typeof bus = Object.assign(Object.create(bus) as typeof bus, {
    publishBatch: (batch: Parameters<typeof bus.publishBatch>[0]) => {
      process.stdout.write(`BATCH ${batch.reduce((n, b) => n + b.messages.length, 0)}\n`);
      return bus.publishBatch(batch);
    },
  });
  const relay = startEventRelay({
    eventStore: store,
    bus: announcingBus,
    checkpoints,
    routes: [{ streamPrefix: 'item-', topic: CRASH_TOPIC }],
    logger: stderrLogger,
    name: 'crash-relay',
    retryBackoffMs: 50,
  });
  await bus.subscribe({
    groupId: CRASH_GROUP,
    topics: [CRASH_TOPIC],
    handler: async (message) => consumer.apply(message.value as EventEnvelope<{ n: number }>),
  });
  process.stdout.write('READY\n');

  if (mode === 'work') await appendForever(store);
  else {
    await waitUntilDrained(files.events, consumer.db);
    await relay.stop();
    await bus.close();
    await store.close();
    await checkpoints.close();
    consumer.db.close();
    process.stdout.write('DRAINED\n');
  }
}

async function appendForever(store: SqliteEventStore): Promise<never> {
  const last = new Map<string, number>();
  for (const stream of CRASH_STREAMS) {
    const events = await store.readStream(stream);
    if (events.length > 0) last.set(stream, events.length - 1);
  }
  const appendTo = async (stream: string) => {
    const current = last.get(stream);
    const first = (current ?? -1) + 1;
    const batch = Array.from({ length: 1 + Math.floor(Math.random() * 3) }, (_, i) => ({
      id: uuidv7(),
      type: 'ItemCounted',
      data: { n: first + i },
      metadata: { tenantId: 'crash-tenant' },
    }));
    const result = await store.appendToStream(stream, batch, { expectedRevision: current ?? 'no_stream' });
    last.set(stream, result.nextExpectedRevision);
    process.stdout.write(batch.map((e, i) => `ACK ${stream} ${first + i} ${e.id}\n`).join(''));
  };
  for (;;) {
    // 1–3 streams at once: their appends share a group commit, so the relay reads them as one batch
    const streams = [...CRASH_STREAMS]
      .sort(() => Math.random() - 0.5)
      .slice(0, 1 + Math.floor(Math.random() * 3));
    await Promise.all(streams.map(appendTo));
    await new Promise((resolve) => setImmediate(resolve)); // let the relay and the consumer run too
  }
}

/** Caught up = every event was handled by the consumer (which implies the relay forwarded it). */
async function waitUntilDrained(eventsFile: string, consumerDb: Database.Database): Promise<void> {
  const events = openSqliteDatabase(eventsFile, 'NORMAL');
  const total = events.prepare<[], { n: number }>(
    "SELECT COUNT(*) AS n FROM events WHERE stream_id LIKE 'item-%'",
  );
  const processed = consumerDb.prepare<[], { n: number }>('SELECT COUNT(*) AS n FROM processed');
  const deadline = Date.now() + 30_000;
  while (processed.get()?.n !== total.get()?.n) {
    if (Date.now() > deadline)
      throw new Error(`not drained: ${processed.get()?.n} of ${total.get()?.n} events processed`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  events.close();
}

if (process.argv[1]?.endsWith('crash-child.ts')) {
  main().catch((error: unknown) => {
    process.stderr.write(`crash-child failed: ${error instanceof Error ? error.stack : String(error)}\n`);
    process.exit(1);
  });
}
