import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { BlobStore } from '../blobs/blob-store.port';
import { FileBlobStore } from '../blobs/file-blob-store';
import type { MessageBus } from '../bus/message-bus.port';
import { SqliteMessageBus } from '../bus/sqlite-message-bus';
import type { platformEnv } from '../config/config';
import type { DocumentStore } from '../documents/document-store.port';
import { SqliteDocumentStore } from '../documents/sqlite-document-store';
import type { EventStore } from '../event-store/event-store.port';
import { SqliteEventStore } from '../event-store/sqlite-event-store';
import { EmlMailer } from '../mail/eml-mailer';
import type { Mailbox, Mailer } from '../mail/mailer.port';
import type { Logger } from '../observability/logger';
import type { CheckpointStore } from '../relay/checkpoint-store.port';
import { SqliteCheckpointStore } from '../relay/sqlite-checkpoint-store';
import type { Scheduler } from '../scheduler/scheduler.port';
import { SqliteScheduler } from '../scheduler/sqlite-scheduler';
import type { z } from 'zod';

type PlatformConfig = { [K in keyof typeof platformEnv]: z.infer<(typeof platformEnv)[K]> };

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
 * (`*_ADAPTER` variables). Called from each service's `main.ts`.
 *
 * Embedded layout under DATA_DIR:
 *   <service>/events.db  <service>/documents.db  <service>/scheduler.db  <service>/blobs/
 *   bus.db (shared by all services)   mailbox/ (shared, read by the dev mailbox page)
 */
export async function openInfrastructure(
  service: string,
  config: PlatformConfig,
  logger: Logger,
): Promise<Infrastructure> {
  const dataDir = resolve(config.DATA_DIR);
  const serviceDir = join(dataDir, service);
  mkdirSync(serviceDir, { recursive: true });

  const eventStore = SqliteEventStore.open(join(serviceDir, 'events.db'));
  const documents = SqliteDocumentStore.open(join(serviceDir, 'documents.db'));
  const checkpoints = SqliteCheckpointStore.open(join(serviceDir, 'checkpoints.db'));
  const bus = SqliteMessageBus.open(join(dataDir, 'bus.db'), { logger: logger.child({ component: 'bus' }) });
  const blobs = await FileBlobStore.open(join(serviceDir, 'blobs'));
  const mailer = await EmlMailer.open(join(dataDir, 'mailbox'), { from: config.MAIL_FROM });
  const scheduler = SqliteScheduler.open(join(serviceDir, 'scheduler.db'), {
    logger: logger.child({ component: 'scheduler' }),
  });

  return {
    eventStore,
    documents,
    bus,
    blobs,
    mailer,
    mailbox: mailer,
    scheduler,
    checkpoints,
    async close() {
      // reverse order of dependence; each close flushes and checkpoints its SQLite WAL
      await scheduler.close();
      await bus.close();
      await mailer.close();
      await blobs.close();
      await checkpoints.close();
      await documents.close();
      await eventStore.close();
    },
  };
}

/** `/readyz` checks: each store must answer a trivial read. */
export function readinessOf(infra: Infrastructure): Record<string, () => Promise<void>> {
  return {
    eventStore: async () => void (await infra.eventStore.headPosition()),
    documents: async () => void (await infra.documents.collection('health').count()),
  };
}
