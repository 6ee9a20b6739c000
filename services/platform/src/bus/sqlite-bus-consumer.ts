import { PollingLoop } from '../event-store/wake-signal';
import { DEFAULT_RETRY_POLICY, handleWithRetry } from './handle-with-retry';
import type { Consumer, IncomingMessage, RetryPolicy, SubscribeOptions } from './message-bus.port';

/** how long a handled message's offset may wait to be committed with the next ones */
const COMMIT_DELAY_MS = 20;

/** what a consumer needs of its bus (sqlite-message-bus.ts) */
export interface SqliteConsumerBus {
  readonly pollIntervalMs: number;
  fetch(topic: string, after: number): IncomingMessage[];
  commit(groupId: string, topic: string, offset: number): void;
  /** copies the message to `<topic>.dlq` and commits it, in one transaction */
  deadLetter(groupId: string, message: IncomingMessage, error: unknown): void;
  warn(obj: object, msg: string): void;
}

/** Polls its topics in turn; handles each message with retries, then commits (or dead-letters) it. */
export class SqliteConsumer extends PollingLoop implements Consumer {
  private readonly retry: RetryPolicy;
  /** the last handled offset per topic, not committed yet */
  private readonly uncommitted = new Map<string, number>();
  private commitTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly bus: SqliteConsumerBus,
    /** the most messages one fetch returns: a full batch is followed by the next at once */
    private readonly batchSize: number,
    private readonly options: SubscribeOptions,
    private readonly committed: Map<string, number>,
    onFinished: () => void,
  ) {
    super(bus.pollIntervalMs, onFinished);
    this.retry = { ...DEFAULT_RETRY_POLICY, ...options.retry };
  }

  /** each topic in turn; what was handled is committed at the latest when the poll ends */
  protected async poll(): Promise<boolean> {
    let handledFullBatch = false;
    try {
      for (const topic of this.options.topics) {
        const batch = this.bus.fetch(topic, this.committed.get(topic) ?? 0);
        for (const message of batch) {
          if (this.stopped) return false;
          if (!(await this.handle(message))) return false; // stopped during retries: leave it uncommitted
          this.committed.set(topic, Number(message.offset));
        }
        handledFullBatch ||= batch.length === this.batchSize;
      }
    } finally {
      this.commitHandled();
    }
    return handledFullBatch;
  }

  /**
   * A handled message's offset is committed within COMMIT_DELAY_MS, together with the next ones handled
   * meanwhile: one write to the bus file (a commit of its own, with its fsync) per batch under load instead of
   * one per message, and still promptly when the next message's handler is slow — ADR 0046's retention deletes
   * only what a group committed. At-least-once as before: a crash redelivers the few milliseconds' worth.
   */
  private handled(topic: string, offset: number): void {
    this.uncommitted.set(topic, offset);
    this.commitTimer ??= setTimeout(() => {
      try {
        this.commitHandled();
      } catch (error) {
        // e.g. the file closed meanwhile: the offsets stay where they were, and the messages come again
        this.bus.warn({ err: error, groupId: this.options.groupId }, 'message bus offset commit failed');
      }
    }, COMMIT_DELAY_MS);
  }

  private commitHandled(): void {
    clearTimeout(this.commitTimer);
    this.commitTimer = undefined;
    const offsets = [...this.uncommitted];
    this.uncommitted.clear();
    for (const [topic, offset] of offsets) this.bus.commit(this.options.groupId, topic, offset);
  }

  /** infrastructure failure (e.g. the file was closed under us): nothing sensible to retry here */
  protected failed(error: unknown): void {
    this.bus.warn({ err: error, groupId: this.options.groupId }, 'message bus consumer stopped');
  }

  /** true when the message is done (committed or dead-lettered), false when stopped before that. */
  private async handle(message: IncomingMessage): Promise<boolean> {
    const { groupId } = this.options;
    const outcome = await handleWithRetry(message, {
      handler: this.options.handler,
      retry: this.retry,
      groupId,
      warn: (obj, msg) => this.bus.warn(obj, msg),
      deadLetter: (m, error) => this.bus.deadLetter(groupId, m, error), // commits in the same transaction
      sleep: (ms) => this.sleepUnlessStopped(ms),
      stopped: () => this.stopped,
    });
    if (outcome === 'handled') this.handled(message.topic, Number(message.offset));
    else if (outcome === 'dead-lettered') this.uncommitted.delete(message.topic); // committed with its dead letter
    return outcome !== 'stopped';
  }

  /** Back-off that ends early on stop(), but not on wake() from new publishes. */
  private async sleepUnlessStopped(ms: number): Promise<void> {
    const until = Date.now() + ms;
    while (!this.stopped && Date.now() < until) await this.signal.wait(until - Date.now());
  }
}
