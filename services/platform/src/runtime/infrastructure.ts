import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { BlobStore } from '../blobs/blob-store.port';
import { FileBlobStore } from '../blobs/file-blob-store';
import type { MessageBus } from '../bus/message-bus.port';
import { SqliteMessageBus } from '../bus/sqlite-message-bus';
import type { PlatformConfig } from '../config/config';
import type { DocumentStore } from '../documents/document-store.port';
import { mergeDocumentsFile } from '../documents/merge-documents-file';
import { SqliteDocumentStore } from '../documents/sqlite-document-store';
import type { EventStore } from '../event-store/event-store.port';
import { SqliteEventStore } from '../event-store/sqlite-event-store';
import { EmlMailer } from '../mail/eml-mailer';
import type { Mailbox, Mailer } from '../mail/mailer.port';
import type { Logger } from '../observability/logger';
import { instrumentEventStore } from '../observability/instrumented-event-store';
import type { Metrics } from '../observability/metrics';
import type { CheckpointStore } from '../relay/checkpoint-store.port';
import { SqliteCheckpointStore } from '../relay/sqlite-checkpoint-store';
import type { Scheduler } from '../scheduler/scheduler.port';
import { SqliteScheduler } from '../scheduler/sqlite-scheduler';
import { DocumentCheckpointStore } from '../relay/document-checkpoint-store';
import type { MongoClient } from 'mongodb';

/** Everything a service talks to, as ports. Services never see the concrete classes. */
export interface Infrastructure {
  eventStore: EventStore;
  documents: DocumentStore;
  bus: MessageBus;
  blobs: BlobStore;
  mailer: Mailer;
  /** present only with the embedded `.eml` mailer (dev mailbox page) */
  mailbox?: Mailbox;
  scheduler: Scheduler;
  checkpoints: CheckpointStore;
  close(): Promise<void>;
}

/**
 * The adapter factory: the only code that picks concrete adapters, by configuration alone
 * (`*_ADAPTER` variables, validated by `loadConfig`). Called from each service's `main.ts`.
 *
 * Embedded layout under DATA_DIR:
 *   <service>/events.db (events and, when both are embedded, documents: ADR 0029)  <service>/scheduler.db  <service>/blobs/
 *   bus.db (shared by all services)   mailbox/ (shared, read by the dev mailbox page)
 *
 * Real engines: EVENT_STORE_ADAPTER=eventstoredb (EVENTSTORE_URL), BUS_ADAPTER=kafka (KAFKA_BROKERS,
 * KAFKA_PARTITIONS), DOCUMENT_STORE_ADAPTER=mongodb and/or BLOB_STORE_ADAPTER=gridfs (MONGODB_URL, one
 * database `punkto_<service>` per service, one shared client), MAILER_ADAPTER=smtp (SMTP_URL).
 *
 * Checkpoints (relay, projections) live in the document store when it is MongoDB (collection
 * `checkpoints`), next to the read models they describe; otherwise in `<service>/checkpoints.db`.
 * The scheduler follows the document store too: with MongoDB its jobs are the collection `scheduled_jobs` of the
 * service's database, claimed atomically so that among a service's replicas one runs each due job (a replica
 * that dies mid-job leaves a lease that runs out); otherwise `<service>/scheduler.db`. Jobs are at-least-once
 * in both, so handlers stay idempotent.
 *
 * The real engines' adapters (and their clients: mongodb, kafkajs, @eventstore/db-client, nodemailer) are
 * imported only when configured: the embedded mode never loads them, which spares every start of
 * `npm start` their module loading (in the one-process bundle each is a chunk of its own).
 */
export async function openInfrastructure(
  service: string,
  config: PlatformConfig,
  logger: Logger,
  /** when given, the event store's appends are timed and counted (ADR 0019) */
  metrics?: Metrics,
): Promise<Infrastructure> {
  const dataDir = resolve(config.DATA_DIR);
  const serviceDir = join(dataDir, service);
  mkdirSync(serviceDir, { recursive: true });
  const opening: Opening = { service, config, logger, dataDir, serviceDir, opened: [] };
  try {
    const eventStore = await openEventStore(opening);
    const documents = await openDocuments(opening);
    const checkpoints: CheckpointStore =
      config.DOCUMENT_STORE_ADAPTER === 'mongodb'
        ? new DocumentCheckpointStore(documents)
        : track(opening, SqliteCheckpointStore.open(join(serviceDir, 'checkpoints.db')));
    const bus = await openBus(opening);
    const blobs = await openBlobs(opening);
    const { mailer, mailbox } = await openMailer(opening);
    const scheduler = await openScheduler(opening);
    return {
      eventStore: metrics ? instrumentEventStore(eventStore, metrics) : eventStore,
      documents,
      bus,
      blobs,
      mailer,
      ...(mailbox ? { mailbox } : {}),
      scheduler,
      checkpoints,
      close: () => closeAll(opening.opened),
    };
  } catch (error) {
    await closeAll(opening.opened).catch(() => {});
    throw error;
  }
}

interface Closable {
  close(): Promise<void>;
}

/** What opening one service's adapters shares: its directories, what is open so far, one MongoDB client. */
interface Opening {
  service: string;
  config: PlatformConfig;
  logger: Logger;
  dataDir: string;
  serviceDir: string;
  /** in the order opened; closed in reverse */
  opened: Closable[];
  mongo?: MongoClient;
}

function track<T extends Closable>(opening: Opening, adapter: T): T {
  opening.opened.push(adapter);
  return adapter;
}

function required(
  config: PlatformConfig,
  name: 'EVENTSTORE_URL' | 'KAFKA_BROKERS' | 'MONGODB_URL' | 'SMTP_URL',
): string {
  const value = config[name];
  if (!value) throw new Error(`${name} is required by the selected adapters`);
  return value;
}

/** the one MongoDB client of the service's documents and blobs, connected on first use */
async function mongoClient(opening: Opening): Promise<MongoClient> {
  if (!opening.mongo) {
    const { MongoClient } = await import('mongodb');
    const client = new MongoClient(required(opening.config, 'MONGODB_URL'), {
      serverSelectionTimeoutMS: 15_000,
      appName: `punkto-${opening.service}`,
    });
    await client.connect();
    opening.mongo = client;
    track(opening, { close: () => client.close() });
  }
  return opening.mongo;
}

const mongoDatabase = (service: string) => `punkto_${service}`;

async function openEventStore(opening: Opening): Promise<EventStore> {
  const { config, serviceDir } = opening;
  return track(
    opening,
    config.EVENT_STORE_ADAPTER === 'eventstoredb'
      ? (await import('../event-store/eventstoredb-event-store')).EventStoreDbEventStore.open(
          required(config, 'EVENTSTORE_URL'),
        )
      : SqliteEventStore.open(join(serviceDir, 'events.db')),
  );
}

async function openDocuments(opening: Opening): Promise<DocumentStore> {
  const { config, serviceDir } = opening;
  // both embedded: the documents share the event store's file and connection, so a command's append, read
  // model and idempotency record are one group-committed write (ADR 0029; an older documents.db moves in once)
  let documentsFile = join(serviceDir, 'documents.db');
  if (config.EVENT_STORE_ADAPTER !== 'eventstoredb' && config.DOCUMENT_STORE_ADAPTER !== 'mongodb') {
    mergeDocumentsFile(documentsFile, join(serviceDir, 'events.db'));
    documentsFile = join(serviceDir, 'events.db');
  }
  return track(
    opening,
    config.DOCUMENT_STORE_ADAPTER === 'mongodb'
      ? await (
          await import('../documents/mongo-document-store')
        ).MongoDocumentStore.open({
          url: '',
          database: mongoDatabase(opening.service),
          client: await mongoClient(opening),
        })
      : SqliteDocumentStore.open(documentsFile),
  );
}

/** the bus's retention grace from the configuration, and a run every half of it (at most every 30 s) */
function busRetention(config: Opening['config']) {
  const seconds = config.BUS_CONSUMED_RETENTION_SECONDS;
  if (seconds === undefined) return {};
  return {
    consumedRetentionMs: seconds * 1000,
    retentionIntervalMs: Math.min(30_000, Math.max(1000, seconds * 500)),
  };
}

async function openBus(opening: Opening): Promise<MessageBus> {
  const { config, logger } = opening;
  return track(
    opening,
    config.BUS_ADAPTER === 'kafka'
      ? await (
          await import('../bus/kafka-message-bus')
        ).KafkaMessageBus.open({
          brokers: required(config, 'KAFKA_BROKERS').split(','),
          clientId: `punkto-${opening.service}`,
          partitions: config.KAFKA_PARTITIONS,
          logger: logger.child({ component: 'bus' }),
          ...busRetention(config),
        })
      : SqliteMessageBus.open(join(opening.dataDir, 'bus.db'), {
          logger: logger.child({ component: 'bus' }),
          ...busRetention(config),
        }),
  );
}

async function openBlobs(opening: Opening): Promise<BlobStore> {
  return track(
    opening,
    opening.config.BLOB_STORE_ADAPTER === 'gridfs'
      ? await (
          await import('../blobs/gridfs-blob-store')
        ).GridFsBlobStore.open({
          url: '',
          database: mongoDatabase(opening.service),
          client: await mongoClient(opening),
        })
      : await FileBlobStore.open(join(opening.serviceDir, 'blobs')),
  );
}

async function openScheduler(opening: Opening): Promise<Scheduler> {
  const logger = opening.logger.child({ component: 'scheduler' });
  return track(
    opening,
    opening.config.DOCUMENT_STORE_ADAPTER === 'mongodb'
      ? await (
          await import('../scheduler/mongo-scheduler')
        ).MongoScheduler.open({
          database: mongoDatabase(opening.service),
          client: await mongoClient(opening),
          logger,
        })
      : SqliteScheduler.open(join(opening.serviceDir, 'scheduler.db'), { logger }),
  );
}

/** SMTP, or the embedded `.eml` mailer, which is also the dev mailbox page's mailbox */
async function openMailer(opening: Opening): Promise<{ mailer: Mailer; mailbox?: Mailbox }> {
  const { config } = opening;
  if (config.MAILER_ADAPTER === 'smtp') {
    const { SmtpMailer } = await import('../mail/smtp-mailer');
    return {
      mailer: track(
        opening,
        await SmtpMailer.open({ url: required(config, 'SMTP_URL'), from: config.MAIL_FROM }),
      ),
    };
  }
  const eml = track(
    opening,
    await EmlMailer.open(join(opening.dataDir, 'mailbox'), { from: config.MAIL_FROM }),
  );
  return { mailer: eml, mailbox: eml };
}

/** Closes in reverse order of opening (dependents first); each SQLite close checkpoints its WAL. */
async function closeAll(opened: Array<{ close(): Promise<void> }>): Promise<void> {
  for (const adapter of [...opened].reverse()) await adapter.close();
}

/** `/readyz` checks: each store must answer a trivial read. */
export function readinessOf(infra: Infrastructure): Record<string, () => Promise<void>> {
  return {
    eventStore: async () => void (await infra.eventStore.headPosition()),
    documents: async () => void (await infra.documents.collection('health').count()),
  };
}
