import { reportError } from '../observability/error-reporting';
import type { IncomingMessage, RetryPolicy } from './message-bus.port';

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxAttempts: 5,
  initialBackoffMs: 100,
  maxBackoffMs: 5000,
};

export interface RetryDeps {
  handler: (message: IncomingMessage) => Promise<void>;
  retry: RetryPolicy;
  groupId: string;
  warn: (obj: object, msg: string) => void;
  /** publish to `<topic>.dlq` (the SQLite bus also commits in the same transaction) */
  deadLetter: (message: IncomingMessage, error: unknown) => Promise<void> | void;
  /** back-off that ends early when the consumer stops */
  sleep: (ms: number) => Promise<void>;
  stopped: () => boolean;
}

/**
 * The consumer-side delivery rule shared by every bus adapter: run the handler, retry a failure with
 * exponential back-off (attempt number on the message), dead-letter after `maxAttempts`.
 * `handled` and `dead-lettered` mean the offset may move on; `stopped` means leave it for redelivery.
 */
export async function handleWithRetry(
  message: IncomingMessage,
  deps: RetryDeps,
): Promise<'handled' | 'dead-lettered' | 'stopped'> {
  for (let attempt = 1; ; attempt++) {
    try {
      await deps.handler({ ...message, attempt });
      return 'handled';
    } catch (error) {
      const context = {
        err: error,
        groupId: deps.groupId,
        topic: message.topic,
        partition: message.partition,
        offset: message.offset,
        key: message.key,
        attempt,
      };
      if (attempt >= deps.retry.maxAttempts) {
        deps.warn(context, 'message handler failed for the last time; dead-lettering');
        reportError(error, { consumerGroup: deps.groupId, topic: message.topic });
        await deps.deadLetter(message, error);
        return 'dead-lettered';
      }
      deps.warn(context, 'message handler failed; retrying');
      await deps.sleep(Math.min(deps.retry.initialBackoffMs * 2 ** (attempt - 1), deps.retry.maxBackoffMs));
      if (deps.stopped()) return 'stopped';
    }
  }
}
