import type { Consumer as KafkaConsumer, IHeaders, KafkaMessage } from 'kafkajs';
import { WakeSignal } from '../event-store/wake-signal';
import { DEFAULT_RETRY_POLICY, handleWithRetry } from './handle-with-retry';
import type { Consumer, IncomingMessage, RetryPolicy, SubscribeOptions } from './message-bus.port';

function headersToStrings(headers: IHeaders | undefined): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers ?? {})) {
    if (value === undefined) continue;
    const last = Array.isArray(value) ? value.at(-1) : value;
    if (last !== undefined) result[name] = last.toString();
  }
  return result;
}

function toIncoming(topic: string, partition: number, message: KafkaMessage): IncomingMessage {
  return {
    topic,
    partition,
    offset: message.offset,
    key: message.key?.toString() ?? '',
    value: message.value === null ? null : (JSON.parse(message.value.toString()) as unknown),
    headers: headersToStrings(message.headers),
    attempt: 1,
    timestamp: new Date(Number(message.timestamp)).toISOString(),
  };
}

/** what a consumer needs of its bus: the warnings and the dead-letter topic */
export interface KafkaConsumerBus {
  warn(obj: object, msg: string): void;
  deadLetter(message: IncomingMessage, error: unknown): Promise<void>;
  uncommittedStarts(
    groupId: string,
    assigned: Record<string, number[]>,
  ): Promise<Array<{ topic: string; partition: number; offset: string }>>;
}

/**
 * One `subscribe()` of the Kafka bus (kafka-message-bus.ts): a kafkajs consumer without auto-commit, each
 * message handled with retries and committed only once done (handled or dead-lettered).
 */
export class KafkaBusConsumer implements Consumer {
  private readonly retry: RetryPolicy;
  private stopped = false;
  /** the group's start on newly assigned partitions, committed as it joins (see commitStarts) */
  private startsCommitted: Promise<void> = Promise.resolve();
  private stopping: Promise<void> | undefined;
  /** ends a retry's back-off early on stop() */
  private readonly stopSignal = new WakeSignal();

  constructor(
    private readonly bus: KafkaConsumerBus,
    private readonly consumer: KafkaConsumer,
    private readonly options: SubscribeOptions,
    private readonly onFinished: () => void,
  ) {
    this.retry = { ...DEFAULT_RETRY_POLICY, ...options.retry };
  }

  async start(): Promise<void> {
    if (this.options.fromBeginning !== false)
      this.consumer.on(this.consumer.events.GROUP_JOIN, ({ payload }) => {
        // before any message of this assignment is handled, so a start never overwrites a handled offset
        this.startsCommitted = this.commitStarts(payload.memberAssignment).catch((error: unknown) =>
          this.bus.warn({ err: error, groupId: this.options.groupId }, 'kafka: committing the start failed'),
        );
      });
    await this.consumer.connect();
    await this.consumer.subscribe({
      topics: this.options.topics,
      fromBeginning: this.options.fromBeginning !== false,
    });
    await this.consumer.run({
      autoCommit: false,
      partitionsConsumedConcurrently: 1,
      eachMessage: async ({ topic, partition, message }) => {
        // Stopped before the message was done: return WITHOUT committing (autoCommit is off, so kafkajs'
        // in-memory "resolved" offset dies with this consumer) and the group redelivers it later.
        await this.startsCommitted;
        if (this.stopped) return;
        const incoming = toIncoming(topic, partition, message);
        if (!(await this.handle(incoming))) return;
        await this.consumer.commitOffsets([
          { topic, partition, offset: (BigInt(message.offset) + 1n).toString() },
        ]);
      },
    });
  }

  /** the group's position on partitions it never committed on: their log start (kafka-message-bus.ts) */
  private async commitStarts(assigned: Record<string, number[]>): Promise<void> {
    const starts = await this.bus.uncommittedStarts(this.options.groupId, assigned);
    if (starts.length > 0 && !this.stopped) await this.consumer.commitOffsets(starts);
  }

  stop(): Promise<void> {
    this.stopping ??= (async () => {
      this.stopped = true;
      this.stopSignal.notify();
      try {
        await this.consumer.stop(); // waits for the in-flight eachMessage
        await this.consumer.disconnect();
      } finally {
        this.onFinished();
      }
    })();
    return this.stopping;
  }

  /** true when the message is done (handled or dead-lettered), false when stopped before that. */
  private async handle(message: IncomingMessage): Promise<boolean> {
    const outcome = await handleWithRetry(message, {
      handler: this.options.handler,
      retry: this.retry,
      groupId: this.options.groupId,
      warn: (obj, msg) => this.bus.warn(obj, msg),
      deadLetter: (m, error) => this.bus.deadLetter(m, error),
      sleep: (ms) => this.sleepUnlessStopped(ms),
      stopped: () => this.stopped,
    });
    return outcome !== 'stopped';
  }

  private sleepUnlessStopped(ms: number): Promise<void> {
    return this.stopped ? Promise.resolve() : this.stopSignal.wait(ms);
  }
}
