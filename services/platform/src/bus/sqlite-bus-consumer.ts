import { PollingLoop } from '../event-store/wake-signal';
import { DEFAULT_RETRY_POLICY, handleWithRetry } from './handle-with-retry';
import type { Consumer, IncomingMessage, RetryPolicy, SubscribeOptions } from './message-bus.port';

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

  /** each topic in turn */
  protected async poll(): Promise<boolean> {
    let handledFullBatch = false;
    for (const topic of this.options.topics) {
      const batch = this.bus.fetch(topic, this.committed.get(topic) ?? 0);
      for (const message of batch) {
        if (this.stopped) return false;
        if (!(await this.handle(message))) return false; // stopped during retries: leave it uncommitted
        this.committed.set(topic, Number(message.offset));
      }
      handledFullBatch ||= batch.length === this.batchSize;
    }
    return handledFullBatch;
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
    if (outcome === 'handled') this.bus.commit(groupId, message.topic, Number(message.offset));
    return outcome !== 'stopped';
  }

  /** Back-off that ends early on stop(), but not on wake() from new publishes. */
  private async sleepUnlessStopped(ms: number): Promise<void> {
    const until = Date.now() + ms;
    while (!this.stopped && Date.now() < until) await this.signal.wait(until - Date.now());
  }
}
