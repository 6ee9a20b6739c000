import type { DocumentStore } from '@punkto/platform/documents/document-store.port';
import type { Logger } from '@punkto/platform/observability/logger';
import {
  applePushes,
  type PassPusher,
  type PassScope,
  type PushFailure,
} from '../apple/web-service/pass-pushes';
import type { PassRegistrations } from '../apple/web-service/pass-registrations';
import type { GooglePasses } from '../google/google-passes';
import { passUpdateQueue, type QueueOptions } from './pass-update-queue';

/**
 * Live pass updates: what the passes consumer calls when a change shows on passes, and the queue that
 * carries it to the phones: Apple pushes and Google object updates (ADR 0012).
 */
export function passUpdates(deps: {
  documents: DocumentStore;
  registrations: PassRegistrations;
  pusher: PassPusher;
  clock: () => Date;
  logger: Logger;
  onPushFailure?: (failure: PushFailure) => Promise<void>;
  /** Google objects and classes (google-passes.ts), updated through the same queue */
  google?: Pick<GooglePasses, 'work' | 'cardChanged' | 'scopeChanged'>;
  options?: QueueOptions & { pageSize?: number };
}) {
  const apple = applePushes({
    registrations: deps.registrations,
    pusher: deps.pusher,
    clock: deps.clock,
    coalesceMs: deps.options?.coalesceMs,
    pageSize: deps.options?.pageSize,
    onFailure: deps.onPushFailure,
  });
  const queue = passUpdateQueue({
    documents: deps.documents,
    collection: 'pass_update_queue',
    work: { ...apple.work, ...deps.google?.work },
    clock: deps.clock,
    logger: deps.logger.child({ component: 'pass-updates' }),
    options: deps.options,
  });
  return {
    async cardChanged(cardId: string): Promise<void> {
      await apple.cardChanged(cardId, queue.enqueue);
      await deps.google?.cardChanged(cardId, queue.enqueue);
    },
    async scopeChanged(scope: PassScope): Promise<void> {
      await apple.scopeChanged(scope, queue.enqueue);
      await deps.google?.scopeChanged(scope, queue.enqueue);
    },
    ensureIndexes: queue.ensureIndexes,
    backlog: queue.backlog,
    start: queue.start,
    stop: queue.stop,
    idle: queue.idle,
  };
}

export type PassUpdates = ReturnType<typeof passUpdates>;
