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
import { passUpdateQueue, type HandledOutcome, type QueueOptions } from './pass-update-queue';

/** Queue entries that update one pass on one phone or Google object (the others expand a company-wide change). */
const PUSH_KINDS: Record<string, 'apple' | 'google'> = { 'apple-device': 'apple', 'google-object': 'google' };

/** How a push is named on /metrics: sent, retried (failed, another attempt later), failed (given up). */
const PUSH_OUTCOMES: Record<HandledOutcome, string | undefined> = {
  done: 'sent',
  retry: 'retried',
  gave_up: 'failed',
  continue: undefined,
};

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
  /** counts every push by platform and outcome (the process's `punkto_pass_pushes_total`) */
  onPush?: (platform: 'apple' | 'google', outcome: string) => void;
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
    onHandled: (kind, handled) => {
      const platform = PUSH_KINDS[kind];
      const outcome = PUSH_OUTCOMES[handled];
      if (platform && outcome) deps.onPush?.(platform, outcome);
    },
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
